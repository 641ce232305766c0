import { z } from 'zod';
import { jsonValueSchema, MAX_JSON_DEPTH } from '../plain-json';

/** The bridge's limit for values (plain-json.ts): a stored value nested deeper (or cyclic) is refused, not walked forever. */
const MAX_DEPTH = MAX_JSON_DEPTH;
const tooDeep = Symbol('nested too deep');

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/**
 * Drops object properties whose value is `undefined`, at any depth: a form's body often carries
 * `email: undefined` for a field left empty, and IndexedDB keeps it, but JSON drops it on the wire, so
 * it is not part of what is sent. Everything else is left as it is for the schema to judge — an
 * `undefined` inside an array is not dropped (JSON would turn it into `null`, a different value).
 */
export function withoutUndefined(value: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH) return tooDeep;
  if (Array.isArray(value)) return value.map((item) => withoutUndefined(item, depth + 1));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (item !== undefined)
      Object.defineProperty(out, key, {
        value: withoutUndefined(item, depth + 1),
        enumerable: true,
        writable: true,
        configurable: true,
      });
  }
  return out;
}

/**
 * A value an outbox entry keeps whose shape is not fixed here (a body before its operation's schema
 * judges it, the practice's answer, what an optimistic edit replaced): plain JSON, checked with the
 * bridge's `jsonValueSchema` after `undefined` properties are dropped. Typed `unknown` on purpose:
 * writers hand typed bodies whose optional fields read `T | undefined`, and every reader parses the
 * value with its own schema before use.
 */
export const storedJsonSchema: z.ZodType<unknown> = z.preprocess((value) => withoutUndefined(value), jsonValueSchema);
