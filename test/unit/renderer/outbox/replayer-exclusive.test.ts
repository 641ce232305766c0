import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { Companion } from '../../../../src-preload/contract/companion';
import type { OutboxSendInput } from '../../../../src-preload/contract/outbox/outbox-entry';
import { deletePracticeDb } from '../../../../src-renderer/data/practice-db';
import { practiceDb } from '../../../support/practice-db';
import {
  discardEntry,
  enqueue,
  readEntries,
  saveEntryIf,
  StaleEntryError,
} from '../../../../src-renderer/outbox/outbox-db';
import { markSending } from '../../../../src-renderer/outbox/outbox-state';
import { createOutboxReplayer } from '../../../../src-renderer/outbox/outbox-replayer';
import { createMemoryWebLocks } from '../../../support/memory-web-locks';

const practiceKey = '77777777-7777-4777-8777-777777777777';
afterEach(() => deletePracticeDb(practiceKey));

const queueContact = (db: ReturnType<typeof practiceDb>, surname: string) =>
  enqueue(db, {
    id: crypto.randomUUID(),
    operation: 'contact.create',
    payload: {
      params: { entityKey: '11111111-1111-4111-8111-111111111111' },
      body: { contactName: 'A', contactSurname: surname },
    },
    summary: surname,
    entityKey: null,
    dependsOn: [],
  });

function countingCompanion(onSend: (input: OutboxSendInput) => Promise<void> = async () => undefined) {
  const sent: string[] = [];
  const companion: Pick<Companion, 'outbox'> = {
    outbox: {
      send: async (input) => {
        await onSend(input);
        sent.push(input.entryId);
        return { kind: 'done', result: null };
      },
      verify: async () => ({ verdict: 'unknown', reason: 'not used' }),
    },
  };
  return { companion, sent };
}

describe('one replayer at a time, and no send over a discard', () => {
  it('two windows draining at once: the lock holder sends each entry once; the other stops', async () => {
    const db = practiceDb(practiceKey);
    for (const name of ['One', 'Two', 'Three']) await queueContact(db, name);
    const locks = createMemoryWebLocks();
    const { companion, sent } = countingCompanion(() => new Promise((resolve) => setTimeout(resolve, 5)));
    const window = () =>
      createOutboxReplayer({ db, practiceKey, companion, canSend: () => true, onUnauthorized: () => undefined, locks });
    const [a, b] = await Promise.all([window().drain(), window().drain()]);
    expect(sent).toHaveLength(3);
    expect(new Set(sent).size).toBe(3);
    expect([a.stopped, b.stopped].sort()).toEqual([false, true]);
  });

  it('without a lock (a browser without Web Locks), compare-and-set alone still sends each entry once', async () => {
    const db = practiceDb(practiceKey);
    for (const name of ['One', 'Two', 'Three']) await queueContact(db, name);
    const { companion, sent } = countingCompanion(() => new Promise((resolve) => setTimeout(resolve, 5)));
    const window = () =>
      createOutboxReplayer({
        db,
        practiceKey,
        companion,
        canSend: () => true,
        onUnauthorized: () => undefined,
        locks: null,
      });
    await Promise.all([window().drain(), window().drain()]);
    expect(new Set(sent).size).toBe(3);
    expect(sent.length).toBe(3);
  });

  it('without a lock, an entry in flight in one window holds back what comes after it in the other', async () => {
    const db = practiceDb(practiceKey);
    const proposalKey = '22222222-2222-4222-8222-222222222222';
    const userKey = '33333333-3333-4333-8333-333333333333';
    const replaceServices = (quantity: number) =>
      enqueue(db, {
        id: crypto.randomUUID(),
        operation: 'proposal.replaceServices',
        payload: { params: { key: proposalKey }, body: { userKey, services: [{ serviceID: 7, quantity }] } },
        summary: `services ×${quantity}`,
        entityKey: null,
        dependsOn: [],
      });
    const first = await replaceServices(1);
    const second = await replaceServices(2);
    // The practice keeps the last PUT it applied; the first attempt of the first edit is reset before it applies.
    let applied: unknown = null;
    let firstInFlight!: () => void;
    const inFlight = new Promise<void>((resolve) => (firstInFlight = resolve));
    let answerFirst!: () => void;
    const firstAnswered = new Promise<void>((resolve) => (answerFirst = resolve));
    const sent: string[] = [];
    const companion: Pick<Companion, 'outbox'> = {
      outbox: {
        send: async (input) => {
          sent.push(input.entryId);
          if (input.entryId === first.id && sent.length === 1) {
            firstInFlight();
            await firstAnswered;
            const problem = { status: null, title: 'No connection', message: 'reset before it applied' };
            return { kind: 'retry', problem, retryAfterMs: null };
          }
          applied = input.payload.body;
          return { kind: 'done', result: null };
        },
        verify: async () => ({ verdict: 'unknown', reason: 'not used' }),
      },
    };
    let clock = Date.now();
    const window = () =>
      createOutboxReplayer({
        db,
        practiceKey,
        companion,
        canSend: () => true,
        onUnauthorized: () => undefined,
        locks: null,
        now: () => clock,
      });
    // Two windows drain at once (as the campaign's two-windows drain does); one of them claims the first edit.
    const both = [window().drain(), window().drain()];
    await inFlight;
    await Promise.race(both); // the other window, which found the first edit in flight, is through
    answerFirst();
    await Promise.all(both);
    expect(sent).toEqual([first.id]);
    clock += 10 * 60_000; // past the first edit's backoff
    await window().drain();
    expect(sent).toEqual([first.id, first.id, second.id]);
    expect(applied).toEqual(second.payload.body);
  });

  it('a discard that lands between reading the queue and marking sending wins: nothing is sent', async () => {
    const db = practiceDb(practiceKey);
    const entry = await queueContact(db, 'Discarded');
    const asRead = (await readEntries(db)).entries[0]!; // the replayer's copy
    await discardEntry(db, asRead); // the user, in another window, a moment later
    expect(await saveEntryIf(db, markSending(asRead, Date.now()), asRead)).toBe(false);
    const { companion, sent } = countingCompanion();
    await createOutboxReplayer({
      db,
      practiceKey,
      companion,
      canSend: () => true,
      onUnauthorized: () => undefined,
      locks: null,
    }).drain();
    expect(sent).toEqual([]);
    expect((await readEntries(db)).entries.find((e) => e.id === entry.id)!.status).toBe('discarded');
  });

  it('a discard from a screen that shows an older version of the entry is refused, not written over it', async () => {
    const db = practiceDb(practiceKey);
    const shown = await queueContact(db, 'Sent');
    await createOutboxReplayer({
      db,
      practiceKey,
      companion: countingCompanion().companion,
      canSend: () => true,
      onUnauthorized: () => undefined,
      locks: null,
    }).drain();
    await expect(discardEntry(db, shown)).rejects.toBeInstanceOf(StaleEntryError);
    expect((await readEntries(db)).entries[0]!.status).toBe('done');
  });
});
