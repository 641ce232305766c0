import 'fake-indexeddb/auto';
import {
  fetchDocument,
  readClientBills,
  readClientProposals,
  readClientStatements,
  type ClientReadContext,
} from '../../src-renderer/client-data/client-reads';
import { practiceDb } from './practice-db';
import { estimatePack } from '../../src-renderer/meeting-packs/pack-plan';
import { createPack, listAverages, packInputs, runPack } from '../../src-renderer/meeting-packs/pack-runner';
import type { MeetingPack } from '../../src-renderer/data/meeting-pack-types';
import type { DemoOptionsInput } from '../../src-main/demo-practice/options';
import { startNodeApp, type NodeApp } from './node-companion';
import { syncIntoDexie } from './sync-into-dexie';

/**
 * The meeting-pack flow as a user meets it, in Node: main's real services over HTTP against the demo
 * practice (its rate limiter on, the contract's limits), the renderer's real client reads, pack planner
 * and runner on Dexie (fake-indexeddb). A "typical client" has bills, statements and a proposal.
 */
/**
 * The demo's limiter and main's budget agree on the contract's hourly and daily limits; the minute limit
 * is 120 so the import and a pack fit in one real minute (the test would otherwise wait out the window).
 */
const limits = { perMinute: 120, perHour: 1000, perDay: 10_000 };

export async function startPackScenario(demo: DemoOptionsInput = {}) {
  const app = await startNodeApp({
    demo: { ...demo, rateLimit: { ...limits, ...demo.rateLimit } },
    deps: { budgetLimits: limits },
  });
  const connected = await app.companion.practice.connectDemo();
  if (!connected.ok) throw new Error(connected.message);
  const practiceKey = connected.practice.practiceKey;
  await syncIntoDexie(app.companion, practiceKey);
  // The import proves each paged list's end by reading its first page again, which leaves less than the
  // background's share of the minute: that minute is over, so a pack does not wait out the window.
  app.aMinutePasses();
  const db = practiceDb(practiceKey);
  const ctx = (priority: ClientReadContext['priority']): ClientReadContext => ({
    companion: app.companion,
    db,
    practiceKey,
    priority,
    now: () => new Date(),
  });
  return { app, practiceKey, db, ctx, state: () => app.demo().runtime.practices[0]! };
}
export type PackScenario = Awaited<ReturnType<typeof startPackScenario>>;

/** A client with at least two bills with PDFs, a statement and a proposal: what a meeting is about. */
export function typicalClient(s: PackScenario) {
  const state = s.state();
  for (const entity of state.entities.values()) {
    if (entity.entityTerminated) continue;
    const bills = [...state.bills.values()].filter((b) => b.entityKey === entity.entityKey && b.statusName !== 'Draft');
    const statements = [...state.statements.values()].filter((st) => st.entityKey === entity.entityKey);
    const proposals = [...state.proposals.values()].filter((p) => p.entityKey === entity.entityKey);
    if (bills.length >= 2 && statements.length >= 1 && proposals.length >= 1) return entity;
  }
  throw new Error('no typical client in the demo data');
}

/**
 * Opens the client online (as useClientOnDemand does: its lists, identity status and bills are read), takes the estimate the
 * pack panel would show, then runs the pack, counting requests on the server.
 */
export async function runTypicalPack(
  s: PackScenario,
  entity: { entityKey: string; fullEntityName: string },
): Promise<{ pack: MeetingPack; estimatedRequests: number; serverRequests: number }> {
  const interactive = s.ctx('interactive');
  await readClientProposals(interactive, entity.entityKey);
  await readClientStatements(interactive, entity.entityKey);
  await fetchDocument(interactive, { kind: 'idCertificate', id: entity.entityKey }, entity.entityKey);
  await readClientBills(interactive, entity.entityKey);
  const estimate = estimatePack(await packInputs(s.db, entity.entityKey), await listAverages(s.db));
  const log = s.app.demo().runtime.requestLog;
  const before = log.length;
  const created = await createPack(s.db, entity, new Date());
  const pack = await runPack(s.ctx('prefetch'), created.packId);
  if (!pack) throw new Error('pack vanished');
  return { pack, estimatedRequests: estimate.requests, serverRequests: log.length - before };
}

export const closeScenario = async (s: PackScenario | undefined): Promise<void> => {
  await s?.app.close();
};
export type { NodeApp };
