import type { Queryable } from '../db/database';
import { resourceVersion } from '../mirror/mirror-store';

/** Pages kept at most (their serialised size): a few hundred pages of the largest lists. */
const DEFAULT_MAX_BYTES = 96 * 1024 * 1024;

/**
 * Serialised list pages, shared by every laptop asking the same page of the same mirror state. Ten laptops
 * importing at once ask for the same pages in about the same order; without this the hub reads and
 * serialises each page once per laptop (on PGlite, on the hub's one thread). A page is keyed by the query
 * and by the resource's version (mirror-store.ts: moved by every write that changed or removed a record, in
 * its transaction; one row read by key, where counting the resource's records cost 25–60 ms a request on
 * the large practice), so a page is never served from an older state than the one the request saw. Concurrent requests for one page share one read. Least recently used
 * pages go first past `maxBytes`.
 */
export function createPageCache(db: Queryable, maxBytes = DEFAULT_MAX_BYTES) {
  const pages = new Map<string, string>();
  const reading = new Map<string, Promise<string>>();
  let bytes = 0;

  function keep(key: string, body: string): void {
    pages.set(key, body);
    bytes += body.length;
    for (const [oldest, page] of pages) {
      if (bytes <= maxBytes) break;
      pages.delete(oldest);
      bytes -= page.length;
    }
  }

  return {
    /** The page as JSON text: from the cache when the resource has not changed since it was read. */
    async page(resource: string, query: unknown, read: () => Promise<unknown>): Promise<string> {
      const key = `${resource}|${await resourceVersion(db, resource)}|${JSON.stringify(query)}`;
      const kept = pages.get(key);
      if (kept !== undefined) {
        // Most recently used last: Map keeps insertion order.
        pages.delete(key);
        pages.set(key, kept);
        return kept;
      }
      const running = reading.get(key);
      if (running) return running;
      const body = read()
        .then((data) => {
          const text = JSON.stringify(data);
          keep(key, text);
          return text;
        })
        .finally(() => reading.delete(key));
      reading.set(key, body);
      return body;
    },
    /** For tests and the status: how many pages are kept. */
    size: () => pages.size,
  };
}
export type PageCache = ReturnType<typeof createPageCache>;
