import { z } from 'zod';
import { HUB_CHANGES_PATH, type LiveStatus } from '../../src-preload/contract/live-updates';
import type { EventHub } from '../ipc/event-hub';
import type { Logger } from '../logging/logger';
import { createSseParser } from './sse-parser';

/** The hub's change stream (src-main/hub/http/change-stream.ts). */

/** The active practice when it is read through the hub: where its stream is and the device's credentials. */
export interface HubStreamTarget {
  practiceKey: string;
  baseUrl: string;
  deviceId: string;
  token: string;
}

export interface LiveUpdatesDeps {
  /** The session's fetch (the hub's pinned transport applies to it): never EventSource, never a client of its own. */
  fetch: typeof globalThis.fetch;
  events: Pick<EventHub, 'emit'>;
  /** The active practice, if it is read through the hub and unlocked; null otherwise (no stream). */
  target(): HubStreamTarget | null;
  /** Runs the sync of the lists a poke names (sync-runner.ts); false when only the window can start it. */
  syncPoked?(practiceKey: string, lists: readonly string[]): boolean;
  log?: Pick<Logger, 'warn'>;
  /** First wait before reconnecting (the server's `retry` replaces it); doubled per failure up to maxRetryMs. */
  minRetryMs?: number;
  maxRetryMs?: number;
  /** With no byte for this long (the hub sends a heartbeat every 25 s), the stream is taken for dead. */
  idleMs?: number;
  random?: () => number;
}

const pokeDataSchema = z.object({
  seq: z.number().int().min(0),
  lists: z.array(z.string().max(60)).max(50),
  clients: z.array(z.uuid()).max(100).nullable(),
});

/** Waits `ms`, or less when `signal` aborts (then the timer is cleared: nothing is left behind). */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * Keeps one change stream open to the hub of the active practice; each poke starts the sync of the lists it
 * names (the window's acknowledgements carry the records into IndexedDB) and is relayed to the window
 * (`sync.poke`), which re-reads the clients it names; the state goes to the status bar (`sync.live`). A
 * dropped stream is reopened with `Last-Event-ID` (the hub answers with one poke covering the gap) after a
 * growing wait; sign-out, another practice, or the app closing stop it with no timer left running.
 */
export function createLiveUpdates(deps: LiveUpdatesDeps) {
  const minRetryMs = deps.minRetryMs ?? 1_000;
  const maxRetryMs = deps.maxRetryMs ?? 60_000;
  const idleMs = deps.idleMs ?? 60_000;
  const random = deps.random ?? Math.random;
  let current: { target: HubStreamTarget; stop: AbortController; done: Promise<void> } | null = null;
  let status: LiveStatus = { practiceKey: null, state: 'off' };

  function setStatus(next: LiveStatus): void {
    if (next.practiceKey === status.practiceKey && next.state === status.state) return;
    status = next;
    deps.events.emit('sync.live', next);
  }

  /** One connection: resolves when the stream ends or fails; true when the hub answered with the stream. */
  async function connectOnce(
    target: HubStreamTarget,
    stop: AbortSignal,
    resume: { lastEventId: string; retryMs: number },
  ): Promise<boolean> {
    const attempt = new AbortController();
    const abortAttempt = (): void => attempt.abort();
    stop.addEventListener('abort', abortAttempt, { once: true });
    let idle: ReturnType<typeof setTimeout> | undefined;
    const stillAlive = (): void => {
      clearTimeout(idle);
      idle = setTimeout(abortAttempt, idleMs);
    };
    let opened = false;
    const parser = createSseParser({
      onRetry: (ms) => (resume.retryMs = Math.min(Math.max(ms, 500), maxRetryMs)),
      onEvent: (event) => {
        if (event.event === 'ready') {
          opened = true;
          setStatus({ practiceKey: target.practiceKey, state: 'on' });
        } else if (event.event === 'poke') {
          let data: unknown;
          try {
            data = JSON.parse(event.data);
          } catch {
            return;
          }
          const poke = pokeDataSchema.safeParse(data);
          // A listener's failure is not the stream's: it must not drop the stream and replay the same poke.
          if (poke.success) {
            // Main's own run of the lists failing to start leaves them to the window, never the clients unread.
            let listsSyncing = false;
            try {
              listsSyncing =
                poke.data.lists.length > 0 && (deps.syncPoked?.(target.practiceKey, poke.data.lists) ?? false);
            } catch (error) {
              deps.log?.warn('Live updates from the hub: the poked lists could not be synced by main', error);
            }
            try {
              deps.events.emit('sync.poke', { practiceKey: target.practiceKey, ...poke.data, listsSyncing });
            } catch (error) {
              deps.log?.warn('Live updates from the hub: a poke could not be relayed', error);
            }
          }
        }
        if (event.lastEventId) resume.lastEventId = event.lastEventId;
      },
    });
    try {
      stillAlive();
      const response = await deps.fetch(`${target.baseUrl}${HUB_CHANGES_PATH}`, {
        headers: {
          accept: 'text/event-stream',
          'X-Svc-Auth-ID': target.deviceId,
          'X-Svc-Auth-Key': target.token,
          ...(resume.lastEventId ? { 'Last-Event-ID': resume.lastEventId } : {}),
        },
        signal: attempt.signal,
      });
      if (!response.ok || !response.body) {
        await response.body?.cancel().catch(() => undefined);
        throw new Error(`The hub answered the change stream with ${response.status}.`);
      }
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        stillAlive();
        parser.push(value);
      }
    } catch (error) {
      if (!stop.aborted) deps.log?.warn('Live updates from the hub: the stream failed', error);
    } finally {
      clearTimeout(idle);
      stop.removeEventListener('abort', abortAttempt);
      attempt.abort();
    }
    return opened;
  }

  async function run(target: HubStreamTarget, stop: AbortSignal): Promise<void> {
    const resume = { lastEventId: '', retryMs: minRetryMs };
    let failures = 0;
    while (!stop.aborted) {
      setStatus({ practiceKey: target.practiceKey, state: failures === 0 ? 'connecting' : 'retrying' });
      // A stream that opened and later dropped starts the waits afresh; one that never opened doubles them.
      failures = (await connectOnce(target, stop, resume)) ? 1 : failures + 1;
      if (stop.aborted) break;
      setStatus({ practiceKey: target.practiceKey, state: 'retrying' });
      const wait = Math.min(resume.retryMs * 2 ** (failures - 1), maxRetryMs);
      // Up to a fifth less, so laptops a hub restart dropped together do not come back together.
      await sleep(wait * (1 - random() * 0.2), stop);
    }
  }

  const same = (a: HubStreamTarget, b: HubStreamTarget): boolean =>
    a.practiceKey === b.practiceKey && a.baseUrl === b.baseUrl && a.deviceId === b.deviceId && a.token === b.token;

  function stop(): Promise<void> {
    const was = current;
    current = null;
    was?.stop.abort();
    setStatus({ practiceKey: null, state: 'off' });
    return was?.done ?? Promise.resolve();
  }

  return {
    /** Opens, keeps or closes the stream to match the active practice (after connect, restore, sign-out). */
    follow(): void {
      const target = deps.target();
      if (current && target && same(current.target, target)) return;
      void stop();
      if (!target) return;
      const controller = new AbortController();
      current = { target, stop: controller, done: run(target, controller.signal) };
    },
    stop,
    status: (): LiveStatus => status,
  };
}
