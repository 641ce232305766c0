/**
 * The redactor's text rules, each one pass over the text in linear time. A log line can hold anything
 * (a response body, a runaway loop's output), so no rule may backtrack over unbounded input: every
 * regular expression here either has only bounded quantifiers or starts right after a character its own
 * run cannot contain (so two attempts never rescan the same run); values are then read by plain loops.
 */

export const REDACTED = '[redacted]';

/**
 * Names whose values are secrets, compared lower-case with `-` and `_` removed: the contract's
 * `X-Svc-Auth-ID`/`X-Svc-Auth-Key`, `X-Svc-Signature`, `webhookSecret`/`hookSecret`, HTTP's
 * `Authorization`/`Cookie`, and anything ending like a secret, a password, a token or a signature.
 */
const SECRET_NAME =
  /^(?:xsvcauth.*|.*(?:secret|password|passwd|passphrase|apikey|authkey|accesskey|privatekey|signingkey|token|signature|authorization|cookie|credential|credentials))$/;
/** In a URL's query a few more short names carry credentials (`?key=`, `?sig=`, `?code=`). */
const SECRET_QUERY_NAME = /^(?:key|sig|code|auth|pass|pwd|jwt|hmac)$/;

const normalizeName = (name: string): string => name.toLowerCase().replace(/[-_]/g, '');

export function isSecretName(name: string): boolean {
  return name.length <= 64 && SECRET_NAME.test(normalizeName(name));
}

function isSecretQueryName(name: string): boolean {
  if (name.length > 64) return false;
  const normalized = normalizeName(name);
  return SECRET_NAME.test(normalized) || SECRET_QUERY_NAME.test(normalized);
}

/**
 * Replaces ranges of text with REDACTED in one pass (ranges come in increasing, non-overlapping order).
 * Only the numbers are kept until the end, so a line with many secrets allocates its pieces once.
 */
class Splicer {
  private readonly ranges: number[] = [];
  constructor(private readonly text: string) {}
  replace(start: number, end: number): void {
    this.ranges.push(start, end);
  }
  result(): string {
    if (this.ranges.length === 0) return this.text;
    let out = '';
    let at = 0;
    for (let i = 0; i < this.ranges.length; i += 2) {
      out += this.text.slice(at, this.ranges[i]) + REDACTED;
      at = this.ranges[i + 1] ?? at;
    }
    return out + this.text.slice(at);
  }
}

const isSpace = (c: string): boolean => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f' || c === '\v';
/** Where a bare (unquoted) value ends. */
const BARE_VALUE_END = new Set([',', ';', "'", '"', '&', '}', ']', ')', '<', '>', '`']);
/** Where a URL ends in free text. */
const URL_END = new Set(['"', "'", '<', '>', '`']);

/** A scheme kept in front of a redacted header value ("Authorization: Basic [redacted]"). */
const AUTH_SCHEME = /(?:basic|bearer|digest|token|negotiate)[ \t]{1,4}/iy;
const NOT_SECRETS = new Set(['true', 'false', 'null', 'undefined']);

/** The secret part of the value that starts at `start`, or null when there is none (or it is redacted already). */
function valueRange(text: string, start: number, wholeLine: boolean): [number, number] | null {
  let from = start;
  let end: number;
  if (text.startsWith('\\"', start)) {
    // A value inside escaped JSON (a body quoted in an error message): ends at the next \" not itself escaped.
    from = start + 2;
    end = from;
    while (end < text.length && !(text[end] === '\\' && text[end + 1] === '"' && text[end - 1] !== '\\')) end += 1;
  } else if (text[start] === '"' || text[start] === "'") {
    const quote = text[start];
    from = start + 1;
    end = from;
    while (end < text.length && text[end] !== quote && text[end] !== '\n') end += text[end] === '\\' ? 2 : 1;
    end = Math.min(end, text.length);
  } else {
    AUTH_SCHEME.lastIndex = start;
    if (AUTH_SCHEME.test(text)) from = AUTH_SCHEME.lastIndex;
    // A cookie header's value runs to the end of the line (`a=1; b=2`); any other bare value to a space or a delimiter.
    const endsValue = wholeLine
      ? (c: string) => c === '\n' || c === '\r'
      : (c: string) => isSpace(c) || BARE_VALUE_END.has(c);
    end = from;
    while (end < text.length && !endsValue(text[end] ?? ' ')) end += 1;
  }
  const value = text.slice(from, end);
  if (value.length === 0 || text.startsWith(REDACTED, from) || NOT_SECRETS.has(value)) return null;
  return [from, end];
}

/**
 * `name: value`, `name=value`, `"name": "value"`, `'name': 'value'` (as util.inspect writes objects) and
 * escaped JSON, for every secret-named key. Starts only at the beginning of a name and reads at most 64
 * characters of it, so no character is looked at more than a bounded number of times.
 */
const KEY_THEN_SEPARATOR = /(?<![\w-])([\w-]{1,64})(?:\\?["'])?[ \t]{0,4}[:=][ \t]{0,4}/g;

export function redactKeyValues(text: string): string {
  const out = new Splicer(text);
  KEY_THEN_SEPARATOR.lastIndex = 0;
  for (let match = KEY_THEN_SEPARATOR.exec(text); match; match = KEY_THEN_SEPARATOR.exec(text)) {
    const name = match[1] ?? '';
    if (!isSecretName(name)) continue;
    const normalized = normalizeName(name);
    const range = valueRange(
      text,
      match.index + match[0].length,
      normalized === 'cookie' || normalized === 'setcookie',
    );
    if (!range) continue;
    out.replace(range[0], range[1]);
    KEY_THEN_SEPARATOR.lastIndex = range[1];
  }
  return out.result();
}

/**
 * Every `scheme://…` URL, registered host or not: its user info (`https://id:secret@host`) and its query
 * (signed links carry their signature and token there) are removed, and a fragment holding `name=value`.
 * Scheme, host and path stay for support. Found with indexOf; each character is read once.
 */
export function redactUrls(text: string): string {
  const out = new Splicer(text);
  let from = 0;
  for (let sep = text.indexOf('://', from); sep !== -1; sep = text.indexOf('://', from)) {
    let schemeStart = sep;
    while (schemeStart > 0 && sep - schemeStart < 32 && /[A-Za-z0-9+.-]/.test(text[schemeStart - 1] ?? ''))
      schemeStart -= 1;
    from = sep + 3;
    if (schemeStart === sep || !/[A-Za-z]/.test(text[schemeStart] ?? '')) continue;
    const ends = (i: number, extra: string): boolean => {
      const c = text[i] ?? ' ';
      return isSpace(c) || URL_END.has(c) || extra.includes(c);
    };
    let i = from;
    let at = -1;
    while (i < text.length && !ends(i, '/?#')) {
      if (text[i] === '@') at = i;
      i += 1;
    }
    if (at !== -1 && text.slice(from, at) !== REDACTED) out.replace(from, at);
    while (i < text.length && !ends(i, '?#')) i += 1;
    if (text[i] === '?') {
      const queryStart = i + 1;
      while (i < text.length && !ends(i, '#')) i += 1;
      if (i > queryStart && !text.startsWith(REDACTED, queryStart)) out.replace(queryStart, i);
    }
    if (text[i] === '#') {
      const fragmentStart = i + 1;
      let hasValue = false;
      for (; i < text.length && !ends(i, ''); i += 1) if (text[i] === '=') hasValue = true;
      if (hasValue) out.replace(fragmentStart, i);
    }
    from = Math.max(from, i);
  }
  return out.result();
}

/** `?name=value` / `&name=value` with a credential's name, in URLs without a scheme (`/files/doc?sig=…`). */
const QUERY_PARAMETER = /[?&]([\w.[\]-]{1,64})=/g;

export function redactQueryParameters(text: string): string {
  const out = new Splicer(text);
  QUERY_PARAMETER.lastIndex = 0;
  for (let match = QUERY_PARAMETER.exec(text); match; match = QUERY_PARAMETER.exec(text)) {
    if (!isSecretQueryName(match[1] ?? '')) continue;
    const start = match.index + match[0].length;
    let end = start;
    while (end < text.length && !isSpace(text[end] ?? ' ') && !'&#"\'<>`'.includes(text[end] ?? '')) end += 1;
    if (end === start || text.startsWith(REDACTED, start)) continue;
    out.replace(start, end);
    QUERY_PARAMETER.lastIndex = end;
  }
  return out.result();
}

/** A bare "Bearer xyz" / "Basic xyz" (a header value logged without its name). */
const BARE_AUTH = /\b(Bearer|Basic)[ \t]{1,4}(?!\[redacted\])[A-Za-z0-9._~+/=-]{8,}/g;
/** `sha256=<hex>` wherever it appears (the webhook signature's form): the run starts right after `=`. */
const HASH_SIGNATURE = /\b(sha(?:1|224|256|384|512))=[A-Za-z0-9+/=_-]{16,}/gi;
/** A long token as a URL path segment (`/files/<signature>/doc.pdf`): starts only right after a `/`. */
const PATH_TOKEN = /(?<=\/)[A-Za-z0-9_-]{32,}/g;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A random token has digits and letters and a long stretch without `-`/`_`; a slug of words does not. */
const TOKEN_STRETCH = /[A-Za-z0-9]{12}/;

function looksLikeToken(segment: string): boolean {
  return !UUID.test(segment) && /\d/.test(segment) && /[A-Za-z]/.test(segment) && TOKEN_STRETCH.test(segment);
}

export function redactSignatures(text: string): string {
  return text
    .replace(BARE_AUTH, `$1 ${REDACTED}`)
    .replace(HASH_SIGNATURE, `$1=${REDACTED}`)
    .replace(PATH_TOKEN, (segment) => (looksLikeToken(segment) ? REDACTED : segment));
}
