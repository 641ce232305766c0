import { z } from 'zod';

/** A JSON value: what may cross the bridge where a shape is not fixed (a record from the server, an answer). */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** How deep a whole bridge message may nest, counted from its root (checked by main before any schema). */
export const BRIDGE_MAX_DEPTH = 32;

/**
 * How deep a value of unfixed shape may nest: deeper than any record of the Partner API, and with room
 * left for the message around it (an outbox body sits a few levels down in `outbox.send`), so a value
 * the app accepts and stores can always cross the bridge later.
 */
export const MAX_JSON_DEPTH = BRIDGE_MAX_DEPTH - 8;

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * Why a value is not plain JSON, or null when it is. Walked with an explicit stack (never recursion, so a
 * deeply nested answer cannot exhaust the call stack), and a cycle is found by tracking the current path,
 * so a value shared by two fields is still fine. `undefined` is allowed as an object's field only, where it
 * means "absent": JSON drops it and Electron's structured clone keeps it, and both read as a missing field.
 */
export function jsonProblem(root: unknown, maxDepth = MAX_JSON_DEPTH): string | null {
  type Step = { value: unknown; depth: number; leave?: false } | { value: object; leave: true };
  const stack: Step[] = [{ value: root, depth: 0 }];
  const path = new Set<object>();
  while (stack.length > 0) {
    const step = stack.pop()!;
    if (step.leave) {
      path.delete(step.value);
      continue;
    }
    const { value, depth } = step;
    if (value === null || typeof value === 'string' || typeof value === 'boolean') continue;
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) return 'a number that is not finite';
      continue;
    }
    if (typeof value !== 'object') return `a value of type ${typeof value}`;
    if (depth >= maxDepth) return `nesting deeper than ${maxDepth}`;
    if (path.has(value)) return 'a cycle';
    if (Array.isArray(value)) {
      if (Object.getPrototypeOf(value) !== Array.prototype) return 'an array of another kind';
      path.add(value);
      stack.push({ value, leave: true });
      // A plain loop, not for…of or forEach: holes are visited too, as undefined, and refused.
      for (let i = 0; i < value.length; i++) {
        const item: unknown = value[i];
        if (item === undefined) return 'an empty or undefined array element';
        stack.push({ value: item, depth: depth + 1 });
      }
      continue;
    }
    if (!isPlainObject(value)) return 'an object that is not plain data';
    path.add(value);
    stack.push({ value, leave: true });
    for (const item of Object.values(value)) {
      if (item !== undefined) stack.push({ value: item, depth: depth + 1 });
    }
  }
  return null;
}

/**
 * The plain-JSON schema used at the bridge instead of `z.unknown()`. A custom check rather than a
 * recursive union: a sync page of 10,000 records is checked in milliseconds, not half a second, and
 * the value is passed on as it is (no copy). Hostile input never reaches it: main's registry walks every
 * request first with caps on depth, count and size (src-main/ipc/plain-data.ts).
 */
export const jsonValueSchema: z.ZodType<JsonValue> = z.custom<JsonValue>().superRefine((value, ctx) => {
  const problem = jsonProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: `Not plain JSON data: ${problem}.` });
});

/** A JSON object (a record or request body whose keys are not fixed here). */
export const jsonObjectSchema: z.ZodType<{ [key: string]: JsonValue }> = z
  .custom<{ [key: string]: JsonValue }>()
  .superRefine((value, ctx) => {
    const isObject = typeof value === 'object' && value !== null && !Array.isArray(value);
    const problem = isObject ? jsonProblem(value) : 'not an object';
    if (problem) ctx.addIssue({ code: 'custom', message: `Not a plain JSON object: ${problem}.` });
  });

/**
 * The same checks with the static type left `unknown`, for fields main fills with values typed by their
 * own schemas (a Bill or a Lead is plain JSON at run time, but an interface with optional fields is not
 * assignable to `JsonValue`). The renderer parses such a field with its record schema anyway.
 */
export const jsonValueUntyped: z.ZodType<unknown> = jsonValueSchema;
export const jsonObjectUntyped: z.ZodType<unknown> = jsonObjectSchema;
