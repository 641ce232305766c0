import type { Queryable } from '../db/database';
import type { HubLog } from '../watch/hub-log';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * How old a held client's list may get when no webhook and no hint said it changed: webhooks are a hint,
 * and one that never arrives (refused once, the practice's retries spent) must not leave a proposal shown
 * as Sent for good. While laptops use the hub, at most an hour; otherwise at most a day.
 */
export const HELD_CLIENT_BOUND_MS = { active: HOUR_MS, idle: DAY_MS } as const;
/** A client nobody asked about for this long is no longer held: its next ask reads it through again. */
export const FORGET_UNASKED_AFTER_MS = 30 * DAY_MS;
/** Re-reads per turn: a large backlog (a hub back after a long stop) spreads over several passes. */
const MAX_PER_TURN = 500;

export interface HeldClientsBackstopDeps {
  db: Queryable;
  now: () => number;
  /** Whether laptops use the hub now (laptop-presence.ts): the tighter bound applies. */
  laptopsActive: () => boolean;
  /**
   * How long until the next turn at most (the backstop's interval now): a list is re-read once it would
   * otherwise pass its bound before then.
   */
  nextTurnInMs: () => number;
  /** Re-reads one held list of one client (clients/client-proposals.ts `refresh`), in the hub's own tier. */
  reread: (resource: string, entityKey: string) => Promise<void>;
  log: HubLog;
}

/**
 * The backstop for the lists the hub holds per client (proposals, statements): they change at the practice
 * and only a webhook or a laptop's hint says so, so the list passes never see them. One turn after each
 * backstop pass: lists older than their bound less the time to the next turn are read again, oldest first,
 * and clients no laptop asked about for a month are let go (their records stay; the next ask reads them
 * through before serving them, like a client never held).
 */
export function createHeldClientsBackstop(deps: HeldClientsBackstopDeps) {
  const onError = (error: unknown) => deps.log.error({ err: error }, "a turn of the held clients' backstop failed");
  let running: Promise<number> | null = null;

  async function turn(): Promise<number> {
    const nowMs = deps.now();
    await deps.db.query('DELETE FROM mirrored_clients WHERE asked_at < $1::timestamptz', [
      new Date(nowMs - FORGET_UNASKED_AFTER_MS).toISOString(),
    ]);
    const bound = deps.laptopsActive() ? HELD_CLIENT_BOUND_MS.active : HELD_CLIENT_BOUND_MS.idle;
    const dueBefore = new Date(nowMs - Math.max(0, bound - deps.nextTurnInMs())).toISOString();
    const due = await deps.db.query<{ resource: string; entity_key: string }>(
      `SELECT resource, entity_key FROM mirrored_clients WHERE read_at <= $1::timestamptz
         ORDER BY read_at, resource, entity_key LIMIT $2`,
      [dueBefore, MAX_PER_TURN],
    );
    const outcomes = await Promise.allSettled(due.map((row) => deps.reread(row.resource, row.entity_key)));
    for (const outcome of outcomes) if (outcome.status === 'rejected') onError(outcome.reason);
    return due.length;
  }

  return {
    /**
     * One turn, beside the mirror's passes (its re-reads wait in the budget; a pass an event asks for must not
     * wait for them). A turn asked while one runs is that one: its clients are the ones due.
     */
    turn(): Promise<number> {
      running ??= turn()
        .catch((error: unknown) => {
          onError(error);
          return 0;
        })
        .finally(() => {
          running = null;
        });
      return running;
    },
    /** Resolves once a turn under way is done (the hub closing waits for it). */
    async stop(): Promise<void> {
      await running;
    },
    idle: async (): Promise<void> => void (await running),
  };
}
export type HeldClientsBackstop = ReturnType<typeof createHeldClientsBackstop>;
