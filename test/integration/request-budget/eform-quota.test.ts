import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createDemoPractice, type DemoPractice } from '../../../src-main/demo-practice/create-demo-practice';
import { createOutboxExecutor } from '../../../src-main/outbox/outbox-executor';
import { createPartnerApiClient } from '../../../src-main/partner-api/partner-api-client';
import { createMemoryBudgetStore } from '../../../src-main/request-budget/budget-store';
import { createVirtualTimer } from '../../../src-main/request-budget/budget-timer';
import { createRequestBudget } from '../../../src-main/request-budget/request-budget';
import { clockOf, createVirtualTimeFetch } from '../../support/virtual-time-http';
import { HOUR, MINUTE, START } from './budget-harness';

let demo: DemoPractice | undefined;
afterEach(async () => {
  await demo?.close();
  demo = undefined;
});

const MIDNIGHT = Date.parse('2026-11-03T00:00:00Z'); // the quota's reset, 15 h after START

/**
 * The demo practice with its rate limiter on (the contract's defaults) and a daily eForm quota of `quota`,
 * already used up today; one laptop with the app's budget, client and outbox executor, on virtual time.
 */
async function practiceWithQuotaUsedUp(quota: number) {
  const timer = createVirtualTimer(START);
  demo = await createDemoPractice({ seed: 11, clock: clockOf(timer), eformDailyQuota: quota });
  const practice = demo.practices[0]!;
  const state = demo.runtime.practices[0]!;
  state.eformsSentByDay.set('2026-11-02', quota);
  const store = createMemoryBudgetStore();
  const budget = createRequestBudget({ clientId: practice.readWrite.clientId, timer, store, onError: () => undefined });
  const http = createVirtualTimeFetch(timer);
  const api = createPartnerApiClient({
    baseUrl: practice.baseUrl,
    credentials: () => practice.readWrite,
    fetch: http.fetch,
    sleep: timer.sleep,
    budget,
  });
  const executor = createOutboxExecutor({ targetFor: () => ({ api, canWrite: true }) });
  const client = [...state.entities.values()].find((e) => !e.entityTerminated)!;
  const send = (operation: 'eform.create' | 'lead.create', body: Record<string, unknown>) =>
    executor.send({
      practiceKey: state.profile.practiceKey,
      entryId: crypto.randomUUID(),
      operation,
      payload: { params: {}, body },
    });
  const sendEform = () =>
    send('eform.create', {
      templateId: state.eformTemplates[0]!.templateId,
      entityKey: client.entityKey,
      recipientName: 'Client',
      recipientEmail: 'client@example.com',
      emailSubject: 'Please fill in',
      emailContent: 'Here is the form: [Link]',
      sendNow: true,
    });
  const eformPosts = () => http.log.filter((r) => /\/api\/v1\/eforms$/.test(r.url)).length;
  return { timer, budget, api, http, store, send, sendEform, eformPosts, clientId: practice.readWrite.clientId };
}

describe('the daily eForm quota is not an outage (demo practice, rate limiter on, virtual time)', () => {
  for (const quota of [60, 1000, 0]) {
    it(`a quota of ${quota} (a window's limit or none): one POST, the eForm waits until the reset, the rest goes on`, async () => {
      const t = await practiceWithQuotaUsedUp(quota);
      const outcome = await t.sendEform();
      expect(t.eformPosts()).toBe(1); // no retry inside the client
      expect(outcome).toMatchObject({ kind: 'retry', problem: { status: 429, waitsFor: 'eform-quota' } });
      if (outcome.kind !== 'retry') throw new Error('unreachable');
      expect(outcome.problem.message).toContain("The practice's daily eForm quota is used up; this goes out after");
      // Until the quota resets (Date.now is the laptop clock, the demo's is virtual: compare the delay).
      expect(outcome.retryAfterMs).toBeGreaterThan(14 * HOUR);
      expect(outcome.retryAfterMs).toBeLessThanOrEqual(MIDNIGHT - START + 1_000);

      // Nothing else waits: the budget is not paused and its limits are the contract's.
      expect(t.budget.snapshot()).toMatchObject({
        pausedUntil: null,
        limits: { perMinute: 60, perHour: 1000, perDay: 10_000 },
      });
      const started = t.timer.now();
      for (let i = 0; i < 20; i += 1) await t.api.list('/users/list', z.unknown());
      const lead = await t.send('lead.create', { name: 'Quota', surname: 'Test', email: 'quota@example.com' });
      expect(lead.kind).toBe('done');
      expect(t.timer.now() - started).toBeLessThan(MINUTE);
      expect(t.http.log.filter((r) => r.status === 429)).toHaveLength(1);
      t.budget.flush();
      expect(t.store.peek(t.clientId)?.pausedUntil ?? null).toBeNull(); // nothing saved to freeze a restart

      // After the reset the eForm goes out.
      t.timer.advanceTo(MIDNIGHT + 1_000);
      if (quota > 0) expect((await t.sendEform()).kind).toBe('done');
      expect(t.eformPosts()).toBe(quota > 0 ? 2 : 1);
    }, 60_000);
  }

  it('a rate-limit 429 on the eForm route is still the rate limit: it pauses and is retried', async () => {
    const t = await practiceWithQuotaUsedUp(200);
    demo!.runtime.practices[0]!.eformsSentByDay.set('2026-11-02', 0);
    // Refused for 30 s with the rate limit's headers (Limit 60, Remaining 0) and no word of a quota.
    demo!.configure({ faults: { stormUntil: new Date(START + 30_000) } });
    const outcome = await t.sendEform();
    expect(outcome.kind).toBe('done');
    expect(t.eformPosts()).toBe(2); // refused once, then sent after Retry-After, as any 429 is
    expect(t.timer.now() - START).toBeGreaterThanOrEqual(30_000);
    expect(t.http.log.filter((r) => r.status === 429)).toHaveLength(1);
  }, 60_000);
});
