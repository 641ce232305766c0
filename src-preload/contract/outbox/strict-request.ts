import { z } from 'zod';

type Def = Record<string, unknown> & { type: string };
const defOf = (schema: z.ZodType): Def => schema._zod.def as unknown as Def;
const rebuild = <T extends z.ZodType>(schema: T, changes: Record<string, unknown>): T =>
  schema.clone({ ...defOf(schema), ...changes } as never) as T;

/** Wrappers whose one inner schema is a request value too (an optional field, a nullable one, one with a default). */
const wrappers = new Set([
  'optional',
  'nullable',
  'default',
  'prefault',
  'catch',
  'readonly',
  'nonoptional',
  'success',
]);
/** Free-form on purpose (an eForm's custom schema, pre-filled answers): the contract lets them hold any JSON. */
const freeForm = new Set(['unknown', 'any']);

const derived = new WeakMap<z.ZodType, z.ZodType>();

function derive(schema: z.ZodType): z.ZodType {
  const cached = derived.get(schema);
  if (cached) return cached;
  const def = defOf(schema);
  let strict: z.ZodType;
  if (def.type === 'object') {
    const shape = Object.fromEntries(
      Object.entries((schema as z.ZodObject).shape).map(([key, value]) => [key, derive(value as z.ZodType)]),
    );
    const catchall = def['catchall'] as z.ZodType | undefined;
    // A catch-all with a real schema (keys as data) stays, made strict inside; "anything else" becomes "nothing else".
    const keepCatchall = catchall && !freeForm.has(defOf(catchall).type) && defOf(catchall).type !== 'never';
    strict = rebuild(schema, { shape, catchall: keepCatchall ? derive(catchall) : z.never() });
  } else if (def.type === 'array') strict = rebuild(schema, { element: derive(def['element'] as z.ZodType) });
  else if (wrappers.has(def.type)) strict = rebuild(schema, { innerType: derive(def['innerType'] as z.ZodType) });
  else if (def.type === 'pipe')
    strict = rebuild(schema, { in: derive(def['in'] as z.ZodType), out: derive(def['out'] as z.ZodType) });
  else if (def.type === 'union') strict = rebuild(schema, { options: (def['options'] as z.ZodType[]).map(derive) });
  else if (def.type === 'record') strict = rebuild(schema, { valueType: derive(def['valueType'] as z.ZodType) });
  else if (def.type === 'tuple') {
    const rest = def['rest'] as z.ZodType | null | undefined;
    strict = rebuild(schema, { items: (def['items'] as z.ZodType[]).map(derive), rest: rest ? derive(rest) : rest });
  } else if (def.type === 'lazy') {
    const getter = def['getter'] as () => z.ZodType;
    strict = z.lazy(() => derive(getter()));
  } else if (def.type === 'intersection') {
    // Two strict halves would each refuse the other's keys: such a request schema needs its own strict form.
    throw new Error(
      'strictRequestSchema: an intersection cannot be made strict part by part; define the request schema as one object.',
    );
  } else strict = schema; // a leaf: string, number, enum, literal, transform, free-form JSON…
  derived.set(schema, strict);
  return strict;
}

/**
 * The client's rule for what it sends, in one place: the same request schema with every object in it
 * strict, so a key the schema does not name — anywhere in a body or a query — is refused, where the
 * shared schema would silently drop it. The shared schemas in `../partner-api` stay as they are: the
 * demo practice validates requests with them and must accept what the contract allows; strictness is
 * the app's own rule for what it sends. Refinements, defaults and transforms are kept (each part is a
 * clone of the original with its inner schemas replaced). Free-form values (`z.unknown()`, e.g. an
 * eForm's custom schema) stay free-form: the contract lets them hold any JSON, and the stored payload
 * is already checked to be plain JSON.
 */
export function strictRequestSchema<T extends z.ZodType>(schema: T): T {
  return derive(schema) as T;
}
