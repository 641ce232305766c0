import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Companion } from '../../../../src-preload/contract/companion';
import type { ProposalAcceptedReport } from '../../../../src-preload/contract/live-updates';
import { createPracticeDatabases } from '../../../../src-renderer/data/practice-db';
import { watchLiveUpdates } from '../../../../src-renderer/sync/live-updates';
import { createRendererStores, type RendererStores } from '../../../../src-renderer/stores/renderer-stores';

const practiceKey = '55555555-5555-4555-8555-555555555555';
const otherPractice = '66666666-6666-4666-8666-666666666666';
const clientA = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const clientB = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const proposalA = '11111111-1111-4111-8111-111111111111';
const now = new Date('2026-11-26T10:00:00.000Z');
const databases = createPracticeDatabases();

const proposal = (proposalKey: string, entityKey: string, statusName: 'Sent' | 'Accepted') => ({
  proposalKey,
  engagementKey: proposalKey,
  entityKey,
  name: 'Annual accounts',
  statusName,
  servicesTotal: 1200,
  createdOn: '2026-10-01T00:00:00.000Z',
  sentOn: '2026-10-02T00:00:00.000Z',
  acceptedOn: statusName === 'Accepted' ? '2026-11-26T09:59:00.000Z' : null,
  startsOn: null,
  endsOn: null,
  renewedFromKey: null,
  updatedOn: '2026-11-26T09:59:00.000Z',
});

/** The bridge: events the test emits, proposals main answers from `practice`, and what the window asked. */
function fakeCompanion(practice: Map<string, ReturnType<typeof proposal>[]>) {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const reads: string[] = [];
  const told: ProposalAcceptedReport[] = [];
  const companion = {
    on: (event: string, listener: (payload: unknown) => void) => {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set.add(listener));
      return () => set.delete(listener);
    },
    practice: {
      read: async ({ request }: { request: { entityKey: string } }) => {
        reads.push(request.entityKey);
        return { ok: true, data: practice.get(request.entityKey) ?? [], rejected: 0, serverDate: null, requests: 1 };
      },
    },
    desktop: { proposalAccepted: async (report: ProposalAcceptedReport) => (told.push(report), { shown: true }) },
    sync: { liveStatus: async () => ({ practiceKey, state: 'on' }) },
  } as unknown as Companion;
  const emit = (event: string, payload: unknown) => {
    for (const listener of listeners.get(event) ?? []) listener(payload);
  };
  return { companion, emit, reads, told };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

let stores: RendererStores;
/** The window's watcher over this test's stores, its clock at `now`. */
const watch = (companion: Companion, syncLists: (lists: readonly string[]) => Promise<boolean>) =>
  watchLiveUpdates({
    companion,
    databases,
    practice: stores.practice,
    liveStatus: stores.liveStatus,
    syncLists,
    now: () => now,
  });
beforeEach(() => {
  stores = createRendererStores();
  stores.practice.setState({ activePracticeKey: practiceKey });
});
afterEach(async () => {
  for (const key of await databases.listKeys()) await databases.delete(key);
});

describe('the window follows the practice hub’s pokes', () => {
  it('syncs the lists named, re-reads the named clients’ proposals and reports one turned Accepted once', async () => {
    const db = databases.of(practiceKey);
    await db.entities.put({ entityKey: clientA, fullEntityName: 'Harbour Bakery Pty Ltd' } as never);
    await db.proposals.put(proposal(proposalA, clientA, 'Sent'));
    const practice = new Map([[clientA, [proposal(proposalA, clientA, 'Accepted')]]]);
    const { companion, emit, reads, told } = fakeCompanion(practice);
    const syncLists = vi.fn(async () => true);
    const stop = watch(companion, syncLists);
    await settle();
    expect(stores.liveStatus.getState()).toEqual({ practiceKey, state: 'on' });

    // Another practice's poke (a window switched practice meanwhile) is not followed.
    emit('sync.poke', {
      practiceKey: otherPractice,
      seq: 3,
      lists: ['proposals'],
      clients: [clientA],
      listsSyncing: false,
    });
    await settle();
    expect(reads).toEqual([]);

    emit('sync.poke', {
      practiceKey,
      seq: 4,
      lists: ['entities', 'proposals'],
      clients: [clientA],
      listsSyncing: false,
    });
    // The client reads load with the first poke that needs them: waited for, not timed (a busy machine).
    await vi.waitFor(() => expect(told).toHaveLength(1), { timeout: 5_000 });
    expect(syncLists).toHaveBeenCalledWith(['entities']);
    expect(reads).toEqual([clientA]);
    expect((await db.proposals.get(proposalA))?.statusName).toBe('Accepted');
    expect(told).toEqual([
      {
        practiceKey,
        entityKey: clientA,
        clientName: 'Harbour Bakery Pty Ltd',
        proposalKey: proposalA,
        proposalName: 'Annual accounts',
      },
    ]);
    emit('sync.poke', { practiceKey, seq: 5, lists: ['proposals'], clients: [clientA], listsSyncing: false });
    await settle();
    expect(told).toHaveLength(1);

    emit('sync.live', { practiceKey, state: 'retrying' });
    expect(stores.liveStatus.getState().state).toBe('retrying');
    stop();
  });

  it('starts no run for lists main already syncs, and still re-reads the named clients', async () => {
    const { companion, emit, reads } = fakeCompanion(new Map());
    const syncLists = vi.fn(async () => true);
    const stop = watch(companion, syncLists);
    emit('sync.poke', {
      practiceKey,
      seq: 8,
      lists: ['entities', 'proposals'],
      clients: [clientA],
      listsSyncing: true,
    });
    await vi.waitFor(() => expect(reads).toEqual([clientA]), { timeout: 5_000 });
    // A run that ends does not start the poked lists either: none waits in this window.
    emit('sync.progress', { practiceKey, running: false });
    await settle();
    expect(syncLists).not.toHaveBeenCalled();
    stop();
  });

  it('re-reads, for a poke about other lists, only clients whose proposals it holds', async () => {
    const db = databases.of(practiceKey);
    await db.clientReads.put({
      id: `${clientB}|proposals`,
      entityKey: clientB,
      part: 'proposals',
      fetchedAt: now.toISOString(),
    });
    const { companion, emit, reads } = fakeCompanion(new Map());
    const stop = watch(companion, async () => true);
    emit('sync.poke', { practiceKey, seq: 7, lists: ['entities'], clients: [clientA, clientB], listsSyncing: false });
    await vi.waitFor(() => expect(reads).toEqual([clientB]), { timeout: 5_000 });
    await settle();
    expect(reads).toEqual([clientB]);
    stop();
  });

  it('takes up the lists a poke named during a run when the run ends', async () => {
    const { companion, emit } = fakeCompanion(new Map());
    const syncLists = vi.fn(async () => false);
    const stop = watch(companion, syncLists);
    emit('sync.poke', { practiceKey, seq: 8, lists: ['onboardings', 'not-a-list'], clients: [], listsSyncing: false });
    await settle();
    expect(syncLists).toHaveBeenCalledTimes(1);
    syncLists.mockResolvedValue(true);
    emit('sync.progress', { practiceKey, running: true, resources: [], lastRunAt: null, budget: null });
    await settle();
    expect(syncLists).toHaveBeenCalledTimes(1);
    emit('sync.progress', { practiceKey, running: false, resources: [], lastRunAt: null, budget: null });
    await settle();
    expect(syncLists).toHaveBeenLastCalledWith(['onboardings']);
    expect(syncLists).toHaveBeenCalledTimes(2);
    emit('sync.progress', { practiceKey, running: false, resources: [], lastRunAt: null, budget: null });
    await settle();
    expect(syncLists).toHaveBeenCalledTimes(2);
    stop();
  });
});
