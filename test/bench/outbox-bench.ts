import 'fake-indexeddb/auto';
import type { Companion } from '../../src-preload/contract/companion';
import { createVirtualTimer } from '../../src-main/request-budget/budget-timer';
import { DEFAULT_LIMITS } from '../../src-main/request-budget/request-budget';
import { deletePracticeDb } from '../../src-renderer/data/practice-db';
import { practiceDb } from '../support/practice-db';
import { enqueue, readEntries } from '../../src-renderer/outbox/outbox-db';
import { createOutboxReplayer } from '../../src-renderer/outbox/outbox-replayer';
import { startNodeApp } from '../support/node-companion';
import { clockOf, createVirtualTimeFetch } from '../support/virtual-time-http';
import { lowerBoundMs } from './lower-bound';

const START = Date.parse('2026-11-02T08:00:00Z');
const WRITES = 100;
const round = (value: number, digits = 1) => Number(value.toFixed(digits));

/**
 * 100 writes queued offline, drained after reconnecting, under the contract's default limits on
 * virtual time: main's real budget, client and registry; the renderer's real outbox (Dexie on
 * fake-indexeddb); the demo practice's limiter on. The clock is held during real work (HTTP, Dexie),
 * so the measured time is what the limits impose. The lower bound is when the budget's own planner
 * says the last of the 100 could at best go, given what was already sent (connecting).
 */
export async function benchOutbox() {
  const timer = createVirtualTimer(START);
  const http = createVirtualTimeFetch(timer);
  const app = await startNodeApp({
    demo: { seed: 3, clock: clockOf(timer) },
    deps: { fetch: http.fetch, budgetTimer: timer, budgetLimits: DEFAULT_LIMITS, clock: clockOf(timer) },
  });
  const connected = await app.companion.practice.connectDemo();
  if (!connected.ok) throw new Error(connected.message);
  const practiceKey = connected.practice.practiceKey;
  const db = practiceDb(practiceKey);
  try {
    const state = app.demo().runtime.practices[0]!;
    const clients = [...state.entities.values()].filter((e) => !e.entityTerminated);
    for (let i = 0; i < WRITES; i++) {
      const client = clients[i % clients.length]!;
      await enqueue(db, {
        id: crypto.randomUUID(),
        operation: 'contact.create',
        payload: {
          params: { entityKey: client.entityKey },
          body: { contactName: `Bench${i}`, contactSurname: 'Contact' },
        },
        summary: `bench ${i}`,
        entityKey: client.entityKey,
        dependsOn: [],
      });
    }

    // Renderer work between two sends takes no virtual time either: hold the clock from one answer to the next send.
    let release: (() => void) | null = timer.hold();
    const held: Pick<Companion, 'outbox'> = {
      outbox: {
        send: async (input) => {
          release?.();
          release = null;
          try {
            return await app.companion.outbox.send(input);
          } finally {
            release = timer.hold();
          }
        },
        verify: (input) => app.companion.outbox.verify(input),
      },
    };
    const replayer = createOutboxReplayer({
      db,
      practiceKey,
      companion: held,
      canSend: () => true,
      onUnauthorized: () => undefined,
      now: () => timer.now(),
    });
    const sentBefore = http.log.length;
    const boundMs = lowerBoundMs(
      http.log.map((r) => r.sentAt),
      timer.now(),
      WRITES,
    );
    const startedAt = timer.now();
    const wallStarted = performance.now();
    const report = await replayer.drain();
    release?.();
    const drainMs = timer.now() - startedAt;
    const { entries } = await readEntries(db);
    const delivered = entries.filter((e) => e.status === 'done').length;
    const onServer = [...state.contacts.values()].filter((c) => c.contactName.startsWith('Bench')).length;
    if (delivered !== WRITES || onServer !== WRITES)
      throw new Error(`outbox bench: ${delivered} done, ${onServer} on the server`);
    return {
      writes: WRITES,
      requests: http.log.length - sentBefore,
      responses429: http.log.filter((r) => r.status === 429).length,
      drainSeconds: round(drainMs / 1000),
      lowerBoundSeconds: round(boundMs / 1000),
      ratioToLowerBound: boundMs > 0 ? round(drainMs / boundMs, 3) : null,
      wallSeconds: round((performance.now() - wallStarted) / 1000),
      report,
    };
  } finally {
    await app.close();
    await deletePracticeDb(practiceKey);
  }
}
