import { afterEach } from 'vitest';
import type { Companion } from '../../src-preload/contract/companion';
import type { OperationName } from '../../src-preload/contract/outbox/operations';
import type { StoredPayload } from '../../src-preload/contract/outbox/payload-check';
import { deletePracticeDb, type PracticeDb } from '../../src-renderer/data/practice-db';
import { practiceDb } from './practice-db';
import { enqueue } from '../../src-renderer/outbox/outbox-db';
import { createOutboxReplayer } from '../../src-renderer/outbox/outbox-replayer';
import { startConnectedDemo, type startNodeApp } from './node-companion';

/**
 * The outbox against the demo practice: renderer code in Node (fake IndexedDB), main through the real
 * registry, the first practice connected with read-write credentials and no rate limit. `close` stops
 * everything and deletes the practice database.
 */
export async function startOutboxScenario(
  options: Pick<Parameters<typeof startNodeApp>[0] & object, 'wrapFetch'> & { apiTimeoutMs?: number } = {},
) {
  const { app, practiceKey, demo, state } = await startConnectedDemo({
    demo: { seed: 21 },
    ...(options.apiTimeoutMs ? { deps: { apiClient: { timeoutMs: options.apiTimeoutMs } } } : {}),
    ...(options.wrapFetch ? { wrapFetch: options.wrapFetch } : {}),
  });
  const db = practiceDb(practiceKey);
  let paused = false;
  /** `now`: the replayer's clock, to step past the wait between two verification reads. */
  const replayer = (companion: Pick<Companion, 'outbox'> = app.companion, now: () => number = Date.now) =>
    createOutboxReplayer({
      db,
      practiceKey,
      companion,
      now,
      canSend: () => app.network.isOnline() && !paused,
      onUnauthorized: () => (paused = true),
    });
  const clients = [...state.entities.values()].filter((e) => !e.entityTerminated);
  const requests = (method: string, path: RegExp) =>
    demo.runtime.requestLog.filter((r) => r.method === method && path.test(r.url)).length;
  const posts = (path: RegExp) => demo.runtime.requestLog.filter((r) => r.method !== 'GET' && path.test(r.url)).length;
  /** A companion whose window dies once per entry: after main sent the request, before the answer is stored. */
  const crashingOncePerEntry = () => {
    const crashed = new Set<string>();
    const companion: Pick<Companion, 'outbox'> = {
      outbox: {
        send: async (input) => {
          const outcome = await app.companion.outbox.send(input);
          if (crashed.has(input.entryId)) return outcome;
          crashed.add(input.entryId);
          throw new Error('renderer crashed');
        },
        verify: app.companion.outbox.verify,
      },
    };
    return { companion, crashed };
  };
  const close = async () => {
    await app.close();
    await deletePracticeDb(practiceKey);
  };
  /** The credentials entered again after a 401: the outbox is no longer paused. */
  const resume = () => {
    paused = false;
  };
  return { app, db, state, demo, practiceKey, replayer, resume, clients, posts, requests, crashingOncePerEntry, close };
}

export type OutboxScenario = Awaited<ReturnType<typeof startOutboxScenario>>;

/** For a test file: a function that starts a scenario, each one closed after its test. */
export function outboxScenarioPerTest(): (
  options?: Parameters<typeof startOutboxScenario>[0],
) => Promise<OutboxScenario> {
  let current: OutboxScenario | undefined;
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  return async (options) => (current = await startOutboxScenario(options));
}

let n = 0;
export const queueEntry = (
  db: PracticeDb,
  operation: OperationName,
  payload: StoredPayload,
  extra: { entityKey?: string; dependsOn?: string[] } = {},
) =>
  enqueue(db, {
    id: crypto.randomUUID(),
    operation,
    payload,
    summary: `${operation} #${++n}`,
    entityKey: extra.entityKey ?? null,
    dependsOn: extra.dependsOn ?? [],
  });
