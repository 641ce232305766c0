import type { FastifyInstance } from 'fastify';
import { HUB_CHANGES_PATH } from '../../../src-preload/contract/live-updates';
import type { ServerResponse } from 'node:http';
import type { Queryable } from '../db/database';
import { latestChangeSeq } from '../mirror/mirror-store';
import { sendProblem } from './problem';
import { access } from './route-access';
import { logOrStderr, type HubLog } from '../watch/hub-log';
import { realTimer, repeatEvery, type BudgetTimer } from '../../request-budget/budget-timer';

/** A poke: which lists changed and for which clients; no records (the laptop pulls them with lastUpdated). */
export interface Poke {
  seq: number;
  lists: string[];
  /** Clients (entity keys) whose records changed; null when more than MAX_CLIENTS did ("sync everything"). */
  clients: string[] | null;
}

const MAX_CLIENTS = 100;
export const HEARTBEAT_MS = 25_000;
/**
 * Open streams one device may hold (a laptop holds one; a reconnect may overlap the old one for a moment),
 * and all devices together: each stream is a socket and a heartbeat timer the hub keeps.
 */
export const MAX_STREAMS_PER_DEVICE = 4;
export const MAX_STREAMS = 1_000;
/** What a refused stream is told to wait before it tries again. */
const STREAM_RETRY_AFTER_S = 30;

/** What changed after `afterSeq`, as one poke; null when nothing did. */
export async function pokeSince(db: Queryable, afterSeq: number): Promise<Poke | null> {
  const rows = await db.query<{ resource: string; seq: string; clients: string[] | null }>(
    `SELECT resource, max(seq)::text AS seq,
            array_agg(DISTINCT entity_key) FILTER (WHERE entity_key IS NOT NULL) AS clients
     FROM (
       SELECT resource, change_seq AS seq, record->>'entityKey' AS entity_key FROM mirror_records WHERE change_seq > $1
       UNION ALL
       -- A removal is a change too: the laptop re-reads the list (and the client) and finds the record gone.
       SELECT resource, change_seq, entity_key FROM mirror_removals WHERE change_seq > $1
     ) AS changed GROUP BY resource ORDER BY resource`,
    [afterSeq],
  );
  if (rows.length === 0) return null;
  const clients = [...new Set(rows.flatMap((row) => row.clients ?? []))].sort();
  return {
    seq: Math.max(...rows.map((row) => Number(row.seq))),
    lists: rows.map((row) => row.resource),
    clients: clients.length > MAX_CLIENTS ? null : clients,
  };
}

/**
 * `GET /hub/v1/changes`: Server-Sent Events whose id is the hub's change sequence and whose data is a poke.
 * A reconnecting laptop sends Last-Event-ID and gets one poke covering everything since; a new one starts
 * at the current sequence (it syncs anyway). A comment line every 25 s keeps proxies from closing it.
 * The mirror is the only writer and commits one page at a time, so sequences commit in order.
 */
export function createChangeStream(
  db: Queryable,
  options: {
    heartbeatMs?: number;
    maxPerDevice?: number;
    maxTotal?: number;
    log?: HubLog;
    /** The wall clock: its timer sends the heartbeat (a network's idle limit, never the practice's time). */
    wallClock?: BudgetTimer;
  } = {},
) {
  const log = logOrStderr(options.log);
  const wallClock = options.wallClock ?? realTimer;
  const streams = new Map<ServerResponse, { lastSeq: number; sending: Promise<void>; device: string }>();
  /** Told when a stream opens or closes (the hub's cadence follows who is connected: laptop-presence.ts). */
  const listeners: StreamListener[] = [];

  async function sendSince(response: ServerResponse): Promise<void> {
    const stream = streams.get(response);
    if (!stream) return;
    const poke = await pokeSince(db, stream.lastSeq);
    if (!poke || poke.seq <= stream.lastSeq || !streams.has(response)) return;
    stream.lastSeq = poke.seq;
    response.write(`id: ${poke.seq}\nevent: poke\ndata: ${JSON.stringify(poke)}\n\n`);
  }

  /** Chains each stream's sends, so two notifications never send one change twice or out of order. */
  function queue(response: ServerResponse): void {
    const stream = streams.get(response);
    if (!stream) return;
    stream.sending = stream.sending
      .then(() => sendSince(response))
      .catch((error: unknown) => log.error({ err: error }, 'could not poke a change stream'));
  }

  return {
    register(app: FastifyInstance): void {
      app.get(HUB_CHANGES_PATH, access('device'), async (request, reply) => {
        const header = request.headers['last-event-id'];
        const resumeFrom = typeof header === 'string' && /^\d{1,15}$/.test(header) ? Number(header) : null;
        const lastSeq = resumeFrom ?? (await latestChangeSeq(db));
        // Counted and taken with no await between, so a hundred streams asked at once are counted one by one.
        const device = request.device ?? '';
        const mine = [...streams.values()].filter((stream) => stream.device === device).length;
        if (
          mine >= (options.maxPerDevice ?? MAX_STREAMS_PER_DEVICE) ||
          streams.size >= (options.maxTotal ?? MAX_STREAMS)
        )
          return sendProblem(
            reply.header('retry-after', String(STREAM_RETRY_AFTER_S)),
            429,
            'Too Many Requests',
            mine > 0
              ? 'This laptop already has as many change streams open as the hub allows one laptop.'
              : 'The hub has as many change streams open as it keeps.',
            HUB_CHANGES_PATH,
          );
        reply.hijack();
        const response = reply.raw;
        response.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store',
          connection: 'keep-alive',
        });
        response.write(`retry: 5000\nid: ${lastSeq}\nevent: ready\ndata: {"seq":${lastSeq}}\n\n`);
        const heartbeat = new AbortController();
        void repeatEvery(wallClock, options.heartbeatMs ?? HEARTBEAT_MS, heartbeat.signal, () =>
          response.write(': heartbeat\n\n'),
        );
        streams.set(response, { lastSeq, sending: Promise.resolve(), device });
        for (const listener of listeners) listener.opened();
        request.raw.once('close', () => {
          heartbeat.abort();
          if (streams.delete(response)) for (const listener of listeners) listener.closed();
        });
        if (resumeFrom !== null) queue(response);
      });
      // Open streams would hold the server open forever: end them when the hub closes.
      app.addHook('preClose', async () => {
        for (const response of streams.keys()) response.end();
        streams.clear();
      });
    },
    /** The mirror committed changes: poke every connected laptop with what is new to it. */
    notify(): void {
      for (const response of streams.keys()) queue(response);
    },
    connections: (): number => streams.size,
    /** Tells `listener` of every stream opened or closed from now on (already counted in `connections`). */
    listen(listener: StreamListener): void {
      listeners.push(listener);
    },
    /** Whether this device has a stream open now. */
    streaming: (device: string): boolean => [...streams.values()].some((stream) => stream.device === device),
  };
}
export type ChangeStream = ReturnType<typeof createChangeStream>;

export interface StreamListener {
  opened(): void;
  closed(): void;
}
