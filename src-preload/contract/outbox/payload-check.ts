import { z } from 'zod';
import { operations, outboxRefSchema, type OperationDef, type OperationName } from './operations';
import { storedJsonSchema } from './stored-json';
import { strictRequestSchema } from './strict-request';

/*
 * What a queued entry carries, and the one check of it against its operation's schemas: used by the queue,
 * the replayer and main before anything is sent. The registry of operations itself is `operations.ts`.
 */

const queryValuesSchema = z.record(z.string().max(60), z.union([z.string().max(500), z.number(), z.boolean()]));

/** What an entry carries: path params (some may be OutboxRefs while they wait), body (plain JSON), query. */
export const storedPayloadSchema = z.strictObject({
  params: z.record(z.string().max(60), z.union([z.string().max(200), z.number(), outboxRefSchema])),
  body: storedJsonSchema.optional(),
  query: queryValuesSchema.optional(),
  /** The touched parts of the record as read (operations with `base`); kept with the entry, never sent. */
  base: storedJsonSchema.optional(),
});
export type StoredPayload = z.infer<typeof storedPayloadSchema>;

/** The one sentence for a stored entry that no longer passes the rules it was queued under. */
export const changedOutsideTheApp = 'This action was changed outside the app and was not sent.';

export interface PayloadIssue {
  path: string;
  message: string;
}
/** What goes on the wire: the parsed result of the strict schemas, never the stored object. */
export interface CheckedRequest {
  params: Record<string, string | number>;
  body?: unknown;
  query?: Record<string, string | number | boolean>;
}
export type PayloadCheck = { ok: true; request: CheckedRequest } | { ok: false; issues: PayloadIssue[] };

interface ClientSchemas {
  params: z.ZodType;
  body?: z.ZodType;
  query?: z.ZodType;
}
const clientSchemas = new Map<OperationName, ClientSchemas>();

/**
 * The schemas the app checks what it sends against: the operation's own, made strict once by
 * `strictRequestSchema` (an unknown key anywhere is refused, not dropped). The registry above keeps
 * the shared schemas the demo practice validates with; this is the client's stricter rule for itself.
 */
export function clientSchemasOf(name: OperationName): ClientSchemas {
  let schemas = clientSchemas.get(name);
  if (!schemas) {
    const op: OperationDef = operations[name];
    schemas = {
      params: strictRequestSchema(op.params),
      ...(op.body ? { body: strictRequestSchema(op.clientBody ?? op.body) } : {}),
      ...(op.query ? { query: strictRequestSchema(op.query) } : {}),
    };
    clientSchemas.set(name, schemas);
  }
  return schemas;
}

/**
 * Validates a payload against its operation, refs resolved, with the strict schemas: each path
 * parameter by its type and format (keys are uuids), the body with no key its schema does not name,
 * and a query only where the operation takes one. Returns zod's issues so a form can show them per
 * field, or the request to send — the parsed data. The same function guards the queue, the replayer
 * and main (which sends only `request`, and checks it before a verification read too).
 */
export function validatePayload(name: OperationName, payload: StoredPayload): PayloadCheck {
  const schemas = clientSchemasOf(name);
  const issues: PayloadIssue[] = [];
  const collect = <T>(prefix: string | null, result: z.ZodSafeParseResult<T>): T | undefined => {
    for (const issue of result.error?.issues ?? []) {
      issues.push({
        path: [...(prefix ? [prefix] : []), ...issue.path.map(String)].join('.').slice(0, 200),
        message: issue.message.slice(0, 500),
      });
    }
    return result.success ? result.data : undefined;
  };
  // The stored shape first: plain JSON, `undefined` properties dropped (they are not sent).
  const stored = collect(null, storedPayloadSchema.safeParse(payload));
  if (!stored) return { ok: false, issues };
  const params = collect('params', schemas.params.safeParse(stored.params)) as CheckedRequest['params'] | undefined;
  let body: { value: unknown } | null = null;
  if (schemas.body) {
    const parsed = schemas.body.safeParse(stored.body);
    collect('body', parsed);
    if (parsed.success) body = { value: parsed.data };
  } else if (stored.body !== undefined) issues.push({ path: 'body', message: 'This action takes no body.' });
  let query: CheckedRequest['query'] | undefined;
  if (schemas.query) {
    const parsed = collect('query', schemas.query.safeParse(stored.query ?? {}));
    if (parsed !== undefined) query = collect('query', queryValuesSchema.safeParse(parsed));
  } else if (stored.query !== undefined) issues.push({ path: 'query', message: 'This action takes no query.' });
  const baseSchema = (operations[name] as OperationDef).base;
  if (baseSchema) collect('base', baseSchema.safeParse(stored.base));
  else if (stored.base !== undefined) issues.push({ path: 'base', message: 'This action keeps no base.' });
  if (issues.length > 0 || !params) return { ok: false, issues };
  return { ok: true, request: { params, ...(body ? { body: body.value } : {}), ...(query ? { query } : {}) } };
}

/** Same, for a payload that may still hold refs: refs stand in for valid values of their params. */
export function validateQueuedPayload(name: OperationName, payload: StoredPayload): PayloadCheck {
  const op: OperationDef = operations[name];
  const standIn = '00000000-0000-4000-8000-000000000000';
  const params = Object.fromEntries(
    Object.entries(payload.params).map(([key, value]) => [
      key,
      typeof value === 'object' && op.refParams?.includes(key) ? standIn : value,
    ]),
  );
  return validatePayload(name, { ...payload, params });
}

export function pathOf(name: OperationName, params: Record<string, string | number>): string {
  return operations[name].path.replace(/:([A-Za-z]+)/g, (_, key: string) => encodeURIComponent(String(params[key])));
}
