import { webhookDeliverySchema, type WebhookDelivery } from '../../../src-preload/contract/partner-api';
import type { Queryable } from '../db/database';
import type { HubLog } from '../watch/hub-log';

interface InboxRow {
  event_id: string;
  payload: unknown;
}

/** Deliveries handled per round; a longer backlog is taken in further rounds of the same drain. */
const BATCH = 200;

/**
 * The webhook work, done by the mirror leader only (it alone may spend the Client ID's budget), whichever
 * process stored the delivery. Any process stores a delivery in the inbox and signals; the leader takes
 * every row without `processed_at`, does its work and only then marks it, so a delivery stored by a
 * follower, or by a leader that died before or during the work, is done by the next leader: at least once,
 * never lost (the work is a re-read, so doing it twice costs requests, not correctness).
 * Single-flight: signals during a drain coalesce into one more round after it.
 */
export function createInboxWorker(
  db: Queryable,
  deps: {
    /** Whether this process may do the work now (the mirror leader, not closing). */
    mayWork: () => boolean;
    /** The work for one delivery; called for a whole batch at once, so its re-reads can coalesce. */
    work: (delivery: WebhookDelivery) => Promise<void>;
    log: HubLog;
  },
) {
  const onError = (error: unknown) => deps.log.error({ err: error }, "the webhook inbox's work failed");
  let running: Promise<number> | null = null;
  let again = false;

  /** The oldest deliveries not yet processed (at most one batch). */
  function pending(): Promise<InboxRow[]> {
    return db.query<InboxRow>(
      `SELECT event_id, payload FROM webhook_inbox WHERE processed_at IS NULL
       ORDER BY received_at, event_id LIMIT $1`,
      [BATCH],
    );
  }

  /**
   * Starts the work of these rows in this same turn (so a pass asked for beside it can share it), then
   * marks them once all of it is done. Resolves with how many rows it marked.
   */
  async function process(rows: readonly InboxRow[]): Promise<number> {
    if (rows.length === 0 || !deps.mayWork()) return 0;
    const deliveries: WebhookDelivery[] = [];
    for (const row of rows) {
      const parsed = webhookDeliverySchema.safeParse(
        typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload,
      );
      // A row this version cannot read is marked too: left unmarked, it would be taken again on every drain.
      if (parsed.success) deliveries.push(parsed.data);
      else deps.log.warn({ eventId: row.event_id }, 'a stored delivery is not one this hub reads; skipped');
    }
    await Promise.all(deliveries.map((delivery) => deps.work(delivery)));
    await db.query(
      `UPDATE webhook_inbox SET processed_at = now() WHERE event_id = ANY($1::text[]) AND processed_at IS NULL`,
      [rows.map((row) => row.event_id)],
    );
    return rows.length;
  }

  /**
   * Does the work of every unprocessed delivery; resolves with how many rows it marked. `alongside` (a
   * takeover's catch-up pass) is asked in the same turn as the first batch's work, so the two can share.
   */
  function drain(alongside?: () => Promise<unknown>): Promise<number> {
    if (!deps.mayWork()) return Promise.resolve(0);
    if (running) {
      again = true;
      return alongside ? running.then(async (done) => (await alongside(), done)) : running;
    }
    running = (async () => {
      let done = 0;
      let extra = alongside;
      do {
        again = false;
        for (let taken = BATCH; taken === BATCH && deps.mayWork(); done += taken) {
          const rows = await pending();
          [, taken] = await Promise.all([extra?.(), process(rows)]);
          extra = undefined;
        }
      } while (again && deps.mayWork());
      return done;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    drain,
    /** A signal said a delivery was stored: drain, reporting failures (the next signal or takeover retries). */
    wake(): void {
      drain().catch(onError);
    },
    async stop(): Promise<void> {
      await running?.catch(() => undefined);
    },
  };
}
export type InboxWorker = ReturnType<typeof createInboxWorker>;
