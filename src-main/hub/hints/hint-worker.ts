import { hubHintFieldsSchema } from '../../../src-preload/contract/hub-hint';
import type { Queryable } from '../db/database';

/** The leader does the hints' re-reads at most once in this long, whichever devices sent them. */
export const HINT_PASS_GAP_MS = 10_000;
/** Hints sent together (laptops after one applied write, a device's burst) are gathered this long first. */
export const HINT_GATHER_MS = 200;
/** Hints taken per round; a longer backlog is taken in the next round. */
const BATCH = 500;
/** A stored hint: the contract's fields; the device's rate limit may have left either list empty. */
const storedHintSchema = hubHintFieldsSchema;

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
    gapMs?: number;
    gatherMs?: number;
    now?: () => number;
    onError?: (error: unknown) => void;
  },
) {
  const gapMs = deps.gapMs ?? HINT_PASS_GAP_MS;
  const gatherMs = deps.gatherMs ?? HINT_GATHER_MS;
  const now = deps.now ?? Date.now;
  const onError = deps.onError ?? ((error: unknown) => console.error('[hub hints]', error));
  let running: Promise<void> | null = null;
  let again = false;
  let waiting: ReturnType<typeof setTimeout> | undefined;
  let lastRoundAt = Number.NEGATIVE_INFINITY;
  let stopped = false;

  async function round(): Promise<void> {
    const rows = await db.query<{ id: string; resources: unknown; client_keys: unknown }>(
      'SELECT id::text AS id, resources, client_keys FROM hub_hints ORDER BY id LIMIT $1',
      [BATCH],
    );
    if (rows.length === 0) return;
    lastRoundAt = now();
    const resources = new Set<string>();
    const clients = new Set<string>();
    for (const row of rows) {
      // Parsed again at the database's border: a row this version cannot read names nothing.
      const hint = storedHintSchema.safeParse({
        resources: typeof row.resources === 'string' ? JSON.parse(row.resources) : row.resources,
        clientKeys: typeof row.client_keys === 'string' ? JSON.parse(row.client_keys) : row.client_keys,
      });
      if (!hint.success) continue;
      hint.data.resources.forEach((resource) => resources.add(resource));
      hint.data.clientKeys.forEach((key) => clients.add(key.toLowerCase()));
    }
    const work = await Promise.allSettled([
      ...(resources.size > 0 ? [deps.mirrorPass([...resources])] : []),
      ...[...clients].map((key) => deps.refreshClient(key)),
    ]);
    for (const outcome of work) if (outcome.status === 'rejected') onError(outcome.reason);
    await db.query('DELETE FROM hub_hints WHERE id = ANY($1::bigint[])', [rows.map((row) => row.id)]);
    if (rows.length === BATCH) again = true;
  }

  /** Hints are waiting: a round once the gather time and the gap since the last round have passed. */
  function wake(): void {
    if (stopped || !deps.mayWork()) return;
    if (running) {
      again = true;
      return;
    }
    if (waiting) return;
    waiting = setTimeout(
      () => {
        waiting = undefined;
        start();
      },
      Math.max(lastRoundAt + gapMs - now(), gatherMs),
    );
    waiting.unref();
  }

  /** One round at a time; hints stored during it wake the next. */
  function start(): void {
    if (stopped || !deps.mayWork() || running) return;
    running = round()
      .catch(onError)
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          wake();
        }
      });
  }

  return {
    /** A hint was stored (or this process just took the lead): do the stored hints' work, within the gap. */
    wake,
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(waiting);
      await running;
    },
  };
}
export type HintWorker = ReturnType<typeof createHintWorker>;
