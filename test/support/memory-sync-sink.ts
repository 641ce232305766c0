import { syncCursorSchema, type SyncCursor } from '../../src-preload/contract/sync';
import { syncResources } from '../../src-main/sync/sync-resources';
import type { SyncPageCommit, SyncSink } from '../../src-main/sync/sync-sink';

/**
 * Stands in for the renderer's database in Node tests: each commit applies its records and cursor
 * together or not at all, and `crashAfter` makes a later commit fail as a closed window would.
 */
export function createMemorySyncSink() {
  const tables = new Map<string, Map<string | number, unknown>>();
  const cursors: Record<string, SyncCursor | undefined> = {};
  let commits = 0;
  let crashAt: number | null = null;
  const keyOf = (resource: string) => {
    const definition = syncResources.find((r) => r.name === resource);
    if (!definition) throw new Error(`unknown resource ${resource}`);
    return definition.key as (record: unknown) => string | number;
  };
  const sink: SyncSink & {
    table(resource: string): Map<string | number, unknown>;
    /** Starts this laptop with another's local copy (a laptop that imported before the day began). */
    copyFrom(other: { cursors: typeof cursors; table(resource: string): Map<string | number, unknown> }): void;
    cursors: typeof cursors;
    commits(): number;
    crashAfter(n: number | null): void;
  } = {
    async loadCursors() {
      return structuredClone(cursors);
    },
    async commitPage(page: SyncPageCommit) {
      if (crashAt !== null && commits >= crashAt)
        throw new Error('simulated crash: the window closed before the commit');
      const cursor = syncCursorSchema.parse(page.cursor);
      const key = keyOf(page.resource);
      const next = page.replaceAll ? new Map() : new Map(tables.get(page.resource) ?? []);
      for (const record of page.records) next.set(key(record), structuredClone(record));
      tables.set(page.resource, next);
      cursors[page.resource] = cursor;
      commits++;
    },
    table: (resource) => tables.get(resource) ?? new Map(),
    copyFrom(other) {
      // Records are never mutated once stored (a commit replaces them), so laptops may share them.
      for (const [resource, cursor] of Object.entries(other.cursors)) {
        if (cursor) cursors[resource] = structuredClone(cursor);
        tables.set(resource, new Map(other.table(resource)));
      }
    },
    cursors,
    commits: () => commits,
    crashAfter(n) {
      crashAt = n === null ? null : commits + n;
    },
  };
  return sink;
}
export type MemorySyncSink = ReturnType<typeof createMemorySyncSink>;
