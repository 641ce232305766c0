import type { SyncPageEvent } from '../../src-preload/contract/practice';
import type { SyncCursor } from '../../src-preload/contract/sync';
import type { SyncPageCommit, SyncSink } from './sync-sink';

/**
 * The sink in the app: each page goes to the renderer, which stores records and cursor in one Dexie
 * transaction and acknowledges. The engine awaits that acknowledgement before fetching the next page,
 * so nothing counts as synced that was not stored, and a slow renderer slows the sync (back-pressure).
 */
export function createBridgeSyncSink(options: {
  practiceKey: string;
  cursors: readonly SyncCursor[];
  emit: (page: SyncPageEvent) => void;
  /** The window stored a page and its cursor (acknowledged it): the cursor is now the window's. */
  onStored?: (cursor: SyncCursor) => void;
  newId: () => string;
  timeoutMs?: number;
}) {
  const waiting = new Map<
    string,
    { resolve: () => void; reject: (error: Error) => void; timer: ReturnType<typeof setTimeout>; cursor: SyncCursor }
  >();
  const timeoutMs = options.timeoutMs ?? 60_000;
  const sink: SyncSink & {
    acknowledge(pageId: string, ok: boolean, error?: string): boolean;
    cancel(reason: string): void;
  } = {
    async loadCursors() {
      return Object.fromEntries(options.cursors.map((c) => [c.resource, c]));
    },
    commitPage(page: SyncPageCommit) {
      const pageId = options.newId();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(pageId);
          reject(new Error('The app window did not store the synced page in time.'));
        }, timeoutMs);
        waiting.set(pageId, { resolve, reject, timer, cursor: page.cursor });
        options.emit({
          pageId,
          practiceKey: options.practiceKey,
          resource: page.resource,
          records: page.records,
          replaceAll: page.replaceAll,
          cursor: page.cursor,
        });
      });
    },
    acknowledge(pageId, ok, error) {
      const waiter = waiting.get(pageId);
      if (!waiter) return false;
      waiting.delete(pageId);
      clearTimeout(waiter.timer);
      if (ok) {
        options.onStored?.(waiter.cursor);
        waiter.resolve();
      } else waiter.reject(new Error(error ?? 'The app window could not store the synced page.'));
      return true;
    },
    cancel(reason) {
      for (const [pageId, waiter] of waiting) {
        clearTimeout(waiter.timer);
        waiter.reject(new Error(reason));
        waiting.delete(pageId);
      }
    },
  };
  return sink;
}
export type BridgeSyncSink = ReturnType<typeof createBridgeSyncSink>;
