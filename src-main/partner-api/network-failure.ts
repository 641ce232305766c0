import { NetworkError } from './api-errors';

/*
 * What a failed fetch tells about whether the request reached the server. Only failures that happen
 * before a byte of the request can leave — the name did not resolve, the connection was refused or
 * never opened, there is no network, the certificate was refused — prove the request was not sent.
 * Everything else (a reset, a closed connection, an empty answer, a timeout, anything not recognised)
 * may have reached the server, which may have applied it: that is ambiguous, never "safe to resend".
 *
 * Node's fetch (undici) reports the reason as `error.cause.code`; Electron's `net.fetch` rejects with a
 * plain Error whose message is Chromium's net error name (`net::ERR_CONNECTION_RESET`). Both are read.
 */
const NODE_NOT_SENT = new Set([
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_NONAME',
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** Chromium net errors raised before the request was written (connection setup, DNS, proxy, TLS). */
const CHROMIUM_NOT_SENT = new Set([
  'ERR_NAME_NOT_RESOLVED',
  'ERR_NAME_RESOLUTION_FAILED',
  'ERR_INTERNET_DISCONNECTED',
  'ERR_ADDRESS_UNREACHABLE',
  'ERR_ADDRESS_INVALID',
  'ERR_CONNECTION_REFUSED',
  'ERR_CONNECTION_TIMED_OUT',
  'ERR_CONNECTION_FAILED',
  'ERR_PROXY_CONNECTION_FAILED',
  'ERR_TUNNEL_CONNECTION_FAILED',
  'ERR_NETWORK_ACCESS_DENIED',
  'ERR_BLOCKED_BY_CLIENT',
  'ERR_SSL_PROTOCOL_ERROR',
  'ERR_BAD_SSL_CLIENT_AUTH_CERT',
]);

const chromiumCode = (message: string): string | null => /\bnet::(ERR_[A-Z_]+)/.exec(message)?.[1] ?? null;

function codesOf(error: unknown): string[] {
  const codes: string[] = [];
  // undici nests the socket error one or two levels down (TypeError → cause → cause).
  for (
    let e: unknown = error, depth = 0;
    e && typeof e === 'object' && depth < 4;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string') {
      const chromium = chromiumCode(message);
      if (chromium) codes.push(chromium);
    }
    if (e instanceof AggregateError) for (const inner of e.errors) codes.push(...codesOf(inner));
  }
  return codes;
}

/** A fetch that threw, as a NetworkError that says whether the request may have reached the server. */
export function classifyFetchFailure(error: unknown, timedOut: boolean): NetworkError {
  const message = error instanceof Error ? error.message : String(error);
  if (timedOut) return new NetworkError('timeout', 'The request timed out.');
  const codes = codesOf(error);
  if (codes.some((code) => NODE_NOT_SENT.has(code) || CHROMIUM_NOT_SENT.has(code)))
    return new NetworkError('unreachable', message);
  if (
    codes.includes('ERR_TIMED_OUT') ||
    codes.includes('UND_ERR_HEADERS_TIMEOUT') ||
    codes.includes('UND_ERR_BODY_TIMEOUT')
  ) {
    return new NetworkError('timeout', 'The request timed out.');
  }
  if (codes.length > 0) return new NetworkError('reset', 'The connection was lost before an answer came.');
  // Nothing recognisable: the request may have gone out.
  return new NetworkError('reset', message);
}
