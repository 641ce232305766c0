import { HUB_CERTIFICATE_MISMATCH } from '../security/hub-pins';
import { HubCertificateRefusedError, NetworkError } from './api-errors';

/*
 * Did a failed fetch leave? Decided by the PHASE the failure happened in, never by its code alone: the
 * same code (EHOSTUNREACH, ENETDOWN, Chromium's ERR_ADDRESS_UNREACHABLE …) comes from a connect and from
 * a read on a connection the request already went out on. Only a failure known to have happened before a
 * connection existed proves the request was not sent; everything else may have reached the practice.
 *
 * Node's fetch (undici) nests the socket's error under `cause` (sometimes an AggregateError of one error
 * per address tried); Node's socket errors carry `syscall`: 'connect' and the name look-ups
 * ('getaddrinfo', c-ares 'query…') are before; 'read' and 'write' are after. Without a syscall, only
 * undici's ConnectTimeoutError and a refused server certificate (checked in the TLS handshake, before
 * undici writes a byte of the request) are known to be before.
 */
const BEFORE_SYSCALLS = /^(connect|getaddrinfo|getnameinfo|query[A-Za-z]*)$/;
const AFTER_SYSCALLS = /^(read|write|writev|shutdown|close)$/;
const NODE_BEFORE_CODES = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_REVOKED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/*
 * Electron's `net.fetch` rejects with a plain Error whose message is Chromium's error name and says
 * nothing of the phase, so only names Chromium produces exclusively before a connection exists count
 * (from Chromium's source: net/base/net_error_list.h, net/socket/transport_connect_job.cc,
 * net/socket/tcp_socket_posix.cc MapConnectError, net/base/net_errors_posix.cc MapSystemError):
 * - name resolution: ERR_NAME_NOT_RESOLVED, ERR_NAME_RESOLUTION_FAILED (the host resolver);
 * - ERR_CONNECTION_REFUSED (ECONNREFUSED: TCP reports it only for a connect), ERR_CONNECTION_TIMED_OUT
 *   (the connect job's timeout and a connect's ETIMEDOUT), ERR_ADDRESS_INVALID (EADDRNOTAVAIL: binding
 *   a connect);
 * - ERR_PROXY_CONNECTION_FAILED, ERR_TUNNEL_CONNECTION_FAILED: the proxy, before the request;
 * - ERR_CERT_*: the server's certificate, verified in the handshake before the request is written;
 * - ERR_BLOCKED_BY_CLIENT: refused before the request started.
 * Not these, which MapSystemError also makes from a read or write on a live connection:
 * ERR_ADDRESS_UNREACHABLE (EHOSTUNREACH, ENETUNREACH, EHOSTDOWN), ERR_INTERNET_DISCONNECTED (ENETDOWN,
 * and the resolver when offline), ERR_NETWORK_CHANGED, ERR_SSL_PROTOCOL_ERROR (any TLS record),
 * ERR_BAD_SSL_CLIENT_AUTH_CERT (TLS 1.3 reports it after the client's first flight, request included),
 * ERR_CONNECTION_FAILED and ERR_NETWORK_ACCESS_DENIED (not proved connect-only): they are ambiguous.
 */
const CHROMIUM_BEFORE = new Set([
  'ERR_NAME_NOT_RESOLVED',
  'ERR_NAME_RESOLUTION_FAILED',
  'ERR_CONNECTION_REFUSED',
  'ERR_CONNECTION_TIMED_OUT',
  'ERR_ADDRESS_INVALID',
  'ERR_PROXY_CONNECTION_FAILED',
  'ERR_TUNNEL_CONNECTION_FAILED',
  'ERR_BLOCKED_BY_CLIENT',
]);
const chromiumBefore = (name: string) => CHROMIUM_BEFORE.has(name) || name.startsWith('ERR_CERT_');

const TIMEOUT_CODES = new Set(['ERR_TIMED_OUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT']);

const chromiumName = (message: string): string | null => /\bnet::(ERR_[A-Z0-9_]+)/.exec(message)?.[1] ?? null;

/** Each error in the chain: the one thrown, its causes, and the errors of an AggregateError among them. */
function chainOf(error: unknown, depth = 0): object[] {
  if (!error || typeof error !== 'object' || depth > 4) return [];
  const links: object[] = [error];
  if (error instanceof AggregateError) for (const inner of error.errors) links.push(...chainOf(inner, depth + 1));
  return [...links, ...chainOf((error as { cause?: unknown }).cause, depth + 1)];
}

const field = (e: object, name: 'code' | 'syscall' | 'message' | 'name'): string | null => {
  const value = (e as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : null;
};

/**
 * 'before': the failure happened before a connection existed (the request never left); 'after': on a
 * connection (it may have arrived); 'unknown': nothing says when (treated as 'after').
 */
export function failurePhase(error: unknown): 'before' | 'after' | 'unknown' {
  const chain = chainOf(error);
  const syscalls = chain.map((e) => field(e, 'syscall')).filter((s): s is string => s !== null);
  if (syscalls.some((s) => AFTER_SYSCALLS.test(s))) return 'after';
  if (syscalls.some((s) => BEFORE_SYSCALLS.test(s))) return 'before';
  for (const e of chain) {
    const code = field(e, 'code');
    if (code && NODE_BEFORE_CODES.has(code)) return 'before';
    if (field(e, 'name') === 'ConnectTimeoutError') return 'before';
    const chromium = chromiumName(field(e, 'message') ?? '');
    if (chromium && chromiumBefore(chromium)) return 'before';
  }
  return chain.length > 0 && chain.some((e) => field(e, 'code') || chromiumName(field(e, 'message') ?? ''))
    ? 'after'
    : 'unknown';
}

const codesOf = (error: unknown): string[] =>
  chainOf(error).flatMap((e) => [field(e, 'code'), chromiumName(field(e, 'message') ?? '')].filter((c) => c !== null));

/** A fetch that threw, as a NetworkError that says whether the request may have reached the server. */
export function classifyFetchFailure(error: unknown, timedOut: boolean): NetworkError {
  const message = error instanceof Error ? error.message : String(error);
  const cause = { cause: error };
  if (timedOut) return new NetworkError('timeout', 'The request timed out.', cause);
  if (chainOf(error).some((e) => field(e, 'code') === HUB_CERTIFICATE_MISMATCH))
    return new HubCertificateRefusedError();
  if (failurePhase(error) === 'before') return new NetworkError('unreachable', message, cause);
  const codes = codesOf(error);
  if (codes.some((code) => TIMEOUT_CODES.has(code)))
    return new NetworkError('timeout', 'The request timed out.', cause);
  if (codes.length > 0) return new NetworkError('reset', 'The connection was lost before an answer came.', cause);
  // Nothing recognisable: the request may have gone out.
  return new NetworkError('reset', message, cause);
}
