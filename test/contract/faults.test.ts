import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { manualClock, startDemo, type TestDemo } from './support/demo';

const clock = manualClock();
let t: TestDemo;
beforeAll(async () => {
  t = await startDemo({ clock });
});
afterEach(() =>
  t.demo.configure({ faults: { errorRate: 0, resetRate: 0, truncateRate: 0, latencyMs: 0, stormUntil: null } }),
);
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

describe('Fault injection (one-shot, for the next matching request)', () => {
  let n = 0;
  const leadBody = () => ({ name: `Fault lead ${++n}`, surname: 'Probe' });
  const leadsNamed = (name: string) => [...t.state().leads.values()].filter((l) => l.name === name).length;
  afterEach(() => t.demo.clearFaults());

  it('fail-before-apply answers the 5xx asked for and changes nothing', async () => {
    t.demo.injectFault({ match: { method: 'POST', path: /\/leads$/ }, fault: 'fail-before-apply', status: 503 });
    const body = leadBody();
    const result = await t.call('POST', '/leads', { body });
    expect(result.status).toBe(503);
    expect(leadsNamed(body.name)).toBe(0);
  });

  it('fail-after-apply keeps the change and answers a 5xx problem', async () => {
    t.demo.injectFault({ match: { method: 'POST', path: /\/leads$/ }, fault: 'fail-after-apply', status: 502 });
    const body = leadBody();
    const result = await t.call('POST', '/leads', { body });
    expect(result.status).toBe(502);
    expect(result.json.status).toBe(502);
    expect(leadsNamed(body.name)).toBe(1);
  });

  it('reset-before-apply drops the connection and changes nothing', async () => {
    t.demo.injectFault({ match: { method: 'POST', path: /\/leads$/ }, fault: 'reset-before-apply' });
    const body = leadBody();
    await expect(t.call('POST', '/leads', { body })).rejects.toThrow();
    expect(leadsNamed(body.name)).toBe(0);
  });

  it('reset-after-apply keeps the change, then drops the connection', async () => {
    t.demo.injectFault({ match: { method: 'POST', path: /\/leads$/ }, fault: 'reset-after-apply' });
    const body = leadBody();
    await expect(t.call('POST', '/leads', { body })).rejects.toThrow();
    expect(leadsNamed(body.name)).toBe(1);
  });

  it('slow keeps the change and answers only after the delay', async () => {
    t.demo.injectFault({ match: { method: 'POST', path: /\/leads$/ }, fault: 'slow', delayMs: 150 });
    const body = leadBody();
    const started = performance.now();
    const result = await t.call('POST', '/leads', { body });
    expect(result.status).toBe(201);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    expect(leadsNamed(body.name)).toBe(1);
  });

  it('slow-before-apply with hold applies only when the test lets the practice finish', async () => {
    let finish = () => undefined as void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    t.demo.injectFault({ match: { method: 'POST', path: /\/leads$/ }, fault: 'slow-before-apply', hold: () => held });
    const body = leadBody();
    const answer = t.call('POST', '/leads', { body });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(leadsNamed(body.name)).toBe(0);
    finish();
    expect((await answer).status).toBe(201);
    expect(leadsNamed(body.name)).toBe(1);
  });

  it('truncate keeps the change and cuts the answer off', async () => {
    t.demo.injectFault({ match: { method: 'POST', path: /\/leads$/ }, fault: 'truncate' });
    const body = leadBody();
    await expect(t.call('POST', '/leads', { body })).rejects.toThrow();
    expect(leadsNamed(body.name)).toBe(1);
  });

  it.each([302, 400, 401, 404, 409])('status-after-apply keeps the change and answers %i instead', async (status) => {
    t.demo.injectFault({ match: { method: 'POST', path: /\/leads$/ }, fault: 'status-after-apply', status });
    const body = leadBody();
    const result = await t.call('POST', '/leads', { body });
    expect(result.status).toBe(status);
    expect(leadsNamed(body.name)).toBe(1);
  });

  it('status-after-apply with foreign answers an HTML page, as a gateway in front of the practice would', async () => {
    t.demo.injectFault({
      match: { method: 'POST', path: /\/leads$/ },
      fault: 'status-after-apply',
      status: 404,
      foreign: true,
    });
    const body = leadBody();
    const result = await t.call('POST', '/leads', { body });
    expect(result.status).toBe(404);
    expect(result.headers.get('content-type')).toMatch(/^text\/html/);
    expect(leadsNamed(body.name)).toBe(1);
  });

  it('refuses a fail-before-apply or fail-after-apply that is not a 5xx', () => {
    expect(() => t.demo.injectFault({ match: { method: 'POST' }, fault: 'fail-after-apply', status: 404 })).toThrow(
      /5xx/,
    );
  });

  it('strikes once, only a matching request, oldest first', async () => {
    t.demo.injectFault({ match: { method: 'POST', path: /\/leads$/ }, fault: 'fail-before-apply', status: 500 });
    t.demo.injectFault({ match: { method: 'POST', path: /\/leads$/ }, fault: 'fail-before-apply', status: 503 });
    expect((await t.call('GET', '/leads/list')).status).toBe(200);
    expect((await t.call('POST', '/leads', { body: leadBody() })).status).toBe(500);
    expect((await t.call('POST', '/leads', { body: leadBody() })).status).toBe(503);
    const body = leadBody();
    expect((await t.call('POST', '/leads', { body })).status).toBe(201);
    expect(leadsNamed(body.name)).toBe(1);
  });
});
