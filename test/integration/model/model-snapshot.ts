import type { PracticeState } from '../../../src-main/demo-practice/state/practice-state';
import type { PracticeDb } from '../../../src-renderer/data/practice-db';

/**
 * The practice's state and the renderer's database as they stood after the first full sync, put back
 * before every run: a run then starts from the same world whatever ran before it, so `MODEL_SEED=<n>`
 * alone replays exactly what the campaign ran (starting a demo practice and a full sync per run would
 * cost seconds; putting this back costs a few milliseconds).
 */
export async function takeSnapshot(state: PracticeState, db: PracticeDb) {
  const practice = structuredClone(state);
  const tables = new Map<string, unknown[]>();
  for (const table of db.tables) tables.set(table.name, await table.toArray());

  return {
    async restore(): Promise<void> {
      // In place: the demo's routes hold this very object.
      for (const key of Object.keys(practice) as (keyof PracticeState)[])
        (state as unknown as Record<string, unknown>)[key] = structuredClone(practice[key]);
      await db.transaction('rw', db.tables, async () => {
        for (const table of db.tables) {
          await table.clear();
          const rows = tables.get(table.name) ?? [];
          if (rows.length > 0) await table.bulkPut(structuredClone(rows));
        }
      });
    },
  };
}
