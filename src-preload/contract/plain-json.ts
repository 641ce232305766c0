import { z } from 'zod';

/** A JSON value: what may cross the bridge where a shape is not fixed (a record from the server, an answer). */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * The plain-JSON schema used at the bridge instead of `z.unknown()`. Numbers must be finite. The
 * structural caps (depth, key count, total size) are checked before any schema runs, by walking the
 * value (src-main/ipc/plain-data.ts), so this schema only has to say what the value may be made of.
 */
export const jsonValueSchema: z.ZodType<JsonValue> = z.lazy(() =>
  z.union([
    z.string(),
    z.number().refine(Number.isFinite, 'Not a finite number.'),
    z.boolean(),
    z.null(),
    z.array(jsonValueSchema),
    z.record(z.string(), jsonValueSchema),
  ]),
);

/** A JSON object (a record or request body whose keys are not fixed here). */
export const jsonObjectSchema = z.record(z.string(), jsonValueSchema);
