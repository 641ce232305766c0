import { z } from 'zod';

/**
 * Building blocks of the Partner API contract (../shared/partner-api.md). Every schema in this folder
 * is used by the demo practice (to validate what it accepts and emit OpenAPI), by main's API client
 * (to validate every response) and by the renderer (types and form validation).
 *
 * Response records are z.object (unknown fields are dropped, so a server that adds a field does not
 * break the app). Request bodies are strict where the contract is strict (eForm create).
 */
export const uuid = z.uuid();
export const dateTime = z.iso.datetime({ offset: true });
export const date = z.iso.date();
/** Money as a JSON number with at most cents; currency comes from the practice. */
export const money = z.number().finite();
/** Rounding to the cent lives with the other money rules; the API's schemas and rules use it from here too. */
export { roundCents } from '../money';
/** A practice rule beyond a schema, broken at `path` of a request body (checked by the demo server and the app's forms alike). */
export interface RuleIssue {
  path: (string | number)[];
  message: string;
}

/** "lines[2].extTaxID: …" — how a broken rule reads in a 400's message. */
export const describeRuleIssue = (issue: RuleIssue): string =>
  `${issue.path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('')}: ${issue.message}`;

export const regions = ['ANZ', 'UK', 'ZA'] as const;
export const regionSchema = z.enum(regions);
export type Region = z.infer<typeof regionSchema>;

/** `pageNumber`: 1-based, 1 to 10000 (contract, Limits). */
export const pageNumberSchema = z.coerce.number().int().min(1).max(10_000);

/** Query booleans arrive as text. Only "true"/"false" (any case) are accepted. */
export const queryBoolean = z
  .string()
  .regex(/^(true|false)$/i, 'must be true or false')
  .transform((value) => value.toLowerCase() === 'true');

/** Error body: problem details, extra properties allowed; validation and not-found errors carry `message`. */
export const problemDetailsSchema = z
  .object({
    type: z.string().nullable().optional(),
    title: z.string().nullable().optional(),
    status: z.number().int().nullable().optional(),
    detail: z.string().nullable().optional(),
    instance: z.string().nullable().optional(),
    message: z.string().optional(),
  })
  .loose();
export type ProblemDetails = z.infer<typeof problemDetailsSchema>;
