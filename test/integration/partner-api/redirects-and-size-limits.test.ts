import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MAX_DOCUMENT_BYTES } from '../../../src-main/documents/pdf-bytes';
import { outcomeOf } from '../../../src-main/outbox/outbox-executor';
import {
  describeApiError,
  RedirectRefusedError,
  ResponseTooLargeError,
} from '../../../src-main/partner-api/api-errors';
import { createPartnerApiClient } from '../../../src-main/partner-api/partner-api-client';
import { MAX_FILE_BYTES, MAX_JSON_BYTES } from '../../../src-main/partner-api/read-capped-body';
import { failureWords } from '../../../src-preload/contract/failure-words';

/**
 * The client talks only to the address it was given, and reads no more of an answer than its kind
 * allows. Two servers on 127.0.0.1 (different ports, so different origins): the first redirects to the
 * second, which must never see a request; a third streams answers larger than the limit.
 */

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    req.resume();
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      // The endless and the half-sent answers keep their connections open otherwise.
      server.closeAllConnections();
    });
  return { origin, seen, close };
}

const SECRET = 'client-secret-that-must-stay-home';
const noWait = async () => undefined;

let elsewhere: Awaited<ReturnType<typeof listen>>;
let redirecting: Awaited<ReturnType<typeof listen>>;
beforeAll(async () => {
  elsewhere = await listen((_req, res) =>
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"stolen":true}'),
  );
  // /302/… and /307/… answer with that status, pointing at the other server.
  redirecting = await listen((req, res) => {
    const status = Number(/\/(30\d)\//.exec(req.url ?? '')?.[1] ?? 302);
    res.writeHead(status, { location: `${elsewhere.origin}/api/v1/caught` }).end();
  });
});
afterAll(async () => {
  await redirecting.close();
  await elsewhere.close();
});

const clientFor = (baseUrl: string, extra: Partial<Parameters<typeof createPartnerApiClient>[0]> = {}) =>
  createPartnerApiClient({
    baseUrl,
    credentials: () => ({ clientId: 'client-id', secret: SECRET }),
    fetch,
    sleep: noWait,
    ...extra,
  });

describe('the Partner API client never follows a redirect', () => {
  it.each([
    ['GET', 302],
    ['GET', 307],
    ['POST', 302],
    ['POST', 307],
  ] as const)(
    '%s answered %i: a clear error, one request, nothing (and no secret) sent to the other address',
    async (method, status) => {
      const before = redirecting.seen.length;
      const error = await clientFor(`${redirecting.origin}/${status}/`)
        .request(method, '/leads', z.unknown(), method === 'POST' ? { body: { name: 'Lead' } } : {})
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RedirectRefusedError);
      expect(error).toMatchObject({ status });
      expect(describeApiError(error)).toBe(
        'The practice server tried to send this request to another address; it was not followed.',
      );
      // Not followed and not retried, even for a GET (which is retried after a 5xx).
      expect(redirecting.seen.length - before).toBe(1);
      expect(redirecting.seen.at(-1)?.headers['x-svc-auth-key']).toBe(SECRET);
      expect(elsewhere.seen).toEqual([]);
    },
  );

  it('refuses a redirect on a file download too', async () => {
    const error = await clientFor(`${redirecting.origin}/302/`)
      .file('/bills/1/pdf', 'application/pdf')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedirectRefusedError);
    expect(elsewhere.seen).toEqual([]);
  });

  it('is, for the outbox, no proof the write was not applied: a create is checked by a read, an idempotent write goes again', () => {
    // A 303 is the usual answer to a write that was applied: whatever answered may have passed it on first.
    expect(outcomeOf(new RedirectRefusedError(303), false).kind).toBe('ambiguous');
    expect(outcomeOf(new RedirectRefusedError(307), false).kind).toBe('ambiguous');
    // Sending a replace or a removal again ends in the same place, and it waits with the redirect's sentence.
    expect(outcomeOf(new RedirectRefusedError(302), true)).toMatchObject({
      kind: 'retry',
      problem: { message: failureWords.redirect },
    });
  });
});

/** Bytes handed to the client by its fetch: what it actually pulled from the connection. */
function countingFetch() {
  const counter = { bytes: 0 };
  const counted: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    if (!response.body) return response;
    const body = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          counter.bytes += chunk.byteLength;
          controller.enqueue(chunk);
        },
      }),
    );
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
  return { fetch: counted, counter };
}

describe('the Partner API client reads no more than an answer of its kind may hold', () => {
  const LIMIT = 1024 * 1024;
  const CHUNK = 64 * 1024;
  let streaming: Awaited<ReturnType<typeof listen>>;
  /** Bytes the endless server managed to write, and whether the client hung up on it. */
  const endless = { written: 0, closed: false };

  beforeAll(async () => {
    streaming = await listen((req, res) => {
      if (req.url?.includes('/declared')) {
        // Claims 100 MiB, sends a little and then nothing: only an early refusal ends this quickly.
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(100 * 1024 * 1024) });
        res.write('[');
        return;
      }
      const status = req.url?.includes('/error') ? 500 : 200;
      res.writeHead(status, { 'content-type': req.url?.includes('/file') ? 'application/pdf' : 'application/json' });
      const chunk = Buffer.alloc(CHUNK, 0x20);
      // Writes as fast as the client reads, for as long as it reads (bounded at 256 MiB as a safety net).
      const pump = (): void => {
        while (!res.destroyed && endless.written < 256 * 1024 * 1024) {
          endless.written += CHUNK;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        if (!res.destroyed) res.end();
      };
      res.on('close', () => (endless.closed = true));
      pump();
    });
  });
  afterAll(() => streaming.close());

  it('stops reading an endless JSON answer just past the limit and closes the connection', async () => {
    Object.assign(endless, { written: 0, closed: false });
    const { fetch: counted, counter } = countingFetch();
    const error = await clientFor(streaming.origin, { fetch: counted, maxJsonBytes: LIMIT })
      .request('GET', '/users/list', z.unknown())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(describeApiError(error)).toMatch(/larger than the app accepts/);
    // Read at most the limit plus a chunk or two of what was already in flight.
    expect(counter.bytes).toBeGreaterThan(LIMIT);
    expect(counter.bytes).toBeLessThanOrEqual(LIMIT + 4 * CHUNK);
    await expect.poll(() => endless.closed).toBe(true);
    // The server was cut off long before its 256 MiB (socket buffers hold a few MiB at most).
    expect(endless.written).toBeLessThan(64 * 1024 * 1024);
  });

  it('applies the file limit to file downloads', async () => {
    Object.assign(endless, { written: 0, closed: false });
    const { fetch: counted, counter } = countingFetch();
    const error = await clientFor(streaming.origin, { fetch: counted, maxFileBytes: 2 * LIMIT })
      .file('/file/1', 'application/pdf')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(counter.bytes).toBeLessThanOrEqual(2 * LIMIT + 4 * CHUNK);
    await expect.poll(() => endless.closed).toBe(true);
  });

  it('refuses at once an answer whose Content-Length is over the limit, without waiting for its body', async () => {
    const started = Date.now();
    const error = await clientFor(streaming.origin, { maxJsonBytes: LIMIT, timeoutMs: 20_000 })
      .request('GET', '/declared', z.unknown())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    // Not a timeout: the 20 s timeout never came into play.
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('keeps an oversized error answer an error by its status', async () => {
    const error = await clientFor(streaming.origin, { maxJsonBytes: LIMIT, maxAttempts: 1 })
      .request('GET', '/error', z.unknown())
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'PartnerApiError', status: 500 });
  });

  it('uses one limit for files with the documents code, and a JSON limit above a full page', () => {
    expect(MAX_FILE_BYTES).toBe(MAX_DOCUMENT_BYTES);
    expect(MAX_JSON_BYTES).toBe(16 * 1024 * 1024);
  });
});
