import { hubHintFieldsSchema } from '../../../src-preload/contract/hub-hint';
import type { Queryable } from '../db/database';
import type { AskOutcome, DeviceAllowance } from '../devices/device-allowance';
import { resourceVersion } from '../mirror/mirror-store';
import { PROPOSALS_RESOURCE, STATEMENTS_RESOURCE } from '../clients/client-proposals';
import type { BudgetTimer } from '../../request-budget/budget-timer';
import type { HubLog } from '../watch/hub-log';
import { createCoalescingRunner } from '../work/coalescing-runner';

/** The leader does the hints' re-reads at most once in this long, whichever devices sent them. */
export const HINT_PASS_GAP_MS = 10_000;
/** Hints sent together (laptops after one applied write, a device's burst) are gathered this long first. */
export const HINT_GATHER_MS = 200;
/** Hints taken per round; a longer backlog is taken in the next round. */
const BATCH = 500;
/** A stored hint: the contract's fields; the device's rate limit may have left either list empty. */
const storedHintSchema = hubHintFieldsSchema;
/** The lists a client's re-read moves (clients/client-reads.ts): how a hint naming a client is judged. */
const CLIENT_LISTS = [PROPOSALS_RESOURCE, STATEMENTS_RESOURCE];
type Ticket = { settle(outcome: AskOutcome): void };
/** A re-read that costs the sender nothing (the hub holds nothing of the client, or no allowance is kept). */
const FREE: Ticket = { settle: () => undefined };
const yes = async () => true;

/**
 * The hints' work, done by the mirror leader only (whichever process stored them): every stored hint is
 * gathered into one round — one incremental pass of the lists they name (at the user's priority, joining
 * the mirror loop's single flight) and one re-read of each client they name — and deleted once done. A
 * round starts at most once per `gapMs`: hints arriving meanwhile wait and share the next round, so a flood
 * from any number of devices costs one round per gap. A hint is only a nudge: a failed re-read is reported
 * and the hint dropped (the backstop pass and the next hint catch up), never retried forever.
 */
export function createHintWorker(
  db: Queryable,
  deps: {
    /** Whether this process may do the work now (the mirror leader, not closing). */
    mayWork: () => boolean;
    /** One incremental pass of these lists (the mirror loop's request with lists). */
    mirrorPass: (resources: readonly string[]) => Promise<void>;
    /** Re-reads what the hub holds of this client (its proposals, statements; drops its kept answers). */
    refreshClient: (entityKey: string) => Promise<void>;
    /** Whether the hub holds any list of this client (only then does a hint naming it cost a request). */
    holdsClient?: (entityKey: string) => Promise<boolean>;
    /**
     * What each device may make the hub spend: every list a device's hint names, and every held client, is
     * paid from the sender's allowance, and a re-read that changed nothing counts as a wasted ask. A hint
     * its sender cannot pay for is dropped (the backstop pass reads what it named anyway).
     */
    allowance?: DeviceAllowance;
    gapMs?: number;
    gatherMs?: number;
    /** The clock the gap and the gather time are waited on (the wall clock in a running hub: hub-core.ts). */
    clock: BudgetTimer;
    log: HubLog;
  },
) {
  const gapMs = deps.gapMs ?? HINT_PASS_GAP_MS;
  const gatherMs = deps.gatherMs ?? HINT_GATHER_MS;
  const now = () => deps.clock.now();
  const onError = (error: unknown) => deps.log.error({ err: error }, "a round of laptops' hints failed");
  let lastRoundAt = Number.NEGATIVE_INFINITY;

  async function round(): Promise<void> {
    const rows = await db.query<{ id: string; device_id: string; resources: unknown; client_keys: unknown }>(
      'SELECT id::text AS id, device_id, resources, client_keys FROM hub_hints ORDER BY id LIMIT $1',
      [BATCH],
    );
    if (rows.length === 0) return;
    lastRoundAt = now();
    // What each list or client's re-read is paid with: the tickets of the devices that named it.
    const lists = new Map<string, Ticket[]>();
    const clients = new Map<string, Ticket[]>();
    const pay = async (
      named: Map<string, Ticket[]>,
      name: string,
      device: string,
      costs: () => Promise<boolean>,
    ): Promise<void> => {
      const tickets = named.get(name) ?? [];
      named.set(name, tickets);
      if (!deps.allowance || !(await costs())) return void tickets.push(FREE);
      const answer = deps.allowance.ask(device);
      if (answer.granted) tickets.push(answer);
    };
    for (const row of rows) {
      // Parsed again at the database's border: a row this version cannot read names nothing.
      const hint = storedHintSchema.safeParse({
        resources: typeof row.resources === 'string' ? JSON.parse(row.resources) : row.resources,
        clientKeys: typeof row.client_keys === 'string' ? JSON.parse(row.client_keys) : row.client_keys,
      });
      if (!hint.success) continue;
      for (const resource of new Set(hint.data.resources)) await pay(lists, resource, row.device_id, yes);
      for (const key of new Set(hint.data.clientKeys.map((k) => k.toLowerCase())))
        await pay(clients, key, row.device_id, () => deps.holdsClient?.(key) ?? yes());
    }
    const paidFor = (named: Map<string, Ticket[]>) => [...named].filter(([, tickets]) => tickets.length > 0);
    const readLists = paidFor(lists).map(([resource]) => resource);
    const readClients = paidFor(clients).map(([key]) => key);
    const watched = [...new Set([...readLists, ...(readClients.length > 0 ? CLIENT_LISTS : [])])];
    const before = new Map(await Promise.all(watched.map(async (r) => [r, await resourceVersion(db, r)] as const)));
    const work = await Promise.allSettled([
      ...(readLists.length > 0 ? [deps.mirrorPass(readLists)] : []),
      ...readClients.map((key) => deps.refreshClient(key)),
    ]);
    for (const outcome of work) if (outcome.status === 'rejected') onError(outcome.reason);
    const moved = new Set<string>();
    for (const resource of watched)
      if ((await resourceVersion(db, resource)) !== before.get(resource)) moved.add(resource);
    // A re-read that found a change was worth it; one that found nothing was a wasted ask of its senders.
    for (const resource of readLists)
      for (const ticket of lists.get(resource) ?? []) ticket.settle(moved.has(resource) ? 'useful' : 'wasted');
    const clientChanged = CLIENT_LISTS.some((resource) => moved.has(resource));
    for (const key of readClients)
      for (const ticket of clients.get(key) ?? []) ticket.settle(clientChanged ? 'useful' : 'wasted');
    await db.query('DELETE FROM hub_hints WHERE id = ANY($1::bigint[])', [rows.map((row) => row.id)]);
    // A full batch: more hints wait, for the next round.
    if (rows.length === BATCH) void rounds.request();
  }

  // One round at a time, once the gather time and the gap since the last round have passed; hints stored
  // during a round (or its wait) share the next.
  const rounds = createCoalescingRunner({
    run: () => round().catch(onError),
    clock: deps.clock,
    delayMs: () => Math.max(lastRoundAt + gapMs - now(), gatherMs),
    mayRun: deps.mayWork,
  });

  return {
    /** A hint was stored (or this process just took the lead): do the stored hints' work, within the gap. */
    wake(): void {
      void rounds.request();
    },
    stop: (): Promise<void> => rounds.stop(),
  };
}
export type HintWorker = ReturnType<typeof createHintWorker>;
