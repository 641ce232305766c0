import { MalformedResponseError } from './api-errors';

/**
 * Reading a Partner API answer (or a hub's, which answers in its shapes): its JSON, its clock, its file type.
 * Plain functions of the response: the client (partner-api-client.ts) decides what an answer means.
 */

/** The hub's header naming the practice-clock time its mirror of a list is proven complete from. */
export const HUB_MIRROR_PROVEN_AT = 'x-hub-mirror-proven-at';

/** The answer's JSON (or null for an empty body). */
export function decodeJson(response: Response, bytes: Uint8Array): unknown {
  if (bytes.length === 0) return null;
  // Contract: JSON may come as application/json, text/json or text/plain.
  const type = response.headers.get('content-type') ?? '';
  if (!/json|text\/plain/.test(type))
    throw new MalformedResponseError(`Expected JSON, got ${type || 'no content type'}.`);
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new MalformedResponseError('The answer is not valid JSON.');
  }
}

/** The practice's clock when it answered (its Date header), or null. */
export function serverDateOf(response: Response): Date | null {
  const header = response.headers.get('date');
  const date = header ? new Date(header) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
}

/** When a hub's mirror of the list is proven complete from (its header), as ISO text, or null. */
export function mirrorProvenAtOf(response: Response): string | null {
  const header = response.headers.get(HUB_MIRROR_PROVEN_AT);
  const at = header ? Date.parse(header) : Number.NaN;
  return Number.isNaN(at) ? null : new Date(at).toISOString();
}

/** The answer's content type, bare and lower case, when it is one of `expected`; else the answer is refused. */
export function fileType(response: Response, expected: string | readonly string[]): string {
  const type = response.headers.get('content-type') ?? '';
  const bare = (type.split(';')[0] ?? '').trim().toLowerCase();
  const allowed = typeof expected === 'string' ? [expected] : expected;
  if (!allowed.includes(bare))
    throw new MalformedResponseError(`Expected ${allowed.join(' or ')}, got ${type || 'no content type'}.`);
  return bare;
}
