import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { BridgeError, INTERNAL_FAILURE_MESSAGE, type Companion } from '../../../../../src-preload/contract/companion';
import type { ReadInput, ReadResult } from '../../../../../src-preload/contract/reads';
import { deletePracticeDb } from '../../../../../src-renderer/data/practice-db';
import { practiceDb } from '../../../../support/practice-db';
import {
  describeMovement,
  createMovementReads,
  readMovementPeriod,
  storedMovement,
} from '../../../../../src-renderer/features/debtors/movement-read';

const practiceKey = '33333333-3333-4333-8333-333333333333';
afterEach(() => deletePracticeDb(practiceKey));

const period = { startDate: '2026-01-01', endDate: '2026-03-31' };
const movement = {
  startDate: '2026-01-01',
  endDate: '2026-03-31',
  currency: 'AUD',
  openingBalance: 1000,
  billed: 500.5,
  paid: 300.25,
  closingBalance: 1200.25,
};
const now = () => new Date('2026-04-02T03:04:05.000Z');

/** A stand-in for window.companion that answers practice.read from a script and records what it was asked. */
function fakeCompanion(answer: (input: ReadInput) => ReadResult | Promise<ReadResult>) {
  const asked: ReadInput[] = [];
  const companion = {
    practice: { read: async (input: ReadInput) => (asked.push(input), answer(input)) },
  } as unknown as Pick<Companion, 'practice'>;
  return { companion, asked };
}

describe('reading movement for a picked period', () => {
  it('asks main for debtors.movement at interactive priority and keeps the answer under movement:<start>:<end>', async () => {
    const db = practiceDb(practiceKey);
    const { companion, asked } = fakeCompanion(() => ({
      ok: true,
      data: movement,
      rejected: 0,
      serverDate: null,
      requests: 1,
    }));
    const outcome = await readMovementPeriod({ companion, db, practiceKey, now }, period);
    expect(outcome).toEqual({ ok: true, movement });
    expect(asked).toEqual([
      {
        practiceKey,
        request: { kind: 'debtors.movement', startDate: '2026-01-01', endDate: '2026-03-31' },
        priority: 'interactive',
      },
    ]);
    const row = await db.reports.get('movement:2026-01-01:2026-03-31');
    expect(row).toEqual({
      name: 'movement:2026-01-01:2026-03-31',
      data: movement,
      fetchedAt: '2026-04-02T03:04:05.000Z',
    });
    expect(storedMovement(row)).toEqual({ movement, fetchedAt: '2026-04-02T03:04:05.000Z' });
  });

  it("passes on the practice's plain message when the read fails, and keeps an earlier read of the period", async () => {
    const db = practiceDb(practiceKey);
    await db.reports.put({
      name: 'movement:2026-01-01:2026-03-31',
      data: movement,
      fetchedAt: '2026-03-01T00:00:00.000Z',
    });
    const { companion } = fakeCompanion(() => ({ ok: false, problem: 'offline', message: 'You are offline.' }));
    expect(await readMovementPeriod({ companion, db, practiceKey, now }, period)).toEqual({
      ok: false,
      problem: 'offline',
      message: 'You are offline.',
    });
    expect((await db.reports.get('movement:2026-01-01:2026-03-31'))!.fetchedAt).toBe('2026-03-01T00:00:00.000Z');
  });

  it('refuses an answer that does not match the contract, and a bridge that throws, storing nothing', async () => {
    const db = practiceDb(practiceKey);
    const bad = fakeCompanion(() => ({
      ok: true,
      data: { startDate: 'soon' },
      rejected: 0,
      serverDate: null,
      requests: 1,
    }));
    expect(await readMovementPeriod({ companion: bad.companion, db, practiceKey, now }, period)).toMatchObject({
      ok: false,
      problem: 'failed',
    });
    // Main's own failure reaches the window as a fixed sentence; its text stays in main's log.
    const broken = fakeCompanion(() => Promise.reject(new BridgeError('handler-failed', INTERNAL_FAILURE_MESSAGE)));
    expect(await readMovementPeriod({ companion: broken.companion, db, practiceKey, now }, period)).toMatchObject({
      ok: false,
      message: `The movement could not be read. ${INTERNAL_FAILURE_MESSAGE}`,
    });
    const crashed = fakeCompanion(() =>
      Promise.reject(new TypeError("Cannot read properties of undefined (reading 'x')")),
    );
    const said = await readMovementPeriod({ companion: crashed.companion, db, practiceKey, now }, period);
    expect(said.ok ? '' : said.message).not.toContain('Cannot read');
    expect(await db.reports.count()).toBe(0);
  });

  it('shares one request between two asks for the same period at the same time', async () => {
    const db = practiceDb(practiceKey);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { companion, asked } = fakeCompanion(
      async () => (await gate, { ok: true, data: movement, rejected: 0, serverDate: null, requests: 1 }),
    );
    const reads = createMovementReads();
    const first = reads.readOnce({ companion, db, practiceKey, now }, period);
    const second = reads.readOnce({ companion, db, practiceKey, now }, { ...period });
    release();
    expect(await first).toEqual(await second);
    expect(asked).toHaveLength(1);
    await reads.readOnce({ companion, db, practiceKey, now }, period);
    expect(asked).toHaveLength(2); // a later ask reads again
  });
});

describe('what the movement card says', () => {
  it('offline with the period never read: says so plainly, never shows empty figures', () => {
    expect(describeMovement(false, false, { state: 'idle' })).toMatchObject({
      tone: 'warning',
      loading: false,
      text: expect.stringMatching(/offline.*not been read on this laptop/),
    });
    expect(describeMovement(false, true, { state: 'failed', problem: 'offline', message: 'x' }).text).toMatch(
      /not been read on this laptop/,
    );
  });

  it('offline with the period read before: the stored figures, marked as earlier', () => {
    expect(describeMovement(true, false, { state: 'idle' })).toEqual({ text: null, tone: 'info', loading: false });
    expect(describeMovement(true, false, { state: 'failed', problem: 'offline', message: 'x' }).text).toMatch(
      /read earlier/,
    );
  });

  it('online: loading while reading, the practice’s message when it fails', () => {
    expect(describeMovement(false, true, { state: 'reading' })).toMatchObject({ loading: true, text: null });
    expect(describeMovement(true, true, { state: 'reading' })).toMatchObject({ loading: false });
    expect(
      describeMovement(false, true, {
        state: 'failed',
        problem: 'failed',
        message: 'endDate must not be before startDate.',
      }),
    ).toMatchObject({ tone: 'error', text: 'endDate must not be before startDate.' });
    expect(describeMovement(true, true, { state: 'failed', problem: 'failed', message: 'Busy.' }).text).toMatch(
      /Could not refresh these figures: Busy\. Showing the ones read earlier/,
    );
    expect(describeMovement(true, true, { state: 'idle' }).text).toBeNull();
  });
});
