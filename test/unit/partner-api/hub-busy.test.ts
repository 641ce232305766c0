import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeApiError, HubBusyError } from '../../../src-main/partner-api/api-errors';
import { createPartnerApiClient } from '../../../src-main/partner-api/partner-api-client';

/** A hub that answers 429 with these Retry-After values, then 200; the client's sleeps are recorded, not slept. */
function hubAnswering(retryAfter: (string | null)[]) {
  const slept: number[] = [];
  let asked = 0;
  const api = createPartnerApiClient({
    baseUrl: 'http://127.0.0.1:4020',
    credentials: () => ({ clientId: 'device', secret: 'token' }),
    hubDevice: true,
    sleep: async (ms) => void slept.push(ms),
    fetch: async () => {
      const wait = retryAfter[asked++];
      if (wait === undefined) return Response.json([{ ok: true }]);
      return new Response(JSON.stringify({ status: 429, title: 'Too Many Requests', message: 'slow down' }), {
        status: 429,
        headers: { 'content-type': 'application/problem+json', ...(wait === null ? {} : { 'retry-after': wait }) },
      });
    },
  });
  return { api, slept, asked: () => asked };
}

describe('a laptop honours the hub’s 429', () => {
  it('waits a short Retry-After itself, then asks again', async () => {
    const hub = hubAnswering(['3', '7']);
    expect((await hub.api.request('GET', '/bills/1', z.unknown())).data).toEqual([{ ok: true }]);
    expect(hub.slept).toEqual([3_000, 7_000]);
    expect(hub.asked()).toBe(3);
  });

  it('says a long wait as the hub’s, with the seconds, instead of asking again at once', async () => {
    const hub = hubAnswering(['240']);
    const error = await hub.api.request('GET', '/bills/1', z.unknown()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HubBusyError);
    expect((error as HubBusyError).retryAfterMs).toBe(240_000);
    expect(describeApiError(error)).toBe(
      'The practice hub asked this laptop to wait 240 s before asking it for more; it tries again then by itself.',
    );
    expect(hub.slept).toEqual([]);
    expect(hub.asked()).toBe(1);
  });

  it('takes an unreadable Retry-After as a few seconds, and gives up after its attempts', async () => {
    const hub = hubAnswering([null, 'soon', null, null, null, null]);
    const error = await hub.api.request('GET', '/bills/1', z.unknown()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HubBusyError);
    expect(hub.slept).toEqual([5_000, 5_000, 5_000, 5_000]);
    expect(hub.asked()).toBe(5);
  });
});
