import { describe, expect, it } from 'vitest';
import { createVirtualTimer } from '../../../src-main/request-budget/budget-timer';
import { clockOf, createVirtualTimeFetch } from '../../support/virtual-time-http';
import { useHubTestBed } from './hub-test-bed';

const bed = useHubTestBed('hub-clock-test-');

describe('the hub on an injected clock (benchmarks run hours of limits in minutes)', () => {
  it('paces its Partner API requests and judges webhook timestamps by that clock, not the wall clock', async () => {
    // Two hours ahead of the wall clock: a delivery signed by the practice on this clock is stale by the wall's.
    const timer = createVirtualTimer(Date.now() + 2 * 3_600_000);
    await bed.openDemo({ seed: 5, clock: clockOf(timer), rateLimit: { enabled: true } });
    const http = createVirtualTimeFetch(timer);
    const hub = await bed.startHub({ fetch: http.fetch, timer, subscribeWebhooks: true });
    expect(hub.webhooks).toEqual({ subscriptions: 2, testArrived: true });
    // Every request went through the injected transport, at the injected clock's time, and none was refused.
    expect(http.log.length).toBeGreaterThan(0);
    expect(http.log.filter((r) => r.status === 429)).toEqual([]);
    expect(http.log.every((r) => r.sentAt >= Date.now() + 3_600_000)).toBe(true);
  }, 180_000);
});
