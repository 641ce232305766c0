import type { Client } from 'pg';
import type { Queryable } from './database';
import { logOrStderr, type HubLog } from '../watch/hub-log';
import { realTimer, repeatEvery } from '../../request-budget/budget-timer';

/**
 * Pokes between the processes of one hub database. A payload is at most a change sequence: the listener
 * re-reads the database for what it means, so a lost or repeated signal costs a query, never data.
 * - `hub_changes`: the mirror committed changes (payload: the latest change sequence); serving processes
 *   poke their laptops' change streams.
 * - `hub_inbox`: a webhook delivery or a laptop's hint was stored (no payload); the mirror leader does its work.
 * - `hub_devices`: a device was revoked (payload: its id); every process ends what that device has open.
 *   The revocation is in the database first, so a process that missed the signal refuses the device's next
 *   request anyway, and re-checks the devices it has open when it listens again.
 */
export const CHANGES_CHANNEL = 'hub_changes';
export const INBOX_CHANNEL = 'hub_inbox';
export const DEVICES_CHANNEL = 'hub_devices';
export type SignalChannel = typeof CHANGES_CHANNEL | typeof INBOX_CHANNEL | typeof DEVICES_CHANNEL;
const CHANNELS: readonly SignalChannel[] = [CHANGES_CHANNEL, INBOX_CHANNEL, DEVICES_CHANNEL];

/** The listening session's name in pg_stat_activity (an administrator, or a test, can find it there). */
export const LISTENER_APPLICATION_NAME = 'practice-hub-listen';

export interface HubSignals {
  /** Tells every process of this database, this one included. Never throws (a lost signal is re-checked). */
  send(channel: SignalChannel, payload?: string): Promise<void>;
  on(channel: SignalChannel, listener: (payload: string) => void): void;
  /** Listening resumed after a dropped connection: signals sent meanwhile were lost, so re-check the database. */
  onResumed(listener: () => void): void;
  close(): Promise<void>;
}

function listenerRegistry(log: HubLog) {
  const listeners = new Map<SignalChannel, Set<(payload: string) => void>>(CHANNELS.map((c) => [c, new Set()]));
  const resumed = new Set<() => void>();
  const call = (fn: () => void) => {
    try {
      fn();
    } catch (error) {
      log.error({ err: error }, 'a listener of a signal between hub processes failed');
    }
  };
  return {
    on: (channel: SignalChannel, listener: (payload: string) => void) => void listeners.get(channel)!.add(listener),
    onResumed: (listener: () => void) => void resumed.add(listener),
    deliver(channel: string, payload: string): void {
      for (const listener of listeners.get(channel as SignalChannel) ?? []) call(() => listener(payload));
    },
    resume(): void {
      for (const listener of resumed) call(listener);
    },
  };
}

/** PGlite: one process owns the database (its folder lock), so a signal never has to leave the process. */
export function localSignals(log?: HubLog): HubSignals {
  const registry = listenerRegistry(logOrStderr(log));
  return {
    send: async (channel, payload = '') => queueMicrotask(() => registry.deliver(channel, payload)),
    on: registry.on,
    onResumed: registry.onResumed,
    close: async () => undefined,
  };
}

/**
 * PostgreSQL: `pg_notify` through the pool to send; `LISTEN` on a connection of its own to hear (a pooled
 * connection would be handed to another query and its notifications lost). When that connection drops
 * (a server restart, a network cut, an administrator), it reconnects with a growing delay and tells
 * `onResumed` listeners, which re-check the sequence and the inbox. A cut the client never hears of is
 * caught by asking the session `SELECT 1` every `checkEveryMs`.
 */
export async function postgresSignals(
  connectionString: string,
  db: Queryable,
  options: { checkEveryMs?: number; retryMs?: { first: number; max: number }; log?: HubLog } = {},
): Promise<HubSignals> {
  const { default: pg } = await import('pg');
  const log = logOrStderr(options.log);
  const registry = listenerRegistry(log);
  const retry = options.retryMs ?? { first: 100, max: 5_000 };
  let session: Client | null = null;
  let closed = false;
  let delay = retry.first;
  // The wait before the next try to listen again, while one is set.
  let reconnecting: AbortController | undefined;
  const checking = new AbortController();

  function dropped(client: Client): void {
    if (session !== client) return;
    session = null;
    client.end().catch(() => undefined);
    scheduleReconnect();
  }

  function scheduleReconnect(): void {
    if (closed || reconnecting) return;
    const wait = (reconnecting = new AbortController());
    realTimer.sleep(delay, wait.signal).then(
      () => {
        reconnecting = undefined;
        void listen(true);
      },
      () => undefined,
    );
    delay = Math.min(delay * 2, retry.max);
  }

  async function listen(resuming: boolean): Promise<void> {
    const client = new pg.Client({ connectionString, application_name: LISTENER_APPLICATION_NAME, keepAlive: true });
    client.on('notification', (message) => registry.deliver(message.channel, message.payload ?? ''));
    client.on('error', (error) => {
      log.warn({ err: error }, 'lost the connection that listens for other hub processes; reconnecting');
      dropped(client);
    });
    client.on('end', () => dropped(client));
    session = client;
    try {
      await client.connect();
      for (const channel of CHANNELS) await client.query(`LISTEN ${channel}`);
    } catch (error) {
      if (!resuming) {
        // The hub does not start: nothing may keep reconnecting behind its back.
        closed = true;
        session = null;
        await client.end().catch(() => undefined);
        throw error;
      }
      if (session === client) dropped(client);
      return;
    }
    if (closed || session !== client) return;
    delay = retry.first;
    if (resuming) registry.resume();
  }

  await listen(false);
  void repeatEvery(realTimer, options.checkEveryMs ?? 5_000, checking.signal, () => {
    const held = session;
    if (!held || reconnecting) return;
    held.query('SELECT 1').catch(() => dropped(held));
  });

  return {
    async send(channel, payload = '') {
      await db.query('SELECT pg_notify($1, $2)', [channel, payload]).catch((error: unknown) => {
        log.warn({ err: error }, 'could not signal the other hub processes');
      });
    },
    on: registry.on,
    onResumed: registry.onResumed,
    async close() {
      closed = true;
      checking.abort();
      reconnecting?.abort();
      const client = session;
      session = null;
      await client?.end().catch(() => undefined);
    },
  };
}

/**
 * Tells every hub process on this database that a device was revoked, from a process that is not a running
 * hub (the `devices revoke` command on PostgreSQL). PGlite's database belongs to one process: nothing to tell.
 */
export async function announceRevocation(db: Queryable & { engine: string }, deviceId: string): Promise<void> {
  if (db.engine === 'postgres') await db.query('SELECT pg_notify($1, $2)', [DEVICES_CHANNEL, deviceId]);
}
