import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { type z } from 'zod';
import type { Region } from '../../../src-preload/contract/partner-api';
import { createRandom } from '../data/random';
import type { DemoRuntime } from '../runtime';
import { ApiProblem, problemBody, problemTitles } from './api-problem';
import { authenticate } from './authenticate';
import {
  applyFaultAfterHandler,
  applyFaultBeforeHandler,
  applyRequestFaults,
  delayBeforeApplying,
  sendForeignAnswer,
  destroyConnection,
  shouldTruncate,
  type InjectedFault,
} from './faults';
import { retryAfterHeader } from './retry-after';
import { FileResult, type AnyRoute } from './route-spec';

const regionPrefixes: readonly (readonly [string, Region | null])[] = [
  ['', null],
  ['/anz', 'ANZ'],
  ['/uk', 'UK'],
  ['/za', 'ZA'],
];
const API_PATH = /^\/(?:(anz|uk|za)\/)?api\/v1\//;

declare module 'fastify' {
  interface FastifyRequest {
    demo: {
      operationId: string | null;
      practiceKey: string | null;
      clientId: string | null;
      fault: InjectedFault | null;
    };
  }
}

function describeZodError(error: z.ZodError, where: string): string {
  return error.issues
    .slice(0, 8)
    .map((issue) => {
      const path = issue.path.join('.');
      return `${where}${path ? `.${path}` : ''}: ${issue.message}`;
    })
    .join('; ');
}

function parseOrThrow<T>(schema: z.ZodType<T> | undefined, value: unknown, where: string): T {
  if (!schema) return value as T;
  const result = schema.safeParse(value ?? (where === 'body' ? undefined : {}));
  if (!result.success)
    throw new ApiProblem(400, 'One or more validation errors occurred.', describeZodError(result.error, where));
  return result.data;
}

function sendProblem(request: FastifyRequest, reply: FastifyReply, problem: ApiProblem): FastifyReply {
  for (const [name, value] of Object.entries(problem.headers)) reply.header(name, value);
  return reply
    .code(problem.status)
    .header('content-type', 'application/problem+json; charset=utf-8')
    .send(
      JSON.stringify(
        problemBody(problem.status, problem.title, problem.message, request.url.split('?')[0] ?? '', problem.extra),
      ),
    );
}

/** Writes part of a body then drops the connection, as a flaky proxy would. */
function sendTruncated(reply: FastifyReply, status: number, contentType: string, bytes: Buffer): void {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(status, { 'Content-Type': contentType, 'Content-Length': String(bytes.length) });
  raw.write(bytes.subarray(0, Math.max(1, Math.floor(bytes.length / 2))), () => raw.socket?.destroy());
}

export async function buildDemoServer(
  runtime: DemoRuntime,
  routes: readonly AnyRoute[],
  extra: (app: FastifyInstance) => void,
) {
  const app = Fastify({
    logger: false,
    bodyLimit: 1024 * 1024,
    return503OnClosing: false,
    forceCloseConnections: true,
  });
  const faultRandom = createRandom(runtime.options.seed).fork('faults');

  app.decorateRequest('demo', null as unknown as FastifyRequest['demo']);

  // Contract: bodies accepted as application/json, text/json or application/*+json.
  const parseJsonText = (
    _request: FastifyRequest,
    body: string | Buffer,
    done: (error: Error | null, value?: unknown) => void,
  ): void => {
    try {
      done(null, JSON.parse(body.toString()));
    } catch {
      done(
        new ApiProblem(400, 'One or more validation errors occurred.', 'The request body is not valid JSON.'),
        undefined,
      );
    }
  };
  // Fastify also parses text/plain by default; the contract does not accept it (415).
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/json', { parseAs: 'string' }, parseJsonText);
  app.addContentTypeParser(/^application\/[\w.-]+\+json$/, { parseAs: 'string' }, parseJsonText);

  app.addHook('onRequest', async (request, reply) => {
    request.demo = { operationId: null, practiceKey: null, clientId: null, fault: null };
    // The Date header comes from the demo's clock, so virtual-time runs see virtual server time.
    reply.raw.sendDate = false;
    reply.header('Date', runtime.clock.now().toUTCString());
    if (!API_PATH.test(request.url)) return;
    request.demo.fault = runtime.faultQueue.take(request.method, request.url.split('?')[0] ?? '');
    if (await applyFaultBeforeHandler(request, reply, request.demo.fault)) return;
    await applyRequestFaults(request, reply, runtime, faultRandom);
  });

  app.addHook('onResponse', async (request, reply) => {
    if (!API_PATH.test(request.url)) return;
    runtime.requestLog.push({
      at: runtime.clock.now().toISOString(),
      practiceKey: request.demo.practiceKey,
      clientId: request.demo.clientId,
      method: request.method,
      url: request.url,
      operationId: request.demo.operationId,
      status: reply.statusCode,
    });
  });

  app.setErrorHandler((caught: unknown, request, reply) => {
    if (caught instanceof ApiProblem) return sendProblem(request, reply, caught);
    const error = caught instanceof Error ? caught : new Error(String(caught));
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    const code = (error as { code?: string }).code ?? '';
    if (status >= 500) console.error('[demo-practice] internal error', error);
    const message =
      code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
        ? 'Send the body as application/json, text/json or application/*+json.'
        : code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'The request body is empty.'
          : status >= 500
            ? 'The demo practice failed to answer.'
            : error.message;
    return sendProblem(request, reply, new ApiProblem(status, problemTitles[status] ?? 'Error', message));
  });

  app.setNotFoundHandler((request, reply) =>
    sendProblem(
      request,
      reply,
      new ApiProblem(404, 'Not Found', `No route ${request.method} ${request.url.split('?')[0]}.`),
    ),
  );

  for (const [prefix, hostRegion] of regionPrefixes) {
    for (const route of routes) {
      app.route({
        method: route.method,
        url: `${prefix}/api/v1${route.path}`,
        handler: async (request, reply) => {
          request.demo.operationId = route.operationId;
          const caller = authenticate(runtime.practices, request.headers, hostRegion);
          request.demo.practiceKey = caller.practice.profile.practiceKey;
          request.demo.clientId = caller.clientId;

          if (runtime.options.rateLimit.enabled) {
            const decision = runtime.rateLimiter.take(caller.clientId);
            reply.header('X-RateLimit-Limit', String(decision.limit));
            reply.header('X-RateLimit-Remaining', String(decision.remaining));
            reply.header('X-RateLimit-Reset', String(Math.ceil(decision.resetAt.getTime() / 1000)));
            if (!decision.allowed) {
              const seconds = Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
              throw new ApiProblem(
                429,
                'Too Many Requests',
                `Rate limit exceeded. Retry after ${seconds} seconds.`,
                { retryAfterSeconds: seconds },
                {
                  'Retry-After': retryAfterHeader(runtime.options, runtime.clock.now().getTime(), seconds),
                },
              );
            }
          }
          if (route.access === 'write' && !caller.canWrite) {
            throw new ApiProblem(403, 'Forbidden', 'These credentials are read-only; this route needs write access.');
          }

          await delayBeforeApplying(request.demo.fault);
          const result = await route.handler({
            practice: caller.practice,
            canWrite: caller.canWrite,
            clientId: caller.clientId,
            params: parseOrThrow(route.params, request.params, 'path'),
            query: parseOrThrow(route.query, request.query, 'query'),
            body: parseOrThrow(route.body, request.body, 'body'),
            now: runtime.clock.now(),
            runtime,
          });
          const finish = await applyFaultAfterHandler(request.demo.fault);
          if (finish === 'reset') {
            destroyConnection(request, reply);
            return undefined;
          }
          if (finish === 'foreign') return sendForeignAnswer(reply, request.demo.fault!.status);
          return send(reply, route, result, finish === 'truncate');
        },
      });
    }
  }

  function send(reply: FastifyReply, route: AnyRoute, result: unknown, truncate = false): FastifyReply | undefined {
    const status = route.response.status;
    let contentType: string;
    let bytes: Buffer;
    if (result instanceof FileResult) {
      contentType = result.contentType;
      bytes = Buffer.from(result.bytes);
      reply.header('Content-Disposition', `attachment; filename="${result.fileName}"`);
    } else if ('empty' in route.response) {
      return reply.code(status).send();
    } else {
      const value =
        'schema' in route.response && runtime.options.validateResponses ? route.response.schema.parse(result) : result;
      contentType = 'application/json; charset=utf-8';
      bytes = Buffer.from(JSON.stringify(value), 'utf8');
    }
    if (truncate || shouldTruncate(runtime, faultRandom)) {
      sendTruncated(reply, status, contentType, bytes);
      return undefined;
    }
    return reply.code(status).header('content-type', contentType).send(bytes);
  }

  extra(app);
  return app;
}
