import { describe, expect, it } from 'vitest';
import type { BudgetStatus } from '../../../../src-preload/contract/budget';
import type { OutboxEntry } from '../../../../src-preload/contract/outbox/outbox-entry';
import { newEntry } from '../../../../src-renderer/outbox/outbox-state';
import {
  aboutSeconds,
  heldBehindBackoff,
  waitReason,
  type WaitContext,
} from '../../../../src-renderer/outbox/wait-reason';
import { operationRegistry } from '../../../../src-renderer/operations/registry';
import { firstWords } from '../../../../src-renderer/operations/shared/operation-parts';

const T0 = Date.parse('2026-11-23T14:00:00Z');
const LEAD = '11111111-1111-4111-8111-111111111111';
const entry = (over: Partial<OutboxEntry> = {}, params: OutboxEntry['payload']['params'] = { key: LEAD }) => ({
  ...newEntry(
    {
      id: crypto.randomUUID(),
      operation: 'lead.addNote',
      payload: { params, body: { text: 'Called about the renewal of the bookkeeping engagement for next year' } },
      summary: "Add a note to lead Charlie O'Neill",
      entityKey: null,
      dependsOn: [],
    },
    T0 - 60_000,
  ),
  ...over,
});
const budget = (over: Partial<BudgetStatus> = {}): BudgetStatus => ({
  remaining: { minute: 12, hour: 900, day: 9000 },
  limits: { perMinute: 60, perHour: 1000, perDay: 10000 },
  limitsSource: 'default',
  usage: { thisLaptopLastHour: 0, othersLastHour: 0 },
  cadence: { activePerHour: 0, idlePerHour: 0, laptopsCarried: 0 },
  pausedUntil: null,
  run: null,
  ...over,
});
const ctx = (over: Partial<WaitContext> = {}): WaitContext => ({
  now: T0,
  online: true,
  canWrite: true,
  pausedForCredentials: false,
  budget: budget(),
  byId: () => undefined,
  time: (ms) => new Date(ms).toISOString().slice(11, 16),
  ...over,
});

describe('every outbox wait explains itself', () => {
  it('offline: says so, and offers no retry (nothing would change)', () => {
    expect(waitReason(entry(), ctx({ online: false }))).toEqual({
      kind: 'offline',
      text: 'Offline — it goes out when this laptop is back online',
      canRetry: false,
    });
  });

  it('the request budget spent: says until when, without a retry', () => {
    const spent = budget({
      remaining: { minute: 0, hour: 900, day: 9000 },
      estimate: { requests: 1, etaSeconds: 40 },
    });
    expect(waitReason(entry(), ctx({ budget: spent }))).toEqual({
      kind: 'budget',
      text: 'Waiting for the request budget — about 40 s',
      canRetry: false,
    });
    // The entry main holds while the budget refills says the same, not just "sending".
    expect(waitReason(entry({ status: 'sending' }), ctx({ budget: spent }))?.text).toBe(
      'Sending: waiting for the request budget — about 40 s',
    );
    expect(waitReason(entry(), ctx({ budget: budget({ pausedUntil: new Date(T0 + 80_000).toISOString() }) }))).toEqual({
      kind: 'server-paused',
      text: 'Waiting for the request budget — about 80 s: the practice asked the app to pause until 14:01',
      canRetry: false,
    });
  });

  it('after a 429 the entry waits for the budget until the practice said, with no retry', () => {
    const refused = entry({
      attempts: 1,
      notBefore: new Date(T0 + 40_000).toISOString(),
      lastError: { status: 429, title: 'Too Many Requests', message: 'Too many requests.' },
    });
    expect(waitReason(refused, ctx())).toEqual({
      kind: 'budget',
      text: 'Waiting for the request budget — about 40 s',
      canRetry: false,
    });
  });

  it('waits for the entry whose result it refers to ("the lead to be created first")', () => {
    const create = { ...entry(), id: 'create-lead', operation: 'lead.create' as const, summary: 'Create lead Charlie' };
    const note = entry({}, { key: { outboxRef: 'create-lead', field: 'leadKey' } });
    const reason = waitReason(note, ctx({ byId: (id) => (id === 'create-lead' ? create : undefined) }));
    expect(reason).toEqual({
      kind: 'dependency',
      text: 'Waiting for “Create lead Charlie” to go out first',
      canRetry: false,
    });
  });

  it('a backoff after an error says the next try and attempt, and keeps "Retry now"; what follows waits behind it', () => {
    const failedOnce = entry({ attempts: 2, notBefore: new Date(T0 + 5 * 60_000).toISOString() });
    expect(waitReason(failedOnce, ctx())).toEqual({
      kind: 'backoff',
      text: 'Next try at 14:05 (attempt 3)',
      canRetry: true,
    });
    const next = entry();
    const behind = heldBehindBackoff([failedOnce, next], T0).get(next.id);
    expect(behind).toBe(failedOnce);
    expect(waitReason(next, ctx({ behind }))).toMatchObject({ kind: 'dependency', canRetry: false });
  });

  it('paused credentials, read-only credentials; failed entries are not "waiting"', () => {
    expect(waitReason(entry(), ctx({ pausedForCredentials: true }))?.kind).toBe('paused-credentials');
    // Sent, then a 401: it is checked once the credentials are back, not "sending now".
    expect(waitReason(entry({ status: 'sending' }), ctx({ pausedForCredentials: true }))).toMatchObject({
      kind: 'paused-credentials',
      text: expect.stringMatching(/checked \(not sent again\)/),
    });
    expect(waitReason(entry(), ctx({ canWrite: false }))?.kind).toBe('read-only');
    expect(waitReason(entry({ status: 'failed' }), ctx())).toBeNull();
    expect(waitReason(entry(), ctx())).toMatchObject({ kind: 'queued', canRetry: false });
    expect(aboutSeconds(150)).toBe('about 3 min');
  });

  it('entries show what they carry: four notes to the same lead can be told apart', () => {
    expect(firstWords('Called about the renewal of the bookkeeping engagement for next year')).toBe(
      'Called about the renewal of the bookkeeping…',
    );
    expect(firstWords('  Short   note ')).toBe('Short note');
    const carries = operationRegistry['lead.addNote'].description.carries;
    expect(carries?.({ text: 'Sent the engagement letter' })).toBe('Sent the engagement letter');
    expect(carries?.({ nope: 1 })).toBeNull();
  });
});
