import type { Companion } from '../../src-preload/contract/companion';
import type { SyncPoke } from '../../src-preload/contract/live-updates';
import { syncedResourceNameSchema, type SyncedResourceName } from '../../src-preload/contract/sync';
import type { PracticeDatabases, PracticeDb } from '../data/practice-db';
import type { PracticeStore } from '../stores/practice-store';
import type { LiveStatusStore } from '../stores/live-status-store';

/** A proposal never seen here counts as newly accepted when it was accepted this recently (by the hub's clock). */
const FRESH_ACCEPTANCE_MS = 15 * 60_000;
/** A poke that names no client ("too many changed") re-reads at most this many held clients' proposals. */
const MAX_HELD_CLIENTS = 20;

export interface LiveUpdatesDeps {
  companion: Pick<Companion, 'on' | 'practice' | 'documents' | 'desktop' | 'sync'>;
  databases: PracticeDatabases;
  /** The active practice (a poke for another is ignored). */
  practice: PracticeStore;
  /** Where the hub's live status goes (the status bar shows it). */
  liveStatus: LiveStatusStore;
  /** Runs the sync of these lists now; false when it could not start (a run is under way). */
  syncLists(lists: readonly SyncedResourceName[]): Promise<boolean>;
  now?: () => Date;
}

/** Clients whose proposals this window holds (their Proposals tab was read at least once). */
async function heldClients(db: PracticeDb): Promise<Set<string>> {
  const reads = await db.clientReads.filter((r) => r.part === 'proposals').toArray();
  return new Set(reads.map((r) => r.entityKey));
}

/**
 * Re-reads one client's proposals and tells main of each that turned Accepted: one stored before as not
 * Accepted, or one never stored here that was accepted within the last minutes (a client this window had
 * not opened). Main decides whether the OS shows it (its client-facing rule).
 */
async function rereadProposals(deps: LiveUpdatesDeps, practiceKey: string, entityKey: string, told: Set<string>) {
  const db = deps.databases.of(practiceKey);
  const before = new Map(
    (await db.proposals.where('entityKey').equals(entityKey).toArray()).map((p) => [p.proposalKey, p]),
  );
  const now = deps.now?.() ?? new Date();
  // The client reads (with the contract's schemas for what they read) load with the first poke that needs them:
  // the watcher itself listens from the start, and none of that code is evaluated before the first rows.
  const { readClientProposals } = await import('../client-data/client-reads');
  const outcome = await readClientProposals(
    { companion: deps.companion, db, practiceKey, priority: 'interactive', now: () => now },
    entityKey,
  );
  if (!outcome.ok) return;
  const after = await db.proposals.where('entityKey').equals(entityKey).toArray();
  const clientName = (await db.entities.get(entityKey))?.fullEntityName ?? 'A client';
  for (const proposal of after) {
    if (proposal.statusName !== 'Accepted' || told.has(proposal.proposalKey)) continue;
    const previous = before.get(proposal.proposalKey);
    const turned = previous
      ? previous.statusName !== 'Accepted'
      : proposal.acceptedOn !== null && now.getTime() - Date.parse(proposal.acceptedOn) < FRESH_ACCEPTANCE_MS;
    if (!turned) continue;
    told.add(proposal.proposalKey);
    await deps.companion.desktop
      .proposalAccepted({
        practiceKey,
        entityKey,
        clientName,
        proposalKey: proposal.proposalKey,
        proposalName: proposal.name,
      })
      .catch(() => undefined);
  }
}

/**
 * The practice hub's pokes, relayed by main: the lists named are synced at once by main, or by this window
 * when main could not (a run under way takes them up when it ends), and the named clients' proposals are re-read — always for a poke that names
 * proposals, else for clients whose proposals this window holds — so a client's Proposals tab shows
 * Accepted within seconds. The live state goes to the status bar.
 */
export function watchLiveUpdates(deps: LiveUpdatesDeps): () => void {
  const { companion } = deps;
  const pending = new Set<SyncedResourceName>();
  // Each proposal is announced once per window, however many pokes name its client.
  const told = new Set<string>();

  const syncPending = async (): Promise<void> => {
    if (pending.size === 0) return;
    const lists = [...pending];
    pending.clear();
    if (!(await deps.syncLists(lists))) for (const list of lists) pending.add(list);
  };

  async function onPoke(poke: SyncPoke): Promise<void> {
    if (poke.practiceKey !== deps.practice.getState().activePracticeKey) return;
    // Main runs the sync of the poked lists itself when it can (it knows this window's cursors).
    if (!poke.listsSyncing)
      for (const list of poke.lists) {
        const name = syncedResourceNameSchema.safeParse(list);
        if (name.success) pending.add(name.data);
      }
    const syncing = syncPending();
    const held = await heldClients(deps.databases.of(poke.practiceKey));
    const namesProposals = poke.lists.includes('proposals');
    const clients =
      poke.clients === null
        ? [...held].slice(0, MAX_HELD_CLIENTS)
        : poke.clients.filter((key) => namesProposals || held.has(key));
    for (const entityKey of clients) await rereadProposals(deps, poke.practiceKey, entityKey, told);
    await syncing;
  }

  const offPoke = companion.on('sync.poke', (poke) => void onPoke(poke).catch(() => undefined));
  // A run that was under way when a poke came: the lists it named are read when it ends.
  const offProgress = companion.on('sync.progress', (progress) => {
    // After every listener of this event ran (the store learns the run ended from one of them).
    if (!progress.running) queueMicrotask(() => void syncPending().catch(() => undefined));
  });
  const offLive = companion.on('sync.live', (status) => deps.liveStatus.setState(status));
  void companion.sync
    .liveStatus()
    .then((status) => deps.liveStatus.setState(status))
    .catch(() => undefined);
  return () => {
    offPoke();
    offProgress();
    offLive();
  };
}
