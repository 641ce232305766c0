import type { Table } from 'dexie';
import {
  billSchema,
  contactSchema,
  entitySchema,
  leadSchema,
  onboardingSchema,
  type Contact,
  type Entity,
  type Lead,
  type Onboarding,
} from '../../../src-preload/contract/partner-api';
import type { OutboxEntry } from '../../../src-preload/contract/outbox/outbox-entry';
import { readEntries } from '../../../src-renderer/outbox/outbox-db';
import { appliedCount, idempotencyOf, type QueuedAction, type RunScope } from './model-actions';
import type { ModelWorld } from './model-world';

/** The campaign's invariants, each named so a failure says which one broke. */
export const invariants = {
  /** Settled: done ⇒ applied exactly once; needs-review (creates and writes sent once only) ⇒ at most once; never failed for a valid action. */
  appliedOnce: 'applied exactly once, or in needs-review and applied at most once',
  /** At every step, even before settling: no create or write sent once applied twice. */
  neverTwice: 'never applied twice at any step',
  /** Every action is still there with the payload the user typed. */
  nothingLost: 'nothing the user typed is lost',
  /** Settled: nothing left pending or sending unless it waits for an entry the user must review. */
  settles: 'everything settles',
  /** Settled: every synced list (clients, contacts, leads, onboardings; the run's bills) is the same locally as at the practice. */
  localEqualsServer: 'local copy equals the server',
  /** A write sent once, in needs-review, is not sent again (its attempts do not grow) without the user's consent. */
  reviewHolds: 'a write sent once is never sent again from review without consent',
  /** After a sync pass, an unsent local edit is still what the screens show. */
  syncKeepsLocalEdits: 'a sync keeps unsent local edits',
} as const;
export type InvariantName = keyof typeof invariants;
export interface Violation {
  invariant: InvariantName;
  detail: string;
}

const byKey = <T, K extends string | number>(rows: T[], key: (row: T) => K) =>
  new Map<K, T>(rows.map((r) => [key(r), r]));

function compare(
  invariant: InvariantName,
  what: string,
  local: Map<string | number, unknown>,
  server: Map<string | number, unknown>,
): Violation[] {
  const out: Violation[] = [];
  for (const key of new Set([...local.keys(), ...server.keys()])) {
    const [l, s] = [JSON.stringify(local.get(key) ?? null), JSON.stringify(server.get(key) ?? null)];
    if (l !== s)
      out.push({ invariant, detail: `${what} ${key}: local ${l.slice(0, 300)} ≠ server ${s.slice(0, 300)}` });
  }
  return out;
}

/** Checked after every step of a run. */
export function checkNeverTwice(world: ModelWorld, actions: readonly QueuedAction[]): Violation[] {
  return actions
    .filter((a) => idempotencyOf(a.kind) !== 'idempotent')
    .flatMap((a) => {
      const applied = appliedCount(world, a, actions) ?? 0;
      return applied > 1
        ? [{ invariant: 'neverTwice' as const, detail: `${a.kind} ${a.marker} applied ${applied} times` }]
        : [];
    });
}

/**
 * Called after every drain and at the end: the attempts of each entry sent once seen in needs-review are
 * remembered (`held`); any later attempt means it was sent again, and the campaign never consents.
 */
export async function checkReviewHolds(
  world: ModelWorld,
  actions: readonly QueuedAction[],
  held: Map<string, number>,
): Promise<Violation[]> {
  const { entries } = await readEntries(world.db);
  const out: Violation[] = [];
  for (const entry of entries) {
    const action = actions.find((a) => a.id === entry.id);
    if (!action || idempotencyOf(action.kind) !== 'once') continue;
    const before = held.get(entry.id);
    if (before !== undefined && entry.attempts > before)
      out.push({
        invariant: 'reviewHolds',
        detail: `${action.kind} ${action.marker}: sent again after needs-review (attempts ${before} → ${entry.attempts}, now ${entry.status})`,
      });
    if (entry.status === 'needs-review' && before === undefined) held.set(entry.id, entry.attempts);
  }
  return out;
}

/** After a sync pass: each contact with an unsent edit shows the latest such edit. */
export async function checkSyncKeepsLocalEdits(
  world: ModelWorld,
  actions: readonly QueuedAction[],
): Promise<Violation[]> {
  const { entries } = await readEntries(world.db);
  const open = new Set(entries.filter((e) => e.status === 'pending' || e.status === 'sending').map((e) => e.id));
  const latest = new Map<number, QueuedAction>();
  for (const a of actions)
    if (a.kind === 'contact.update' && open.has(a.id)) latest.set(Number(a.payload.params['entityContactID']), a);
  const out: Violation[] = [];
  for (const [id, action] of latest) {
    const shown = await world.db.contacts.get(id);
    if (shown?.position !== action.marker)
      out.push({
        invariant: 'syncKeepsLocalEdits',
        detail: `contact ${id} shows position ${JSON.stringify(shown?.position)} after a sync, not the unsent edit ${action.marker}`,
      });
  }
  return out;
}

function paramsIntact(action: QueuedAction, entry: OutboxEntry): boolean {
  return Object.entries(action.payload.params).every(([key, value]) => {
    const stored = entry.payload.params[key];
    // A reference may have been resolved to its dependency's key once that was done.
    return typeof value === 'object'
      ? JSON.stringify(stored) === JSON.stringify(value) || typeof stored === 'string'
      : stored === value;
  });
}

function checkEntry(
  world: ModelWorld,
  action: QueuedAction,
  actions: readonly QueuedAction[],
  byId: Map<string, OutboxEntry>,
): Violation[] {
  const entry = byId.get(action.id);
  const name = `${action.kind} ${action.marker}`;
  if (!entry) return [{ invariant: 'nothingLost', detail: `${name}: its outbox entry is gone` }];
  const out: Violation[] = [];
  if (JSON.stringify(entry.payload.body) !== JSON.stringify(action.payload.body) || !paramsIntact(action, entry)) {
    out.push({
      invariant: 'nothingLost',
      detail: `${name}: payload changed to ${JSON.stringify(entry.payload).slice(0, 300)}`,
    });
  }
  const applied = appliedCount(world, action, actions);
  const idempotency = idempotencyOf(action.kind);
  const problem = entry.lastError
    ? ` (${entry.lastError.status ?? '-'} ${entry.lastError.title}: ${entry.lastError.message.slice(0, 160)})`
    : '';
  switch (entry.status) {
    case 'done':
      if (applied !== null && applied !== 1)
        out.push({ invariant: 'appliedOnce', detail: `${name}: done but applied ${applied} times` });
      break;
    case 'needs-review':
      if (idempotency === 'idempotent')
        out.push({
          invariant: 'appliedOnce',
          detail: `${name}: an idempotent action ended in needs-review (applied ${applied})`,
        });
      else if ((applied ?? 0) > 1)
        out.push({ invariant: 'appliedOnce', detail: `${name}: needs review and applied ${applied} times` });
      break;
    case 'failed':
      out.push({
        invariant: 'appliedOnce',
        detail: `${name}: failed although valid${problem}; the practice applied it ${applied ?? '?'} times`,
      });
      break;
    case 'discarded':
      out.push({ invariant: 'nothingLost', detail: `${name}: discarded without the user asking` });
      break;
    case 'pending':
    case 'sending': {
      const dependency = action.dependsOn ? byId.get(action.dependsOn) : undefined;
      const waitsForReview =
        dependency && (dependency.status === 'needs-review' || dependency.status === 'failed') && applied === 0;
      if (!waitsForReview)
        out.push({
          invariant: 'settles',
          detail: `${name}: still ${entry.status} after settling, ${entry.attempts} attempts${problem}; applied ${applied ?? '?'} times`,
        });
    }
  }
  return out;
}

/** Everything has settled (network back, no faults, drained, synced): the final checks of a run. */
export async function checkSettled(
  world: ModelWorld,
  scope: RunScope,
  actions: readonly QueuedAction[],
): Promise<Violation[]> {
  const { entries } = await readEntries(world.db);
  const byId = byKey(entries, (e) => e.id);
  const out = actions.flatMap((a) => checkEntry(world, a, actions, byId));
  // Rows carrying an entry still waiting for the user (failed, needs review) show what the user typed, by
  // design, not the practice's copy: placeholders and edited rows alike; so does an onboarding with a
  // change waiting. That the entry is there at all is judged by appliedOnce above.
  const waiting = new Set(entries.filter((e) => e.status !== 'done').map((e) => e.id));
  const waitingOnboardings = new Set(
    actions.filter((a) => waiting.has(a.id) && a.kind.startsWith('onboarding.')).map((a) => a.payload.params['key']),
  );
  const shown = (row: object) => {
    const pending = (row as { pendingOutboxId?: string }).pendingOutboxId;
    const onboarding = (row as { onboardingKey?: string }).onboardingKey;
    return !(pending && waiting.has(pending)) && !(onboarding && waitingOnboardings.has(onboarding));
  };
  const s = world.state;
  // Every synced list, whole: what the run touched and what it did not.
  const lists = [
    ['entity', entitySchema, world.db.entities, [...s.entities.values()], (r: Entity) => r.entityKey],
    [
      'contact',
      contactSchema,
      world.db.contacts,
      // A contact removed at the practice is read as removed and kept, flagged (the screens hide it).
      [...s.contacts.values()],
      (r: Contact) => r.entityContactID,
    ],
    ['lead', leadSchema, world.db.leads, [...s.leads.values()], (r: Lead) => r.leadKey],
    [
      'onboarding',
      onboardingSchema,
      world.db.onboardings,
      [...s.onboardings.values()],
      (r: Onboarding) => r.onboardingKey,
    ],
  ] as const;
  for (const [what, schema, table, server, keyOf] of lists) {
    const local = (await (table as Table<object>).toArray()).filter(shown);
    const parse = (rows: readonly object[]) =>
      byKey(
        rows.map((r) => schema.parse(r) as never),
        keyOf as (row: never) => string | number,
      );
    const localByKey = parse(local);
    // A row the screens show as the user typed it (above) is left out on both sides.
    const serverByKey = parse(server.filter((r) => !(what === 'onboarding' && !shown(r))));
    for (const row of await (table as Table<object>).toArray())
      if (!shown(row)) serverByKey.delete((keyOf as (row: object) => string | number)(row));
    out.push(...compare('localEqualsServer', what, localByKey, serverByKey));
  }
  // Bills come by date window (the billing tier): the run's own, by their reference.
  const references = new Set(actions.filter((a) => a.kind === 'bill.createAdhoc').map((a) => a.marker));
  const runBills = (rows: object[]) =>
    byKey(
      rows.filter((b) => references.has((b as { reference?: string }).reference ?? '')).map((b) => billSchema.parse(b)),
      (b) => b.billingId,
    );
  out.push(
    ...compare(
      'localEqualsServer',
      'bill',
      runBills((await world.db.bills.toArray()).filter(shown)),
      runBills([...s.bills.values()]),
    ),
  );
  return out;
}
