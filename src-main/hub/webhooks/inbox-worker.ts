import { webhookDeliverySchema, type WebhookDelivery } from '../../../src-preload/contract/partner-api';
import type { Queryable } from '../db/database';
import type { BudgetTimer } from '../../request-budget/budget-timer';
import type { HubLog } from '../watch/hub-log';
import { createCoalescingRunner } from '../work/coalescing-runner';

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
 * Single-flight (work/coalescing-runner.ts): signals during a round coalesce into one more round after it.
 */
export function createInboxWorker(
  db: Queryable,
  deps: {
    /** Whether this process may do the work now (the mirror leader, not closing). */
    mayWork: () => boolean;
    /** The work for one delivery; called for a whole batch at once, so its re-reads can coalesce. */
    work: (delivery: WebhookDelivery) => Promise<void>;
    /** The hub's clock (its runner's timers). */
    clock: BudgetTimer;
    log: HubLog;
  },
) {
  const onError = (error: unknown) => deps.log.error({ err: error }, "the webhook inbox's work failed");
  // Passes asked for beside the next round's first batch (a takeover's catch-up), so the two can share.
  let alongside: Array<() => Promise<unknown>> = [];

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

  /** Every unprocessed delivery, a batch at a time; what was asked alongside starts with the first batch. */
  async function round(): Promise<void> {
    for (let taken = BATCH; taken === BATCH && deps.mayWork();) {
      const extra = alongside;
      alongside = [];
      const rows = await pending();
      [, taken] = await Promise.all([Promise.all(extra.map((pass) => pass())), process(rows)]);
    }
  }
  // Signals during a round coalesce into one more round after it.
  const rounds = createCoalescingRunner({ run: round, clock: deps.clock, mayRun: deps.mayWork });

  /**
   * Does the work of every unprocessed delivery. `alongside` (a takeover's catch-up pass) is asked in the
   * same turn as the first batch's work, so the two can share.
   */
  function drain(pass?: () => Promise<unknown>): Promise<void> {
    if (!deps.mayWork()) return Promise.resolve();
    if (pass) alongside.push(pass);
    return rounds.request();
  }

  return {
    drain,
    /** A signal said a delivery was stored: drain, reporting failures (the next signal or takeover retries). */
    wake(): void {
      drain().catch(onError);
    },
    stop: (): Promise<void> => rounds.stop(),
  };
}
export type InboxWorker = ReturnType<typeof createInboxWorker>;
