import { describe, expect, it } from 'vitest';
import { NetworkError, PartnerApiError, RedirectRefusedError } from '../../../src-main/partner-api/api-errors';
import { classifyFetchFailure } from '../../../src-main/partner-api/network-failure';
import { failureWords } from '../../../src-preload/contract/failure-words';
import { provablyNotApplied } from '../../../src-main/partner-api/not-applied';
import { outcomeOf } from '../../../src-main/outbox/outbox-executor';

/**
 * How Node's fetch (undici) rejects: a TypeError whose cause is the socket's error, with its code and
 * the system call it failed in (`connect ECONNREFUSED 127.0.0.1:443`, `read ECONNRESET`).
 */
const nodeFailure = (code: string, syscall?: string) =>
  Object.assign(new TypeError('fetch failed'), {
    cause: Object.assign(new Error(syscall ? `${syscall} ${code}` : code), { code, ...(syscall ? { syscall } : {}) }),
  });
/** Node's happy eyeballs: an AggregateError of one connect error per address tried. */
const nodeAllAddressesFailed = (code: string) =>
  Object.assign(new TypeError('fetch failed'), {
    cause: Object.assign(
      new AggregateError([
        Object.assign(new Error(`connect ${code} ::1:443`), { code, syscall: 'connect' }),
        Object.assign(new Error(`connect ${code} 127.0.0.1:443`), { code, syscall: 'connect' }),
      ]),
      { code },
    ),
  });
/** undici's own connect timeout: no syscall, its own class and code. */
const nodeConnectTimeout = () =>
  Object.assign(new TypeError('fetch failed'), {
    cause: Object.assign(new Error('Connect Timeout Error'), {
      name: 'ConnectTimeoutError',
      code: 'UND_ERR_CONNECT_TIMEOUT',
    }),
  });
/** How Electron's net.fetch rejects: a plain Error named after Chromium's net error, no cause. */
const electronFailure = (name: string) => new Error(`net::${name}`);

describe('a failed request, by the phase it failed in (never by its code alone)', () => {
  it.each([
    ['Node: name not resolved (getaddrinfo)', nodeFailure('ENOTFOUND', 'getaddrinfo')],
    ['Node: name server gave no answer (getaddrinfo)', nodeFailure('EAI_AGAIN', 'getaddrinfo')],
    ['Node: connection refused (connect)', nodeFailure('ECONNREFUSED', 'connect')],
    ['Node: host unreachable while connecting', nodeFailure('EHOSTUNREACH', 'connect')],
    ['Node: network unreachable while connecting', nodeFailure('ENETUNREACH', 'connect')],
    ['Node: network down while connecting', nodeFailure('ENETDOWN', 'connect')],
    ['Node: connect timed out (connect ETIMEDOUT)', nodeFailure('ETIMEDOUT', 'connect')],
    ['Node: every address refused (AggregateError)', nodeAllAddressesFailed('ECONNREFUSED')],
    ["Node: undici's connect timeout", nodeConnectTimeout()],
    ["Node: the server's certificate expired (handshake)", nodeFailure('CERT_HAS_EXPIRED')],
    ['Node: the certificate names another host (handshake)', nodeFailure('ERR_TLS_CERT_ALTNAME_INVALID')],
    ['Electron: name not resolved', electronFailure('ERR_NAME_NOT_RESOLVED')],
    ['Electron: connection refused', electronFailure('ERR_CONNECTION_REFUSED')],
    ['Electron: connect timed out', electronFailure('ERR_CONNECTION_TIMED_OUT')],
    ['Electron: proxy refused', electronFailure('ERR_PROXY_CONNECTION_FAILED')],
    ['Electron: tunnel failed', electronFailure('ERR_TUNNEL_CONNECTION_FAILED')],
    ["Electron: the server's certificate refused", electronFailure('ERR_CERT_DATE_INVALID')],
  ])('%s: before a connection existed — never left, safe to send again', (_name, error) => {
    expect(classifyFetchFailure(error, false).failure).toBe('unreachable');
    expect(provablyNotApplied(classifyFetchFailure(error, false))).toBe(true);
  });

  it.each([
    // The same codes as above, from a connection the request had gone out on.
    ['Node: read EHOSTUNREACH', nodeFailure('EHOSTUNREACH', 'read'), 'reset'],
    ['Node: read ENETUNREACH', nodeFailure('ENETUNREACH', 'read'), 'reset'],
    ['Node: read ENETDOWN', nodeFailure('ENETDOWN', 'read'), 'reset'],
    ['Node: write ENETDOWN', nodeFailure('ENETDOWN', 'write'), 'reset'],
    ['Node: read ECONNRESET', nodeFailure('ECONNRESET', 'read'), 'reset'],
    ['Node: write EPIPE', nodeFailure('EPIPE', 'write'), 'reset'],
    ['Node: read ETIMEDOUT', nodeFailure('ETIMEDOUT', 'read'), 'timeout'],
    ['Node: a host-unreachable code with no phase', nodeFailure('EHOSTUNREACH'), 'reset'],
    ['Node: socket closed', nodeFailure('UND_ERR_SOCKET'), 'reset'],
    ['Node: headers timeout', nodeFailure('UND_ERR_HEADERS_TIMEOUT'), 'timeout'],
    // Chromium maps EHOSTUNREACH/ENETUNREACH, ENETDOWN from any socket call; TLS and network changes mid-request.
    ['Electron: address unreachable', electronFailure('ERR_ADDRESS_UNREACHABLE'), 'reset'],
    ['Electron: internet disconnected', electronFailure('ERR_INTERNET_DISCONNECTED'), 'reset'],
    ['Electron: network changed', electronFailure('ERR_NETWORK_CHANGED'), 'reset'],
    ['Electron: TLS protocol error', electronFailure('ERR_SSL_PROTOCOL_ERROR'), 'reset'],
    ['Electron: client certificate refused', electronFailure('ERR_BAD_SSL_CLIENT_AUTH_CERT'), 'reset'],
    ['Electron: reset', electronFailure('ERR_CONNECTION_RESET'), 'reset'],
    ['Electron: closed', electronFailure('ERR_CONNECTION_CLOSED'), 'reset'],
    ['Electron: empty response', electronFailure('ERR_EMPTY_RESPONSE'), 'reset'],
    ['Electron: timed out', electronFailure('ERR_TIMED_OUT'), 'timeout'],
    ['an error nobody recognises', new Error('something odd'), 'reset'],
  ])('%s: may have arrived (ambiguous)', (_name, error, failure) => {
    expect(classifyFetchFailure(error, false).failure).toBe(failure);
    expect(provablyNotApplied(classifyFetchFailure(error, false))).toBe(false);
  });

  it('a request the client timed out is a timeout whatever the error says', () => {
    expect(classifyFetchFailure(electronFailure('ERR_CONNECTION_REFUSED'), true).failure).toBe('timeout');
  });
});

describe('what the practice answered: only 400, 403, 404 and 429 prove a write was not applied', () => {
  const answered = (status: number) =>
    new PartnerApiError(status, 'Error', 'answered', { status, title: 'Error', message: 'answered' });
  it.each([400, 403, 404, 429])('%i: not applied', (status) => {
    expect(provablyNotApplied(answered(status))).toBe(true);
  });
  it.each([400, 403, 404, 429])(
    "%i from a gateway's page (no problem details, or another status in them): may have been applied",
    (status) => {
      for (const error of [
        new PartnerApiError(status, 'Not Found', '', null),
        new PartnerApiError(status, 'Error', 'x', { status: 502, title: 'Bad Gateway' }),
        new PartnerApiError(status, 'Error', '', {}),
      ]) {
        expect(provablyNotApplied(error)).toBe(false);
        expect(outcomeOf(error, false).kind).toBe('ambiguous');
      }
    },
  );
  it.each([301, 302, 303, 307, 401, 408, 409, 410, 418, 422, 500, 502, 503, 504, 599])(
    '%i: may have been applied',
    (status) => {
      const error = status < 400 ? new RedirectRefusedError(status) : answered(status);
      expect(provablyNotApplied(error)).toBe(false);
      const outcome = outcomeOf(error, false);
      if (status === 401) expect(outcome).toMatchObject({ kind: 'unauthorized', mayHaveApplied: true });
      else expect(outcome.kind).toBe('ambiguous');
    },
  );

  it("an ambiguous answer carries the practice's clock of that answer (its Date header)", () => {
    const at = new Date('2026-11-21T09:45:00Z');
    expect(outcomeOf(new RedirectRefusedError(303, at), false)).toMatchObject({
      kind: 'ambiguous',
      practiceTime: at.toISOString(),
    });
    expect(outcomeOf(new PartnerApiError(409, 'Conflict', 'c', null, at), false)).toMatchObject({
      kind: 'ambiguous',
      practiceTime: at.toISOString(),
    });
  });

  it("an idempotent write refused by a gateway's page or a redirect (it may be applied behind them) goes again", () => {
    for (const status of [400, 404, 409, 422]) {
      const outcome = outcomeOf(new PartnerApiError(status, 'Not Found', '', null), true);
      expect(outcome).toMatchObject({ kind: 'retry', problem: { message: failureWords.notFromThePractice } });
    }
    expect(outcomeOf(new RedirectRefusedError(302), true)).toMatchObject({
      kind: 'retry',
      problem: { message: failureWords.redirect },
    });
  });

  it('an idempotent write simply goes again (or, refused, stays editable); a 401 only pauses it', () => {
    expect(outcomeOf(answered(408), true).kind).toBe('retry');
    expect(outcomeOf(answered(401), true)).toEqual({ kind: 'unauthorized', problem: expect.any(Object) });
    expect(outcomeOf(answered(409), true).kind).toBe('rejected');
  });
});

describe('the outbox outcome of a failure', () => {
  const serverError = (status: number) => new PartnerApiError(status, 'Bad Gateway', 'upstream failed', null);

  it('a 5xx after a create or billable write was sent is ambiguous, never a blind retry', () => {
    for (const status of [500, 502, 503, 504]) expect(outcomeOf(serverError(status), false).kind).toBe('ambiguous');
  });

  it('a 5xx on an idempotent write is retried', () => {
    expect(outcomeOf(serverError(502), true).kind).toBe('retry');
  });

  it('a reset or timeout after a create was sent is ambiguous; a request that never left is retried', () => {
    expect(outcomeOf(classifyFetchFailure(electronFailure('ERR_CONNECTION_RESET'), false), false).kind).toBe(
      'ambiguous',
    );
    expect(outcomeOf(classifyFetchFailure(nodeFailure('ECONNRESET'), false), false).kind).toBe('ambiguous');
    expect(outcomeOf(new NetworkError('timeout', 'timed out'), false).kind).toBe('ambiguous');
    expect(outcomeOf(classifyFetchFailure(electronFailure('ERR_NAME_NOT_RESOLVED'), false), false).kind).toBe('retry');
    expect(outcomeOf(classifyFetchFailure(nodeFailure('ECONNREFUSED', 'connect'), false), false).kind).toBe('retry');
    // Chromium reports a lost network from a read too: that proves nothing.
    expect(outcomeOf(classifyFetchFailure(electronFailure('ERR_INTERNET_DISCONNECTED'), false), false).kind).toBe(
      'ambiguous',
    );
  });

  it('a 429 was not acted on, so any write waits and goes again', () => {
    const details = { status: 429, title: 'Too Many Requests', detail: 'slow down' };
    expect(outcomeOf(new PartnerApiError(429, 'Too Many Requests', 'slow down', details), false).kind).toBe('retry');
  });

  it('an unexpected failure of the app, with a fixed sentence (its raw text never reaches the window): a write that is not idempotent is checked, an idempotent one retried', () => {
    const oops = new TypeError(
      "Cannot read properties of undefined (reading 'x') at /home/sam/app/out/main/index.js:1:2",
    );
    const outcome = outcomeOf(oops, false);
    expect(outcome.kind).toBe('ambiguous');
    expect(JSON.stringify(outcome)).not.toMatch(/home\/sam|Cannot read/);
    expect(outcome.kind === 'ambiguous' && outcome.problem.message).toMatch(/Something unexpected went wrong/);
    expect(outcomeOf(oops, true).kind).toBe('retry');
  });
});

describe('an idempotent write goes again; whether its attempt may still land at the practice', () => {
  const practiceAnswered = (status: number) =>
    new PartnerApiError(status, 'Error', 'answered', { status, title: 'Error', message: 'answered' });
  const mayStillLand = (error: unknown) => {
    const outcome = outcomeOf(error, true);
    expect(outcome.kind).toBe('retry');
    return outcome.kind === 'retry' && outcome.mayStillLand === true;
  };

  it('no answer after it left, a gateway’s error or page, a redirect, the app’s own failure: it may still land', () => {
    expect(mayStillLand(new NetworkError('timeout', 'timed out'))).toBe(true);
    expect(mayStillLand(classifyFetchFailure(nodeFailure('ECONNRESET'), false))).toBe(true);
    expect(mayStillLand(classifyFetchFailure(electronFailure('ERR_CONNECTION_RESET'), false))).toBe(true);
    expect(mayStillLand(new PartnerApiError(504, 'Gateway Timeout', '', null))).toBe(true);
    expect(mayStillLand(new PartnerApiError(404, 'Not Found', '', null))).toBe(true);
    expect(mayStillLand(new RedirectRefusedError(302))).toBe(true);
    expect(mayStillLand(new TypeError('oops'))).toBe(true);
  });

  it('never left, or the practice itself answered (its work on the request is over): it cannot land later', () => {
    expect(mayStillLand(classifyFetchFailure(nodeFailure('ECONNREFUSED', 'connect'), false))).toBe(false);
    expect(mayStillLand(classifyFetchFailure(electronFailure('ERR_NAME_NOT_RESOLVED'), false))).toBe(false);
    expect(mayStillLand(practiceAnswered(500))).toBe(false);
    expect(mayStillLand(practiceAnswered(503))).toBe(false);
    expect(mayStillLand(practiceAnswered(408))).toBe(false);
    expect(mayStillLand(practiceAnswered(429))).toBe(false);
  });
});
