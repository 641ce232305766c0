import { inspect } from 'node:util';

/**
 * The one redactor: every line main writes to a log, and every diagnostics text, passes through it.
 * It removes what would let someone act as the practice or fetch its documents: Client secrets,
 * authentication header values, JSON/object fields named like secrets, and any URL's query string
 * (signed download links carry their signature there). Secrets the app holds are also registered at
 * run time, so one that slips into an unexpected place (an error message quoting a body) is caught too.
 */

export const REDACTED = '[redacted]';

/** Secrets known this run (registered by the session as it uses each practice's secret). */
const knownSecrets = new Set<string>();
/** Shorter strings would redact ordinary words; no real Client secret is this short. */
const MIN_SECRET_LENGTH = 6;

/** Registers a secret to be removed wherever it appears; returns it so a call can wrap the value in place. */
export function registerSecret(secret: string): string {
  if (secret.length >= MIN_SECRET_LENGTH) {
    knownSecrets.add(secret);
    // The same secret as it appears in a URL or a form body.
    const encoded = encodeURIComponent(secret);
    if (encoded !== secret) knownSecrets.add(encoded);
  }
  return secret;
}

/** For tests: forget every registered secret. */
export function clearRegisteredSecrets(): void {
  knownSecrets.clear();
}

/** Keys whose values are secrets wherever they appear (objects, JSON, `key=value`, headers). */
const SECRET_KEY =
  String.raw`(?:client[_-]?secret|secret|password|passwd|api[_-]?key|access[_-]?token|refresh[_-]?token|token|` +
  String.raw`proxy-authorization|authorization|cookie|set-cookie|x-svc-auth-[\w-]+)`;
/** A value already redacted with its scheme kept ("Basic [redacted]"): left as it is. */
const SCHEME_REDACTED = String.raw`(?:basic|bearer|digest|token)\s+\[redacted\]`;
const secretKeyExact = new RegExp(`^${SECRET_KEY}$`, 'i');

const patterns: [RegExp, string | ((match: string, ...groups: string[]) => string)][] = [
  // "secret": "…" in JSON (also escaped JSON inside a string: \"secret\":\"…\").
  [new RegExp(String.raw`(\\?"${SECRET_KEY}\\?"\s*:\s*)(\\?")(?:[^"\\]|\\(?!")|\\")*?\2`, 'gi'), `$1$2${REDACTED}$2`],
  // "secret": 123 / null-less scalars in JSON.
  [new RegExp(String.raw`("${SECRET_KEY}"\s*:\s*)(?!\s*")[^,}\]\s]+`, 'gi'), `$1${REDACTED}`],
  // Header lines and key=value / key: value in free text. "Authorization: Basic xyz" keeps its scheme.
  [
    new RegExp(
      String.raw`(\b${SECRET_KEY}\b['"]?\s*[:=]\s*['"]?)(?:(basic|bearer|digest|token)\s+)?(?!\[redacted\]|${SCHEME_REDACTED})[^\s,;'"&}\]]+`,
      'gi',
    ),
    (_match, prefix, scheme) => `${prefix}${scheme ? `${scheme} ` : ''}${REDACTED}`,
  ],
  // A bare "Bearer xyz" / "Basic xyz" (a header value logged without its name).
  [/\b(Bearer|Basic)\s+(?!\[redacted\])[A-Za-z0-9._~+/=-]{8,}/g, `$1 ${REDACTED}`],
  // Any URL's query string: signed links carry their signature and token there. Scheme, host and path stay.
  [/\b([a-z][a-z0-9+.-]*:\/\/[^\s?#"'<>`]*)\?(?!\[redacted\])[^\s#"'<>`]*/gi, `$1?${REDACTED}`],
];

/** Removes secrets from free text. */
export function redactText(text: string): string {
  let out = text;
  for (const secret of knownSecrets) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
  for (const [pattern, replacement] of patterns)
    out = out.replace(pattern, replacement as (match: string, ...groups: string[]) => string);
  return out;
}

const MAX_DEPTH = 6;
const MAX_KEYS = 200;

/**
 * Redacts a structured value before it is formatted: strings through redactText, fields named like
 * secrets replaced whole, Errors rebuilt with their message, stack, cause and own fields redacted.
 */
export function redactValue(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return redactText(value);
  if (typeof value !== 'object' || value === null) return value;
  if (seen.has(value)) return '[circular]';
  if (depth >= MAX_DEPTH) return '[nested too deep]';
  seen.add(value);
  if (value instanceof Error) return redactError(value, depth, seen);
  if (typeof Headers !== 'undefined' && value instanceof Headers)
    return redactValue(Object.fromEntries(value.entries()), depth, seen);
  if (value instanceof URL) return redactText(value.href);
  if (Array.isArray(value)) return value.slice(0, MAX_KEYS).map((item) => redactValue(item, depth + 1, seen));
  if (value instanceof Map) return redactValue(Object.fromEntries(value), depth, seen);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).slice(0, MAX_KEYS)) {
    const field = (value as Record<string, unknown>)[key];
    out[key] =
      secretKeyExact.test(key) && field !== null && field !== undefined
        ? REDACTED
        : redactValue(field, depth + 1, seen);
  }
  return out;
}

function redactError(error: Error, depth: number, seen: WeakSet<object>): Error {
  const copy = new Error(redactText(error.message));
  copy.name = error.name;
  copy.stack = error.stack === undefined ? `${error.name}: ${copy.message}` : redactText(error.stack);
  if (error.cause !== undefined) copy.cause = redactValue(error.cause, depth + 1, seen);
  for (const key of Object.keys(error)) {
    if (key === 'cause' || key === 'stack' || key === 'message') continue;
    const field = (error as unknown as Record<string, unknown>)[key];
    (copy as unknown as Record<string, unknown>)[key] = secretKeyExact.test(key)
      ? REDACTED
      : redactValue(field, depth + 1, seen);
  }
  return copy;
}

/** Formats log arguments into one line of text, redacted before and after formatting. */
export function formatRedacted(args: readonly unknown[]): string {
  const parts = args.map((arg) => {
    const clean = redactValue(arg);
    return typeof clean === 'string'
      ? clean
      : inspect(clean, { depth: MAX_DEPTH, breakLength: Infinity, maxStringLength: 20_000 });
  });
  // Formatting can join pieces a pattern sees only as a whole (a header split across arguments).
  return redactText(parts.join(' '));
}
