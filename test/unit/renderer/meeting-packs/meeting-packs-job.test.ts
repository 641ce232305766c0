import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPracticeDatabases } from '../../../../src-renderer/data/practice-db';
import type { MeetingPack } from '../../../../src-renderer/data/meeting-pack-types';
import { createMeetingPacks, PACK_RUN_ATTEMPTS } from '../../../../src-renderer/meeting-packs/meeting-packs-job';
import { createMeetingPackStore } from '../../../../src-renderer/stores/meeting-pack-store';

const runPack = vi.hoisted(() => vi.fn());
vi.mock('../../../../src-renderer/meeting-packs/pack-runner', () => ({ runPack }));

const practiceKey = '33333333-3333-4333-8333-333333333333';
const entityKey = '7d3e9a10-4c2b-4e8f-a1d5-0b6c8e2f4a91';
const databases = createPracticeDatabases();
afterEach(async () => {
  runPack.mockReset();
  await databases.delete(practiceKey);
});

const pack = (changes: Partial<MeetingPack> = {}): MeetingPack => ({
  packId: `pack-${entityKey}`,
  entityKey,
  entityName: 'Harbour Bakery Pty Ltd',
  createdAt: '2026-11-27T08:00:00.000Z',
  state: 'fetching',
  estimatedRequests: 10,
  estimateApproximate: false,
  actualRequests: 0,
  items: [],
  updatedAt: '2026-11-27T08:00:00.000Z',
  completedAt: null,
  ...changes,
});

function setUp() {
  const clock = { t: Date.parse('2026-11-27T09:00:00.000Z'), now: () => clock.t };
  const wakes: number[] = [];
  const notices: { tone: string; title: string; detail?: string }[] = [];
  const reports: { error: unknown; item: unknown }[] = [];
  const { job } = createMeetingPacks({
    companion: {} as never,
    databases,
    runner: { kick: vi.fn(), idle: async () => undefined, wakeAt: (_name, t) => void wakes.push(t) },
    store: createMeetingPackStore(),
    activePracticeKey: () => practiceKey,
    online: () => true,
    notify: (n) => notices.push(n),
    report: (error, item) => reports.push({ error, item }),
    clock,
  });
  const run = () => job.run({ signal: new AbortController().signal, practiceKey, reasons: new Set(['kick']) });
  return { clock, wakes, notices, reports, run, db: databases.of(practiceKey) };
}

describe('meeting packs as items of a queue', () => {
  it('a run that throws is reported with its stack, retried after a backoff, and given up after its attempts', async () => {
    const t = setUp();
    await t.db.meetingPacks.put(pack());
    const thrown = new TypeError('items is not iterable');
    runPack.mockRejectedValue(thrown);
    await t.run();
    expect(t.reports).toEqual([{ error: thrown, item: { itemId: pack().packId, attempt: 1 } }]);
    expect(await t.db.meetingPacks.get(pack().packId)).toMatchObject({ state: 'fetching', runAttempts: 1 });
    expect(t.wakes).toEqual([t.clock.t + 60_000]);

    await t.run(); // not due: nothing runs
    expect(runPack).toHaveBeenCalledTimes(1);

    for (let n = 2; n <= PACK_RUN_ATTEMPTS; n++) {
      t.clock.t += 15 * 60_000;
      await t.run();
    }
    expect(runPack).toHaveBeenCalledTimes(PACK_RUN_ATTEMPTS);
    expect(await t.db.meetingPacks.get(pack().packId)).toMatchObject({ state: 'incomplete' });
    expect(t.notices).toMatchObject([{ tone: 'error', title: 'A meeting pack could not be fetched' }]);
    // The notice says it in fixed words, never the error's own text.
    expect(t.notices[0]!.detail).not.toContain('items is not iterable');
  });

  it('runs only unfinished packs, and says when one is ready', async () => {
    const t = setUp();
    await t.db.meetingPacks.bulkPut([
      pack(),
      pack({ packId: 'pack-done', entityKey: crypto.randomUUID(), state: 'complete' }),
    ]);
    runPack.mockImplementation(async () => pack({ state: 'complete' }));
    await t.run();
    expect(runPack).toHaveBeenCalledTimes(1);
    expect(runPack.mock.calls[0]![1]).toBe(pack().packId);
    expect(t.notices).toMatchObject([{ tone: 'info', title: 'Harbour Bakery Pty Ltd is ready for the meeting' }]);
  });
});
