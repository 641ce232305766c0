import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ClientClosingError } from '../../../src-main/partner-api/api-errors';
import { createPartnerApiClient } from '../../../src-main/partner-api/partner-api-client';

/** A practice that never answers until the request's signal aborts it, as a real fetch is aborted. */
function practiceThatNeverAnswers(closing: AbortSignal) {
  let asked = 0;
  const api = createPartnerApiClient({
    baseUrl: 'http://127.0.0.1:4020',
    credentials: () => ({ clientId: 'hub', secret: 'secret' }),
    sleep: async () => undefined,
    closing,
    fetch: (_input, init) => {
      asked += 1;
      return new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')), {
          once: true,
        });
      });
    },
  });
  return { api, asked: () => asked };
}

describe('a Partner API client told to close', () => {
  it('gives up the request under way with a ClientClosingError, without resending it', async () => {
    const closing = new AbortController();
    const practice = practiceThatNeverAnswers(closing.signal);
    const reading = practice.api.request('GET', '/bills/1', z.unknown()).catch((e: unknown) => e);
    await new Promise((resolve) => setTimeout(resolve, 10));
    closing.abort();
    expect(await reading).toBeInstanceOf(ClientClosingError);
    expect(practice.asked()).toBe(1);
  });

  it('starts no request once closed, and a caller’s own signal still works before then', async () => {
    const closing = new AbortController();
    const practice = practiceThatNeverAnswers(closing.signal);
    const mine = new AbortController();
    const reading = practice.api
      .request('GET', '/bills/1', z.unknown(), { signal: mine.signal })
      .catch((e: unknown) => e);
    await new Promise((resolve) => setTimeout(resolve, 10));
    mine.abort(new Error('the caller gave up'));
    expect(await reading).toEqual(new Error('the caller gave up'));

    closing.abort();
    expect(await practice.api.request('GET', '/bills/2', z.unknown()).catch((e: unknown) => e)).toBeInstanceOf(
      ClientClosingError,
    );
    expect(practice.asked()).toBe(1);
  });
});
