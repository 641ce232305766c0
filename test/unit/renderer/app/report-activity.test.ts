import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Companion } from '../../../../src-preload/contract/companion';
import type { ActivityReport } from '../../../../src-preload/contract/desktop';
import { watchActivity } from '../../../../src-renderer/app/report-activity';
import { createPracticeDatabases } from '../../../../src-renderer/data/practice-db';
import { createRendererStores, type RendererStores } from '../../../../src-renderer/stores/renderer-stores';

const practiceKey = '77777777-7777-4777-8777-777777777777';
const idle: ActivityReport = {
  outboxSending: 0,
  packsDownloading: 0,
  unsentCount: 0,
  needsAttentionCount: 0,
  deliveredSinceReconnect: 0,
};
const INTERVAL = 500;

let reports: ActivityReport[];
let stop: () => void;
let stores: RendererStores;
const databases = createPracticeDatabases();

beforeEach(() => {
  // Only the reporter's own timers are faked; IndexedDB and Dexie's live queries run as usual.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  reports = [];
  stores = createRendererStores();
  stores.practice.setState({ activePracticeKey: practiceKey });
  const companion = {
    desktop: { reportActivity: async (report: ActivityReport) => (reports.push(report), { accepted: true }) },
  } as unknown as Companion;
  stop = watchActivity(companion, databases, stores);
});
afterEach(async () => {
  stop();
  vi.useRealTimers();
  for (const key of await databases.listKeys()) await databases.delete(key);
});

/** Lets the live query see the database, then lets the half-second pass until the report says `expected`. */
async function reported(expected: ActivityReport): Promise<void> {
  await vi.waitFor(() => {
    vi.advanceTimersByTime(INTERVAL);
    expect(reports.at(-1)).toEqual(expected);
  });
}

describe('activity reports to main', () => {
  it("reports the active practice's outbox: unsent, sending and needing attention", async () => {
    await reported(idle);
    await databases.of(practiceKey).outbox.bulkAdd([
      { id: 'a', status: 'pending' },
      { id: 'b', status: 'sending' },
      { id: 'c', status: 'failed' },
      { id: 'd', status: 'needs-review' },
      { id: 'e', status: 'done' },
      { id: 'f', status: 'discarded' },
    ] as never[]);
    await reported({ ...idle, unsentCount: 4, outboxSending: 1, needsAttentionCount: 2 });
    await databases.of(practiceKey).outbox.where('id').equals('b').modify({ status: 'done' });
    await reported({ ...idle, unsentCount: 3, outboxSending: 0, needsAttentionCount: 2 });
  });

  it('coalesces: changes within half a second make one report, and an unchanged state none', async () => {
    await reported(idle);
    const before = reports.length;
    stores.meetingPacks.setState({ runningPackId: 'p1' });
    stores.meetingPacks.setState({ runningPackId: null });
    stores.meetingPacks.setState({ runningPackId: 'p2' });
    vi.advanceTimersByTime(INTERVAL - 1);
    expect(reports).toHaveLength(before);
    vi.advanceTimersByTime(1);
    expect(reports.slice(before)).toEqual([{ ...idle, packsDownloading: 1 }]);
    stores.meetingPacks.setState({ runningPackId: 'p3' });
    vi.advanceTimersByTime(INTERVAL * 4);
    expect(reports).toHaveLength(before + 1);
  });

  it("carries the outbox's delivered-after-reconnect count once, then 0", async () => {
    await reported(idle);
    const before = reports.length;
    const deliver = (count: number) =>
      stores.outbox.setState((s) => ({ deliveredAfterReconnect: s.deliveredAfterReconnect + count }));
    deliver(2);
    stores.outbox.setState({ draining: true });
    deliver(1);
    vi.advanceTimersByTime(INTERVAL);
    expect(reports.slice(before)).toEqual([{ ...idle, deliveredSinceReconnect: 3 }]);
    vi.advanceTimersByTime(INTERVAL);
    expect(reports.slice(before)).toEqual([{ ...idle, deliveredSinceReconnect: 3 }, idle]);
    // A delivery counted once is not counted again when the outbox changes otherwise.
    stores.outbox.setState({ draining: false });
    vi.advanceTimersByTime(INTERVAL * 2);
    expect(reports.slice(before)).toHaveLength(2);
  });

  it('counts deliveries as a number, whatever a notice says (the wording is for people)', async () => {
    await reported(idle);
    const before = reports.length;
    stores.notices.getState().push({ tone: 'info', title: '2 queued actions went out', detail: 'Back online.' });
    vi.advanceTimersByTime(INTERVAL * 2);
    expect(reports).toHaveLength(before);
  });

  it('follows the active practice: none active reports an empty outbox', async () => {
    await databases.of(practiceKey).outbox.add({ id: 'a', status: 'pending' } as never);
    await reported({ ...idle, unsentCount: 1 });
    stores.practice.setState({ activePracticeKey: null });
    await reported(idle);
  });
});
