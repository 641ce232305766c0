import type { Queryable } from '../db/database';
import { resourceVersion } from '../mirror/mirror-store';

/** Pages kept at most (their serialised size): a few hundred pages of the largest lists. */
const DEFAULT_MAX_BYTES = 96 * 1024 * 1024;
/** Pages one query reads at once (see pageOf). */
const PAGES_PER_BLOCK = 10;

/**
 * Serialised list pages, shared by every laptop asking the same page of the same mirror state. Ten laptops
 * importing at once ask for the same pages in about the same order; without this the hub reads and
 * serialises each page once per laptop (on PGlite, on the hub's one thread). A page is keyed by the query
 * and by the resource's version (mirror-store.ts: moved by every write that changed or removed a record, in
 * its transaction; one row read by key, where counting the resource's records cost 25–60 ms a request on
 * the large practice), so a page is never served from an older state than the one the request saw.
 * Concurrent requests for one page share one read. Least recently used pages go first past `maxBytes`.
 *
 * Lists are read in blocks (`pageOf`): one query reads the ten pages around the one asked and keeps each,
 * all from the same state. A laptop reads a list page after page, so the next ones are ready when asked;
 * read one by one, each page's OFFSET query walked every record before it (page 30 of the contacts took
 * 310 ms, page 1 190 ms), so a whole list cost the square of its pages.
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

  /** A kept page, made the most recently used (Map keeps insertion order). */
  function take(key: string): string | undefined {
    const kept = pages.get(key);
    if (kept !== undefined) {
      pages.delete(key);
      pages.set(key, kept);
    }
    return kept;
  }

  return {
    /**
     * Page `page.pageNumber` of a list as JSON text. On a miss, `readBlock(blockNumber, blockSize)` reads the
     * list paged by `pagesPerBlock` pages (1-based) and every page of that block is kept.
     */
    async pageOf(
      resource: string,
      query: Record<string, unknown>,
      page: { pageNumber: number; pageSize: number },
      readBlock: (blockNumber: number, blockSize: number) => Promise<unknown[]>,
      pagesPerBlock = PAGES_PER_BLOCK,
    ): Promise<string> {
      const version = await resourceVersion(db, resource);
      const { pageSize } = page;
      const keyOf = (pageNumber: number) =>
        `${resource}|${version}|${JSON.stringify({ ...query, pageNumber, pageSize })}`;
      const key = keyOf(page.pageNumber);
      const kept = take(key);
      if (kept !== undefined) return kept;
      const running = reading.get(key);
      if (running) return running;
      const blockNumber = Math.floor((page.pageNumber - 1) / pagesPerBlock) + 1;
      const first = (blockNumber - 1) * pagesPerBlock + 1;
      const block = readBlock(blockNumber, pagesPerBlock * pageSize).then((rows) =>
        Array.from({ length: pagesPerBlock }, (_, i) => {
          const text = JSON.stringify(rows.slice(i * pageSize, (i + 1) * pageSize));
          keep(keyOf(first + i), text);
          return text;
        }),
      );
      for (let i = 0; i < pagesPerBlock; i++) {
        const pageKey = keyOf(first + i);
        if (pages.has(pageKey) || reading.has(pageKey)) continue;
        const text = block.then((texts) => texts[i]!).finally(() => reading.delete(pageKey));
        // Pages nobody asked for yet must not report the block's failure as unhandled; the asker still sees it.
        text.catch(() => undefined);
        reading.set(pageKey, text);
      }
      return reading.get(key) ?? block.then((texts) => texts[page.pageNumber - first]!);
    },
    /** The page as JSON text: from the cache when the resource has not changed since it was read. */
    async page(resource: string, query: unknown, read: () => Promise<unknown>): Promise<string> {
      const key = `${resource}|${await resourceVersion(db, resource)}|${JSON.stringify(query)}`;
      const kept = take(key);
      if (kept !== undefined) return kept;
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
