import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { backoffMs, runItemQueue, type ItemOutcome, type ItemState } from '../../../../src-renderer/jobs/item-queue';

const rowSchema = z.object({
  id: z.string(),
  key: z.string(),
  attempts: z.number().int().min(0),
  nextTryAt: z.string().nullable(),
  lastError: z.string().nullable(),
});
type Row = z.infer<typeof rowSchema>;

const row = (id: string, key: string, state: Partial<ItemState> = {}): Row => ({
  id,
  key,
  attempts: 0,
  nextTryAt: null,
  lastError: null,
  ...state,
});

/** A table in memory, a fake clock and a scripted `run` (outcomes per item id, in order; default done). */
function setUp(rows: unknown[], script: Record<string, (ItemOutcome | Error)[]> = {}) {
  const table = new Map<string, unknown>(rows.map((r, i) => [(r as { id?: string }).id ?? `bad-${i}`, r]));
  const clock = { t: Date.parse('2026-11-27T09:00:00.000Z'), now: () => clock.t };
  const ran: string[] = [];
  const gaveUp: [string, string][] = [];
  const reports: { error: unknown; itemId: string | null; attempt: number }[] = [];
  const wakes: number[] = [];
  const definition = {
    schema: rowSchema,
    idOf: (r: Row) => r.id,
    keyOf: (r: Row) => r.key,
    stateOf: (r: Row): ItemState => r,
    maxAttempts: 3,
    backoff: { firstMs: 1_000, maxMs: 5_000 },
    run: async (r: Row, attempt: { number: number }): Promise<ItemOutcome> => {
      ran.push(`${r.id}#${attempt.number}`);
      const next = script[r.id]?.shift() ?? { kind: 'done' };
      if (next instanceof Error) throw next;
      if (next.kind === 'done') table.delete(r.id);
      return next;
    },
    saveState: async (r: Row, state: ItemState) => void table.set(r.id, { ...r, ...state }),
    gaveUp: async (r: Row, message: string) => void (gaveUp.push([r.id, message]), table.delete(r.id)),
    removeUnreadable: async (raw: unknown) => {
      for (const [id, value] of table) if (value === raw) table.delete(id);
    },
  };
  const pass = (signal = new AbortController().signal) =>
    runItemQueue(definition, {
      signal,
      clock,
      rows: [...table.values()],
      wakeAt: (t) => wakes.push(t),
      report: (error, about) => reports.push({ error, ...about }),
    });
  return { table, clock, ran, gaveUp, reports, wakes, pass };
}

const retry = (message = 'The practice answered 503.'): ItemOutcome => ({ kind: 'retry', message });

describe('the table-backed item queue', () => {
  it('backs off exponentially, never past its cap', () => {
    const b = { firstMs: 1_000, maxMs: 5_000 };
    expect([1, 2, 3, 4, 5].map((n) => backoffMs(b, n))).toEqual([1_000, 2_000, 4_000, 5_000, 5_000]);
  });

  it('retries a failure that may pass after the backoff, keeps attempts and the error on the row, gives up at maxAttempts', async () => {
    const q = setUp([row('a', 'k1')], { a: [retry(), retry(), retry('Still 503.')] });
    await q.pass();
    expect(q.table.get('a')).toMatchObject({ attempts: 1, lastError: 'The practice answered 503.' });
    expect(q.wakes).toEqual([q.clock.t + 1_000]);

    await q.pass(); // not due yet: nothing runs
    expect(q.ran).toEqual(['a#1']);

    q.clock.t += 1_000;
    await q.pass();
    expect(q.table.get('a')).toMatchObject({ attempts: 2, nextTryAt: new Date(q.clock.t + 2_000).toISOString() });
    q.clock.t += 2_000;
    await q.pass();
    expect(q.ran).toEqual(['a#1', 'a#2', 'a#3']);
    expect(q.gaveUp).toEqual([['a', 'Still 503.']]);
    expect(q.table.size).toBe(0);
  });

  it('a failure for good is given up at once; "stop" ends the run and keeps the rest as they were', async () => {
    const q = setUp([row('a', 'k1'), row('b', 'k2'), row('c', 'k3')], {
      a: [{ kind: 'fail', message: 'No such PDF.' }],
      b: [{ kind: 'stop' }],
    });
    await q.pass();
    expect(q.gaveUp).toEqual([['a', 'No such PDF.']]);
    expect(q.ran).toEqual(['a#1', 'b#1']);
    expect(q.table.get('b')).toMatchObject({ attempts: 0 });
    expect(q.table.has('c')).toBe(true);
  });

  it('runs items of one key in order: one waiting for its retry holds back the later ones, other keys go on', async () => {
    const q = setUp([row('a1', 'client-a'), row('a2', 'client-a'), row('b1', 'client-b')], { a1: [retry()] });
    await q.pass();
    expect(q.ran).toEqual(['a1#1', 'b1#1']);
    expect(q.table.has('a2')).toBe(true);
    q.clock.t += 1_000;
    await q.pass();
    expect(q.ran).toEqual(['a1#1', 'b1#1', 'a1#2', 'a2#1']);
  });

  it('a stored row that does not parse is removed and reported; the others still run', async () => {
    const broken = { id: 'x', key: 42, attempts: 'many' };
    const q = setUp([broken, row('a', 'k1')]);
    await q.pass();
    expect(q.ran).toEqual(['a#1']);
    expect(q.table.has('x')).toBe(false);
    expect(q.reports).toHaveLength(1);
    expect(q.reports[0]).toMatchObject({ itemId: null, attempt: 0 });
    expect((q.reports[0]!.error as Error).cause).toBeInstanceOf(z.ZodError);
  });

  it('a thrown error is reported as thrown (its stack kept) with the item and attempt, and retried', async () => {
    const thrown = new TypeError('db.thing is undefined');
    const q = setUp([row('a', 'k1')], { a: [thrown] });
    await q.pass();
    expect(q.reports).toEqual([{ error: thrown, itemId: 'a', attempt: 1 }]);
    expect(q.table.get('a')).toMatchObject({ attempts: 1, lastError: 'db.thing is undefined' });
  });

  it('an aborted run stops before the next item and saves nothing for the one under way', async () => {
    const controller = new AbortController();
    const q = setUp([row('a', 'k1'), row('b', 'k2')]);
    const run = vi.fn();
    q.ran.push = ((entry: string) => (run(entry), controller.abort(), 1)) as never;
    await q.pass(controller.signal);
    expect(run).toHaveBeenCalledTimes(1);
    expect(q.wakes).toEqual([]);
  });
});
