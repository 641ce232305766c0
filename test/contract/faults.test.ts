import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { manualClock, startDemo, type TestDemo } from './support/demo';

const clock = manualClock();
let t: TestDemo;
beforeAll(async () => {
  t = await startDemo({ clock });
});
afterEach(() => t.demo.configure({ faults: { errorRate: 0, resetRate: 0, truncateRate: 0, latencyMs: 0, stormUntil: null } }));
afterAll(() => t.demo.close());

describe('Fault injection (configuration)', () => {
  it('answers 500/502/503 at the configured error rate', async () => {
    t.demo.configure({ faults: { errorRate: 1, errorStatuses: [502] } });
    const result = await t.call('GET', '/users/list');
    expect(result.status).toBe(502);
    expect(result.json.status).toBe(502);
  });

  it('drops connections at the configured reset rate', async () => {
    t.demo.configure({ faults: { resetRate: 1 } });
    await expect(t.call('GET', '/users/list')).rejects.toThrow();
  });

  it('truncates bodies at the configured rate (the client sees a broken body, not valid JSON)', async () => {
    t.demo.configure({ faults: { truncateRate: 1 } });
    await expect(t.call('GET', '/entities/list')).rejects.toThrow();
  });

  it('answers a 429 storm until it ends, with Retry-After counting down on the server clock', async () => {
    t.demo.configure({ faults: { stormUntil: new Date(clock.now().getTime() + 30_000) } });
    const first = await t.call('GET', '/users/list');
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('30');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('0');
    clock.advance(20_000);
    expect((await t.call('GET', '/users/list')).headers.get('retry-after')).toBe('10');
    clock.advance(10_000);
    expect((await t.call('GET', '/users/list')).status).toBe(200);
  });

  it('adds latency', async () => {
    t.demo.configure({ faults: { latencyMs: 120 } });
    const started = performance.now();
    await t.call('GET', '/auth/validate');
    expect(performance.now() - started).toBeGreaterThanOrEqual(110);
  });
});
