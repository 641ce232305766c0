import { describe, expect, it } from 'vitest';
import { NetworkError, PartnerApiError } from '../../../src-main/partner-api/api-errors';
import { classifyFetchFailure } from '../../../src-main/partner-api/network-failure';
import { outcomeOf } from '../../../src-main/outbox/outbox-executor';

/** How Node's fetch (undici) rejects: a TypeError whose cause carries the socket's code. */
const nodeFailure = (code: string) =>
  Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error(code), { code }) });
/** How Electron's net.fetch rejects: a plain Error named after Chromium's net error, no cause. */
const electronFailure = (name: string) => new Error(`net::${name}`);

describe('a failed request, by what is known of whether it reached the server', () => {
  it.each([
    ['Node: name not resolved', nodeFailure('ENOTFOUND')],
    ['Node: connection refused', nodeFailure('ECONNREFUSED')],
    ['Node: host unreachable', nodeFailure('EHOSTUNREACH')],
    ['Node: connect timeout', nodeFailure('UND_ERR_CONNECT_TIMEOUT')],
    ['Electron: name not resolved', electronFailure('ERR_NAME_NOT_RESOLVED')],
    ['Electron: connection refused', electronFailure('ERR_CONNECTION_REFUSED')],
    ['Electron: no network', electronFailure('ERR_INTERNET_DISCONNECTED')],
    ['Electron: proxy refused', electronFailure('ERR_PROXY_CONNECTION_FAILED')],
  ])('%s: never left, safe to send again', (_name, error) => {
    expect(classifyFetchFailure(error, false).failure).toBe('unreachable');
  });

  it.each([
    ['Node: reset', nodeFailure('ECONNRESET'), 'reset'],
    ['Node: socket closed', nodeFailure('UND_ERR_SOCKET'), 'reset'],
    ['Node: broken pipe', nodeFailure('EPIPE'), 'reset'],
    ['Electron: reset', electronFailure('ERR_CONNECTION_RESET'), 'reset'],
    ['Electron: closed', electronFailure('ERR_CONNECTION_CLOSED'), 'reset'],
    ['Electron: empty response', electronFailure('ERR_EMPTY_RESPONSE'), 'reset'],
    ['Electron: timed out', electronFailure('ERR_TIMED_OUT'), 'timeout'],
    ['an error nobody recognises', new Error('something odd'), 'reset'],
  ])('%s: may have arrived (ambiguous)', (_name, error, failure) => {
    expect(classifyFetchFailure(error, false).failure).toBe(failure);
  });

  it('a request the client timed out is a timeout whatever the error says', () => {
    expect(classifyFetchFailure(electronFailure('ERR_CONNECTION_REFUSED'), true).failure).toBe('timeout');
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
    expect(outcomeOf(classifyFetchFailure(electronFailure('ERR_INTERNET_DISCONNECTED'), false), false).kind).toBe(
      'retry',
    );
  });

  it('a 429 was not acted on, so any write waits and goes again', () => {
    expect(outcomeOf(new PartnerApiError(429, 'Too Many Requests', 'slow down', null), false).kind).toBe('retry');
  });

  it('an unexpected failure of the app is retried with a fixed sentence: its raw text (paths, internals) never reaches the window', () => {
    const outcome = outcomeOf(
      new TypeError("Cannot read properties of undefined (reading 'x') at /home/sam/app/out/main/index.js:1:2"),
      false,
    );
    expect(outcome.kind).toBe('retry');
    expect(JSON.stringify(outcome)).not.toMatch(/home\/sam|Cannot read/);
    expect(outcome.kind === 'retry' && outcome.problem.message).toMatch(/Something unexpected went wrong/);
  });
});
