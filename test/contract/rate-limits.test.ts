import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock, startDemo, type TestDemo } from './support/demo';

const clock = manualClock();
let t: TestDemo;
beforeAll(async () => {
  t = await startDemo({ clock, rateLimit: { enabled: true, perMinute: 60, perHour: 1000, perDay: 10_000 } });
});
afterAll(() => t.demo.close());

describe('Rate limits (contract: 60/minute, 1000/hour, 10000/day per Client ID; 429 with Retry-After and X-RateLimit-*)', () => {
  it('carries X-RateLimit-* on successful responses', async () => {
    const result = await t.call('GET', '/users/list', { practice: 1 });
    expect(result.status).toBe(200);
    expect(Number(result.headers.get('x-ratelimit-limit'))).toBe(60);
    expect(Number(result.headers.get('x-ratelimit-remaining'))).toBe(59);
    expect(Number(result.headers.get('x-ratelimit-reset'))).toBeGreaterThan(clock.now().getTime() / 1000);
  });

  it('answers the 61st request in a minute with 429, Retry-After and the rate-limit headers, then recovers when the window slides', async () => {
    clock.advance(120_000);
    for (let i = 0; i < 60; i++) {
      const ok = await t.call('GET', '/users/list');
      expect(ok.status, `request ${i + 1}`).toBe(200);
      clock.advance(500);
    }
    const refused = await t.call('GET', '/users/list');
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ status: 429, title: 'Too Many Requests' });
    const retryAfter = Number(refused.headers.get('retry-after'));
    // 60 requests 0.5 s apart, then the refused one 0.5 s after the last: the first is 30 s old and
    // leaves the 60 s window in exactly 30 s.
    expect(retryAfter).toBe(30);
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(refused.headers.get('x-ratelimit-limit')).toBe('60');

    clock.advance(retryAfter * 1000 - 1500);
    expect((await t.call('GET', '/users/list')).status).toBe(429);
    clock.advance(1500);
    expect((await t.call('GET', '/users/list')).status).toBe(200);
  });

  it('does not count refused requests', async () => {
    clock.advance(3_600_000 * 2);
    const clientId = t.demo.practices[0]!.readWrite.clientId;
    for (let i = 0; i < 60; i++) await t.call('GET', '/users/list');
    for (let i = 0; i < 5; i++) expect((await t.call('GET', '/users/list')).status).toBe(429);
    expect(t.demo.runtime.rateLimiter.countSince(clientId, 60_000)).toBe(60);
  });

  it('enforces the hourly window, which binds a sustained import', async () => {
    clock.advance(86_400_000);
    t.demo.configure({ rateLimit: { enabled: true, perMinute: 60, perHour: 100, perDay: 10_000 } });
    try {
      let accepted = 0;
      let firstRefusal: { retryAfter: number; limit: string | null } | null = null;
      for (let i = 0; i < 130 && !firstRefusal; i++) {
        const result = await t.call('GET', '/users/list');
        if (result.status === 200) accepted++;
        else
          firstRefusal = {
            retryAfter: Number(result.headers.get('retry-after')),
            limit: result.headers.get('x-ratelimit-limit'),
          };
        clock.advance(1_100);
      }
      expect(accepted).toBe(100);
      expect(firstRefusal?.limit).toBe('100');
      expect(firstRefusal!.retryAfter).toBeGreaterThan(3_000);
    } finally {
      t.demo.configure({ rateLimit: { enabled: true, perMinute: 60, perHour: 1000, perDay: 10_000 } });
    }
  });

  it('can give Retry-After as an HTTP date', async () => {
    clock.advance(86_400_000);
    t.demo.configure({ retryAfterUnit: 'http-date' });
    try {
      for (let i = 0; i < 60; i++) await t.call('GET', '/users/list', { practice: 1 });
      const refused = await t.call('GET', '/users/list', { practice: 1 });
      expect(refused.status).toBe(429);
      const when = Date.parse(refused.headers.get('retry-after')!);
      expect(when).toBeGreaterThan(clock.now().getTime());
      expect(when - clock.now().getTime()).toBeLessThanOrEqual(61_000);
    } finally {
      t.demo.configure({ retryAfterUnit: 'seconds' });
    }
  });

  it('counts each Client ID separately', async () => {
    clock.advance(86_400_000);
    for (let i = 0; i < 60; i++) await t.call('GET', '/users/list');
    expect((await t.call('GET', '/users/list')).status).toBe(429);
    expect((await t.call('GET', '/users/list', { as: 'readOnly' })).status).toBe(200);
  });

  it('sends the Date header from the server clock', async () => {
    clock.advance(86_400_000);
    const result = await t.call('GET', '/auth/validate', { practice: 1 });
    expect(new Date(result.headers.get('date')!).getTime()).toBe(Math.floor(clock.now().getTime() / 1000) * 1000);
  });
});
