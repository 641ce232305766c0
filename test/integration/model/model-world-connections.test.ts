import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModelWorld, type ModelWorld } from './model-world';

/**
 * A long campaign (20,000 runs) shares one process: whatever a run leaves reachable adds up until the
 * heap is exhausted. An IndexedDB connection left open stays reachable (with its Dexie instance, tables and
 * hooks) until it is closed, so a run must close every connection it opens.
 */
let world: ModelWorld;
beforeAll(async () => {
  world = await startModelWorld();
}, 60_000);
afterAll(() => world.close());

/** Dexie's list of its open connections (not in its typings; a getter on the class). */
const openConnections = () => (Dexie as unknown as { connections: readonly Dexie[] }).connections.length;

describe('the model world over many runs', () => {
  it('leaves no database connection open behind a run and its syncs', async () => {
    const before = openConnections();
    for (let run = 0; run < 3; run++) {
      await world.beginRun(run);
      await world.sync();
      await world.settle(async () => undefined);
    }
    expect(openConnections()).toBe(before);
  }, 60_000);
});
