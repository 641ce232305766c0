import type { FastifyInstance } from 'fastify';
import type { HubLog } from '../watch/hub-log';
import { realTimer, repeatEvery } from '../../request-budget/budget-timer';

/** How long requests under way may take to finish when the hub is told to stop (systemd waits 90 s, Docker 10 s). */
export const DEFAULT_DRAIN_MS = 10_000;
const IDLE_SWEEP_MS = 100;

/**
 * Stops serving the way an administrator's `systemctl stop` or `docker stop` expects: no new connection is
 * accepted, a kept-alive connection's next request is answered 503 (Fastify's return503OnClosing), idle
 * connections are closed, the change streams end (change-stream.ts, on preClose), and each request already
 * under way — a read-through waiting on the practice included — finishes and is answered. Whatever is still
 * running after `drainMs` loses its connection, so a stop is never held by one slow client.
 *
 * The wait is on the real clock even where the hub's budget runs on a virtual one: it bounds sockets.
 */
export async function drainAndClose(app: FastifyInstance, drainMs: number, log: HubLog): Promise<void> {
  const closed = app.close();
  // A kept-alive connection whose request finishes during the drain is idle from then on, and would hold the
  // close until its keep-alive ran out: it is closed as soon as it is idle.
  const done = new AbortController();
  void repeatEvery(realTimer, IDLE_SWEEP_MS, done.signal, () => app.server.closeIdleConnections());
  const late = realTimer.sleep(drainMs, done.signal).then(
    () => 'late' as const,
    () => 'closed' as const,
  );
  const outcome = await Promise.race([closed.then(() => 'closed' as const), late]);
  done.abort();
  if (outcome === 'late') {
    log.warn({ drainMs }, 'requests still under way when the drain ended: their connections are closed');
    app.server.closeAllConnections();
    await closed;
  }
}
