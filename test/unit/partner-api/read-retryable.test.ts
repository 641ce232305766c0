import { describe, expect, it } from 'vitest';
import { ListChangedWhileReadError, PartnerApiError } from '../../../src-main/partner-api/api-errors';
import type { PartnerApiClient } from '../../../src-main/partner-api/partner-api-client';
import { createPracticeReader } from '../../../src-main/practice-reads/practice-reader';

/** A reader whose every request fails with `error`. */
function readFailing(error: unknown) {
  const api = {
    request: () => Promise.reject(error),
    list: () => Promise.reject(error),
  } as unknown as PartnerApiClient;
  return createPracticeReader({ targetFor: () => ({ api }) }).read({
    practiceKey: 'p',
    priority: 'prefetch',
    request: { kind: 'recurring.runs', recurringBillingId: 7 },
  });
}

describe('a failed read says whether trying later may help', () => {
  it('a 5xx or a 429 may pass: retryable', async () => {
    for (const status of [500, 503, 429])
      expect(await readFailing(new PartnerApiError(status, 'x', '', null))).toMatchObject({
        ok: false,
        problem: 'failed',
        retryable: true,
      });
  });

  it('a list that changed while it was read may read whole next time: retryable, and said so', async () => {
    expect(await readFailing(new ListChangedWhileReadError())).toMatchObject({
      ok: false,
      problem: 'failed',
      retryable: true,
      message: expect.stringContaining('changed while it was being read'),
    });
  });

  it('a refusal will not: not retryable', async () => {
    for (const status of [400, 403])
      expect(await readFailing(new PartnerApiError(status, 'x', '', null))).not.toHaveProperty('retryable');
  });
});
