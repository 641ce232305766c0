import { z } from 'zod';
import { problemDetailsSchema } from '../../../src-preload/contract/partner-api';
import type { AnyRoute } from '../http/route-spec';
import { WORD_DOCUMENT } from '../uploads/uploaded-file-kinds';

type JsonSchema = Record<string, unknown>;

function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
  delete json['$schema'];
  return json;
}

/** Query and path parameters from a zod object: one OpenAPI parameter per property. */
function parameters(schema: z.ZodType | undefined, location: 'query' | 'path'): JsonSchema[] {
  if (!schema) return [];
  const json = toJsonSchema(schema, 'input');
  const properties = (json['properties'] ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json['required'] as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || required.has(name),
    schema: property,
  }));
}

const errorDescriptions: Record<number, string> = {
  400: 'Validation failure (body carries message)',
  401: 'Bad or missing credentials',
  403: 'Read-only credentials on a write route',
  404: 'Not found in this practice (body carries message)',
  409: 'The resource is not in a state that allows this',
  429: 'Rate limit exceeded (Retry-After, X-RateLimit-* headers)',
};

const rateLimitHeaders = {
  'X-RateLimit-Limit': {
    description: 'Limit of the window with the fewest requests left',
    schema: { type: 'integer' },
  },
  'X-RateLimit-Remaining': { description: 'Requests left in that window', schema: { type: 'integer' } },
  'X-RateLimit-Reset': {
    description: 'Unix time (seconds) when that window frees a request',
    schema: { type: 'integer' },
  },
};

/** The content types an uploaded file is served as (uploads/uploaded-file-kinds.ts). */
const UPLOADED_TYPES = ['application/pdf', 'image/png', WORD_DOCUMENT];

/**
 * The storage host behind the signed URL of an uploaded onboarding file: outside the API (its own server entry,
 * no credentials, not rate-limited), so a client can fetch it without sending the practice's secret anywhere.
 */
function storagePaths(): Record<string, Record<string, unknown>> {
  const text = { type: 'string' };
  return {
    '/_storage/onboarding-documents/{practiceKey}/{key}/{entityOnboardingId}/{documentId}': {
      get: {
        operationId: 'getStoredOnboardingFile',
        summary: 'An uploaded onboarding file, by the signed URL the API handed out',
        description:
          'Served by the storage host (the demo: its own origin). Needs no credentials and ignores any sent; the ' +
          'signature and expiry in the query are the only authority. Not counted by the rate limiter.',
        tags: ['Storage'],
        servers: [{ url: 'http://127.0.0.1:4010', description: 'Demo practice, simulated storage host' }],
        security: [],
        parameters: [
          ...['practiceKey', 'key'].map((name) => ({
            name,
            in: 'path',
            required: true,
            schema: { type: 'string', format: 'uuid' },
          })),
          ...['entityOnboardingId', 'documentId'].map((name) => ({
            name,
            in: 'path',
            required: true,
            schema: { type: 'integer' },
          })),
          {
            name: 'expires',
            in: 'query',
            required: true,
            description: 'Unix time (seconds)',
            schema: { type: 'integer' },
          },
          {
            name: 'sig',
            in: 'query',
            required: true,
            description: 'HMAC-SHA256 of path and expiry, hex',
            schema: text,
          },
        ],
        responses: {
          '200': {
            description: 'The file, as an attachment under its uploaded name (Cache-Control: no-store)',
            headers: {
              'Content-Disposition': { description: 'attachment; filename="…"', schema: text },
              'Content-Length': { description: 'Bytes', schema: { type: 'integer' } },
            },
            content: Object.fromEntries(
              UPLOADED_TYPES.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }]),
            ),
          },
          '403': {
            description: 'The signature is wrong or the link has expired',
            content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/ProblemDetails' } } },
          },
          '404': {
            description: 'The file no longer exists',
            content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/ProblemDetails' } } },
          },
        },
      },
    },
  };
}

/** The OpenAPI 3.1 document, built from the same route table and zod schemas the server runs on. */
export function buildOpenApi(routes: readonly AnyRoute[]): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = `/api/v1${route.path.replace(/:(\w+)/g, '{$1}')}`;
    const success: Record<string, unknown> =
      'schema' in route.response
        ? {
            description: 'Success',
            headers: rateLimitHeaders,
            content: { 'application/json': { schema: toJsonSchema(route.response.schema, 'output') } },
          }
        : 'file' in route.response
          ? {
              description: 'The file',
              headers: rateLimitHeaders,
              content: { [route.response.file]: { schema: { type: 'string', contentMediaType: route.response.file } } },
            }
          : { description: 'Done', headers: rateLimitHeaders };
    const responses: Record<string, unknown> = { [String(route.response.status)]: success };
    for (const status of new Set([401, 429, ...(route.access === 'write' ? [403] : []), ...(route.errors ?? [])])) {
      responses[String(status)] = {
        description: errorDescriptions[status] ?? 'Error',
        ...(status === 429
          ? {
              headers: {
                'Retry-After': { description: 'Seconds to wait (or an HTTP date)', schema: { type: 'string' } },
                ...rateLimitHeaders,
              },
            }
          : {}),
        content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/ProblemDetails' } } },
      };
    }
    const operation: Record<string, unknown> = {
      operationId: route.operationId,
      summary: route.summary,
      tags: [route.tag],
      parameters: [...parameters(route.params, 'path'), ...parameters(route.query, 'query')],
      responses,
      ...(route.access === 'write' || route.description
        ? {
            description: [
              route.description,
              route.access === 'write' ? 'Needs credentials whose validation has canWrite true.' : undefined,
            ]
              .filter(Boolean)
              .join(' '),
          }
        : {}),
    };
    if (route.body) {
      const body = toJsonSchema(route.body, 'input');
      operation['requestBody'] = {
        required: true,
        content: {
          'application/json': { schema: body },
          'text/json': { schema: body },
          'application/*+json': { schema: body },
        },
      };
    }
    (paths[path] ??= {})[route.method.toLowerCase()] = operation;
  }
  Object.assign(paths, storagePaths());
  return {
    openapi: '3.1.0',
    info: {
      title: 'Client Onboarding and Billing Partner API (demo practice)',
      version: 'v1',
      description:
        "Generated from the zod schemas shared by the demo practice, the app's API client and its renderer. Choices the contract leaves open are listed in docs/partner-api-decisions.md.",
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [
      { url: 'http://127.0.0.1:4010/anz', description: 'Demo practice, ANZ regional host' },
      { url: 'http://127.0.0.1:4010/uk', description: 'Demo practice, UK regional host' },
      { url: 'http://127.0.0.1:4010/za', description: 'Demo practice, ZA regional host' },
    ],
    security: [{ authId: [], authKey: [] }, { basic: [] }],
    tags: [...new Set([...routes.map((r) => r.tag), 'Storage'])].map((name) => ({
      name,
      description: `${name} endpoints`,
    })),
    paths,
    components: {
      securitySchemes: {
        authId: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Svc-Auth-ID',
          description: 'Client ID (a GUID from the practice settings)',
        },
        authKey: { type: 'apiKey', in: 'header', name: 'X-Svc-Auth-Key', description: 'The paired Client secret' },
        basic: { type: 'http', scheme: 'basic', description: 'Client ID as username, Client secret as password' },
      },
      schemas: { ProblemDetails: toJsonSchema(problemDetailsSchema, 'output') },
    },
  };
}
