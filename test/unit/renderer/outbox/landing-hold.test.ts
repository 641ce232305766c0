import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { Companion } from '../../../../src-preload/contract/companion';
import type { OutboxOutcome } from '../../../../src-preload/contract/outbox/outbox-entry';
import { SETTLE_MARGIN_MS } from '../../../../src-preload/contract/outbox/send-evidence';
import { enqueue, readEntries } from '../../../../src-renderer/outbox/outbox-db';
import { landingHoldOn } from '../../../../src-renderer/outbox/landing-hold';
import { createOutboxReplayer } from '../../../../src-renderer/outbox/outbox-replayer';
import { markSending } from '../../../../src-renderer/outbox/outbox-state';
import { waitReason } from '../../../../src-renderer/outbox/wait-reason';
import { deletePracticeDb } from '../../../../src-renderer/data/practice-db';
import { practiceDb } from '../../../support/practice-db';

const practiceKey = '99999999-9999-4999-8999-999999999999';
const ONBOARDING = '11111111-1111-4111-8111-111111111111';
const OTHER_ONBOARDING = '33333333-3333-4333-8333-333333333333';
const USER = '22222222-2222-4222-8222-222222222222';
const T0 = Date.parse('2026-11-02T09:00:00Z');
afterEach(() => deletePracticeDb(practiceKey));

const timedOut: OutboxOutcome = {
  kind: 'retry',
  problem: { status: null, title: 'No answer', message: 'timed out' },
  retryAfterMs: 30_000,
  mayStillLand: true,
};

/** Two edits of one client's custom field, and one of another onboarding's, queued in that order. */
async function queueEdits() {
  const db = practiceDb(practiceKey);
  const edit = (key: string, value: string) =>
    enqueue(
      db,
      {
        id: crypto.randomUUID(),
        operation: 'onboarding.setCustomFields',
        payload: { params: { key, clientId: 7 }, body: { userKey: USER, fields: [{ customFieldID: 2, value }] } },
        summary: `Set field to ${value}`,
        entityKey: null,
        dependsOn: [],
      },
      T0,
    );
  const first = await edit(ONBOARDING, 'first');
  const second = await edit(ONBOARDING, 'second');
  const elsewhere = await edit(OTHER_ONBOARDING, 'elsewhere');
  return { db, first, second, elsewhere };
}

/**
 * A practice that keeps working on a request after the laptop gave up on it: the attempts `late` names
 * are applied only when `catchUp()` runs, after whatever was sent meanwhile.
 */
function slowPractice(late: (attempt: number, value: string) => boolean) {
  const values = new Map<string, string>();
  const held: (() => void)[] = [];
  const sent: { value: string; at: number }[] = [];
  let now = T0;
  const companion: Pick<Companion, 'outbox'> = {
    outbox: {
      send: async (input) => {
        const body = input.payload.body as { fields: { value: string }[] };
        const value = body.fields[0]!.value;
        const record = String(input.payload.params['key']);
        sent.push({ value, at: now });
        const apply = () => void values.set(record, value);
        if (late(sent.filter((s) => s.value === value).length, value)) {
          held.push(apply);
          return timedOut;
        }
        apply();
        return { kind: 'done', result: null };
      },
      verify: async () => ({ verdict: 'unknown', reason: 'not used' }),
    },
  };
  return {
    companion,
    values,
    sent,
    catchUp: () => held.splice(0).forEach((apply) => apply()),
    clock: { now: () => now, set: (at: number) => void (now = at) },
  };
}

/** A replayer that sends to `practice` on its clock, one window, no Web Locks. */
const replayerFor = (db: ReturnType<typeof practiceDb>, practice: ReturnType<typeof slowPractice>) =>
  createOutboxReplayer({
    db,
    practiceKey,
    companion: practice.companion,
    canSend: () => true,
    onUnauthorized: () => undefined,
    now: practice.clock.now,
    locks: null,
  });

describe('an attempt with no answer may still land at the practice: a later edit of its record waits for it', () => {
  it('the first edit is resent at once, the second waits out the margin, the other record goes on; the second wins', async () => {
    const { db, first, second, elsewhere } = await queueEdits();
    const practice = slowPractice((attempt, value) => value === 'first' && attempt === 1);
    const replayer = replayerFor(db, practice);

    const afterTimeout = await replayer.drain();
    expect(practice.sent.map((s) => s.value)).toEqual(['first']);
    practice.clock.set(afterTimeout.nextAttemptAt!);
    const afterResend = await replayer.drain();
    // Resent (same value, harmless) and done; the other onboarding's edit is not held back.
    expect(practice.sent.map((s) => s.value)).toEqual(['first', 'first', 'elsewhere']);
    expect(afterResend.nextAttemptAt).toBe(T0 + SETTLE_MARGIN_MS);

    const { entries } = await readEntries(db);
    const reason = waitReason(
      entries.find((e) => e.id === second.id)!,
      {
        now: practice.clock.now(),
        online: true,
        canWrite: true,
        pausedForCredentials: false,
        budget: null,
        byId: (id) => entries.find((e) => e.id === id),
        holds: entries.filter((e) => e.mayLandUntil),
        time: (ms) => new Date(ms).toISOString().slice(11, 16),
      },
    );
    expect(reason).toMatchObject({ kind: 'late-landing', canRetry: false });
    expect(reason?.text).toContain('09:05');
    expect(reason?.text).toContain('Set field to first');

    // The practice finishes the attempt it kept, within the margin.
    practice.clock.set(T0 + 3 * 60_000);
    practice.catchUp();
    await replayer.drain();
    expect(practice.sent.map((s) => s.value)).toEqual(['first', 'first', 'elsewhere']);

    practice.clock.set(T0 + SETTLE_MARGIN_MS + 1);
    await replayer.drain();
    expect(practice.sent.map((s) => s.value)).toEqual(['first', 'first', 'elsewhere', 'second']);
    expect(practice.values.get(ONBOARDING)).toBe('second');
    expect(practice.values.get(OTHER_ONBOARDING)).toBe('elsewhere');
    const done = (await readEntries(db)).entries;
    expect(done.every((e) => e.status === 'done')).toBe(true);
    expect(done.find((e) => e.id === first.id)?.mayLandUntil).toBe(new Date(T0 + SETTLE_MARGIN_MS).toISOString());
    expect(done.find((e) => e.id === elsewhere.id)?.mayLandUntil ?? null).toBeNull();
  });

  it('an edit interrupted while it was out (a crash) holds the next edit of its record the same way', async () => {
    const { db, first } = await queueEdits();
    // The window died after storing `sending`: nobody knows whether the request reached the practice.
    const stored = (await readEntries(db)).entries.find((e) => e.id === first.id)!;
    await db.outbox.put({ ...markSending(stored, T0), seq: stored.seq! });
    const practice = slowPractice(() => false);
    const restartedAt = T0 + 60_000;
    practice.clock.set(restartedAt);
    const replayer = replayerFor(db, practice);
    const report = await replayer.drain();
    expect(practice.sent.map((s) => s.value)).toEqual(['first', 'elsewhere']);
    expect(report.nextAttemptAt).toBe(restartedAt + SETTLE_MARGIN_MS);
    practice.clock.set(restartedAt + SETTLE_MARGIN_MS);
    await replayer.drain();
    expect(practice.sent.map((s) => s.value)).toEqual(['first', 'elsewhere', 'second']);
  });

  it('an attempt the practice answered (or that never left) holds nothing', async () => {
    const { db } = await queueEdits();
    const practice = slowPractice(() => false);
    const replayer = replayerFor(db, practice);
    await replayer.drain();
    expect(practice.sent.map((s) => s.value)).toEqual(['first', 'second', 'elsewhere']);
    expect((await readEntries(db)).entries.some((e) => e.mayLandUntil)).toBe(false);
  });
});

describe('the record a write changes is its path, whatever the method', () => {
  it("a whole-list PUT of a proposal's services waits for a line PATCH of them that may still land", async () => {
    const db = practiceDb(practiceKey);
    const queue = (operation: 'proposal.editServices' | 'proposal.replaceServices', key: string) =>
      enqueue(
        db,
        {
          id: crypto.randomUUID(),
          operation,
          payload: {
            params: { key },
            body: { userKey: USER, services: [{ serviceID: 1, quantity: 2 }] },
            ...(operation === 'proposal.editServices' ? { base: [{ serviceID: 1, was: null }] } : {}),
          },
          summary: operation,
          entityKey: null,
          dependsOn: [],
        },
        T0,
      );
    const [proposal, otherProposal] = [ONBOARDING, OTHER_ONBOARDING]; // any two keys
    const patch = await queue('proposal.editServices', proposal);
    const put = await queue('proposal.replaceServices', proposal);
    const other = await queue('proposal.replaceServices', otherProposal);
    const landing = { ...patch, mayLandUntil: new Date(T0 + SETTLE_MARGIN_MS).toISOString() };
    expect(landingHoldOn(put, put.payload, [landing], T0)?.by.id).toBe(patch.id);
    expect(landingHoldOn(other, other.payload, [landing], T0)).toBeNull();
  });
});
