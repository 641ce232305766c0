import { describe, expect, it } from 'vitest';
import { problemFor } from '../../../src-main/documents/document-problems';
import { outcomeOf } from '../../../src-main/outbox/outbox-executor';
import { describeApiError, NetworkError, PartnerApiError } from '../../../src-main/partner-api/api-errors';
import { failureWords } from '../../../src-preload/contract/failure-words';
import type { PartnerApiClient } from '../../../src-main/partner-api/partner-api-client';
import { createPracticeReader } from '../../../src-main/practice-reads/practice-reader';

const messageOf = (outcome: ReturnType<typeof outcomeOf>): string | undefined =>
  'problem' in outcome ? outcome.problem.message : undefined;

/** A reader whose every request fails with `error`. */
async function readFailing(error: unknown) {
  const api = {
    request: () => Promise.reject(error),
    list: () => Promise.reject(error),
  } as unknown as PartnerApiClient;
  const reader = createPracticeReader({ targetFor: () => ({ api }) });
  return reader.read({
    practiceKey: 'p',
    priority: 'interactive',
    request: { kind: 'bills.forClient', entityKey: 'e', startDate: '2020-01-01', endDate: '2020-12-31' },
  });
}

describe('one wording for the same failure', () => {
  it('read-only credentials read the same in the sync, the outbox and documents', () => {
    const forbidden = new PartnerApiError(403, 'Forbidden', '', { status: 403, title: 'Forbidden' });
    expect(describeApiError(forbidden)).toBe(failureWords.readOnly);
    expect(messageOf(outcomeOf(forbidden, false))).toBe(failureWords.readOnly);
    expect(problemFor(forbidden, 'bill', false).message).toBe(failureWords.readOnly);
  });

  it('a server failure that may simply go again, and a request to slow down, read the same for the outbox', () => {
    expect(messageOf(outcomeOf(new PartnerApiError(503, 'Unavailable', '', null), true))).toBe(
      failureWords.serverProblem,
    );
    expect(describeApiError(new PartnerApiError(503, 'Unavailable', '', null))).toBe(failureWords.serverProblem);
    expect(
      messageOf(outcomeOf(new PartnerApiError(429, '', '', { status: 429, title: 'Too Many Requests' }), false)),
    ).toBe(failureWords.slowDown);
  });

  it('an unreachable server reads the same, with what happens next added by each caller', async () => {
    const unreachable = new NetworkError('unreachable', 'fetch failed');
    expect(describeApiError(unreachable)).toBe(failureWords.unreachable);
    expect(messageOf(outcomeOf(unreachable, false))).toBe(`${failureWords.unreachable} This will go out when it can.`);
    expect(await readFailing(unreachable)).toEqual({
      ok: false,
      problem: 'offline',
      message: `${failureWords.unreachable} What is on this laptop is shown.`,
    });
    expect(await readFailing(new NetworkError('timeout', 'timed out'))).toMatchObject({
      message: `${failureWords.timeout} What is on this laptop is shown.`,
    });
  });

  it('a record the practice no longer has reads the same for a read as for any request', async () => {
    expect(await readFailing(new PartnerApiError(404, 'Not Found', '', null))).toEqual({
      ok: false,
      problem: 'not-found',
      message: failureWords.notFound,
    });
    expect(describeApiError(new PartnerApiError(404, 'Not Found', '', null))).toBe(failureWords.notFound);
  });
});
