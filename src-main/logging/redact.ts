import { inspect } from 'node:util';
import {
  isSecretName,
  REDACTED,
  redactKeyValues,
  redactQueryParameters,
  redactSignatures,
  redactUrls,
} from './redact-rules';

/**
 * The one redactor: every line main writes to a log, and every diagnostics text, passes through it.
 * It removes what would let someone act as the practice or fetch its documents: Client secrets,
 * authentication header values, JSON/object fields named like secrets, and any URL's query string
 * (signed download links carry their signature there). Secrets the app holds are also registered at
 * run time, so one that slips into an unexpected place (an error message quoting a body) is caught too.
 */

export { REDACTED };

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

/**
 * Removes secrets from free text, in time linear in its length (see redact-rules.ts). Callers that take
 * text of any size (log lines) cap it first with capText, so the work per line is bounded as well.
 */
export function redactText(text: string): string {
  let out = text;
  for (const secret of knownSecrets) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
  out = redactUrls(out);
  out = redactQueryParameters(out);
  out = redactKeyValues(out);
  return redactSignatures(out);
}

/** Where a cut may fall: not inside a token (half a secret is still a secret). */
const CUT_BOUNDARY = new Set([' ', '\t', '\n', '\r', ',', ';', '&', '"', "'", '{', '}', '[', ']', '(', ')', '<', '>']);
/** How far back a cut looks for a boundary; a longer token is dropped from its start at most this far. */
const CUT_LOOKBACK = 512;

/**
 * Cuts text longer than max characters, before it is redacted: at a boundary, so the beginning of a
 * secret cut in half does not stay behind where no rule would recognise it, and says how much was cut.
 */
export function capText(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = max;
  while (cut > max - CUT_LOOKBACK && cut > 0 && !CUT_BOUNDARY.has(text[cut - 1] ?? ' ')) cut -= 1;
  // No boundary near: one very long run (encoded data), cut where the limit falls.
  if (cut <= 0 || cut === max - CUT_LOOKBACK) cut = max;
  return `${text.slice(0, cut)} … [${text.length - cut} characters cut]`;
}

const MAX_DEPTH = 6;
/** A string inside a logged value: longer ones are cut (before redaction) like util.inspect would. */
const MAX_STRING_CHARS = 20_000;
const MAX_KEYS = 200;

/**
 * Redacts a structured value before it is formatted: strings through redactText, fields named like
 * secrets replaced whole, Errors rebuilt with their message, stack, cause and own fields redacted.
 */
export function redactValue(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return redactText(capText(value, MAX_STRING_CHARS));
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
      isSecretName(key) && field !== null && field !== undefined && typeof field !== 'boolean'
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
    (copy as unknown as Record<string, unknown>)[key] = isSecretName(key)
      ? REDACTED
      : redactValue(field, depth + 1, seen);
  }
  return copy;
}

/**
 * Formats log arguments into one line of text: structured values have their secret-named fields removed,
 * then the line is cut to maxChars and only then redacted as a whole (formatting can join pieces a rule
 * sees only together, a header split across arguments), so a huge argument costs no more than the cap.
 */
export function formatRedacted(args: readonly unknown[], maxChars = Infinity): string {
  const parts = args.map((arg) => {
    const clean = redactValue(arg);
    return typeof clean === 'string'
      ? clean
      : inspect(clean, { depth: MAX_DEPTH, breakLength: Infinity, maxStringLength: MAX_STRING_CHARS });
  });
  return redactText(capText(parts.join(' '), maxChars));
}
