import type { Companion } from '../../../src-preload/contract/companion';
import type { DebtorMovement } from '../../../src-preload/contract/partner-api';
import { parseReadData, type ReadProblem } from '../../../src-preload/contract/reads';
import type { PracticeDb, StoredReport } from '../../data/practice-db';
import { readMovement } from '../../data/stored-reports';
import { movementReportName, type Period } from './periods';
import { describeFailure } from '../../ui/words/describe-failure';
import { createSharedReads, type SharedReads } from '../../data/shared-reads';

export interface MovementReadContext {
  companion: Pick<Companion, 'practice'>;
  db: PracticeDb;
  practiceKey: string;
  now: () => Date;
}

export type MovementReadOutcome =
  { ok: true; movement: DebtorMovement } | { ok: false; problem: ReadProblem; message: string };

/**
 * Reads debtor movement for a period from the practice (interactive priority: someone is looking at the
 * screen), checks it with the contract's schema and keeps it under `movement:<start>:<end>`, so the
 * period still shows offline. A failure stores nothing and leaves an earlier read of the period alone.
 */
export async function readMovementPeriod(ctx: MovementReadContext, period: Period): Promise<MovementReadOutcome> {
  let movement: DebtorMovement;
  try {
    const result = await ctx.companion.practice.read({
      practiceKey: ctx.practiceKey,
      request: { kind: 'debtors.movement', startDate: period.startDate, endDate: period.endDate },
      priority: 'interactive',
    });
    if (!result.ok) return { ok: false, problem: result.problem, message: result.message };
    movement = parseReadData('debtors.movement', result.data);
  } catch (error) {
    return { ok: false, problem: 'failed', message: `The movement could not be read. ${describeFailure(error)}` };
  }
  await ctx.db.reports.put({ name: movementReportName(period), data: movement, fetchedAt: ctx.now().toISOString() });
  return { ok: true, movement };
}

export interface MovementReads {
  /** As `readMovementPeriod`, but a period already being read for the practice shares that one request. */
  readOnce(ctx: MovementReadContext, period: Period): Promise<MovementReadOutcome>;
}

/** Movement reads through the window's reads in flight (the root's `sharedReads`: one per practice and period). */
export function createMovementReads(shared: SharedReads = createSharedReads()): MovementReads {
  return {
    readOnce: (ctx, period) =>
      shared.once(`movement|${ctx.practiceKey}|${movementReportName(period)}`, () => readMovementPeriod(ctx, period)),
  };
}

export interface StoredMovement {
  movement: DebtorMovement;
  fetchedAt: string;
}

/** A stored report row as movement, or null when it is missing or does not match the contract. */
export function storedMovement(row: StoredReport | undefined | null): StoredMovement | null {
  if (!row) return null;
  const movement = readMovement(row.data);
  return movement ? { movement, fetchedAt: row.fetchedAt } : null;
}

/** Where the read of the picked period stands. */
export type MovementReadState =
  { state: 'idle' } | { state: 'reading' } | { state: 'failed'; problem: ReadProblem; message: string };

export interface MovementNotice {
  /** A sentence to show beside (or instead of) the figures; null when the figures speak for themselves. */
  text: string | null;
  tone: 'info' | 'warning' | 'error';
  /** Nothing to show yet, but a read is under way. */
  loading: boolean;
}

/**
 * What the movement card says for the picked period, from whether it is on this laptop, whether main is
 * online and how the latest read went. Offline with nothing stored is said plainly: never an empty card
 * or zeros that look like "no movement".
 */
export function describeMovement(stored: boolean, online: boolean, read: MovementReadState): MovementNotice {
  if (read.state === 'reading')
    return { text: stored ? 'Reading the latest figures from the practice…' : null, tone: 'info', loading: !stored };
  if (read.state === 'failed') {
    if (read.problem === 'offline' || !online) {
      return stored
        ? { text: 'You are offline. Showing the figures read earlier.', tone: 'info', loading: false }
        : {
            text: 'You are offline, and this period has not been read on this laptop yet. It will be read when the practice can be reached again.',
            tone: 'warning',
            loading: false,
          };
    }
    return {
      text: stored ? `Could not refresh these figures: ${read.message} Showing the ones read earlier.` : read.message,
      tone: 'error',
      loading: false,
    };
  }
  if (!stored && !online) {
    return {
      text: 'You are offline, and this period has not been read on this laptop yet. It will be read when the practice can be reached again.',
      tone: 'warning',
      loading: false,
    };
  }
  return { text: null, tone: 'info', loading: false };
}
