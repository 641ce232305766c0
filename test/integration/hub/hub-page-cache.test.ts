import { describe, expect, it } from 'vitest';
import { createPageCache } from '../../../src-main/hub/http/page-cache';
import { readAll, removeRecordsNotIn, upsertRecords } from '../../../src-main/hub/mirror/mirror-store';
import { hubTestEngine, useHubDatabase } from './hub-database';

const hub = useHubDatabase();

describe(`pages shared by laptops on ${hubTestEngine}`, () => {
  it('reads a page once for every laptop asking it, and never serves one from an older state of the mirror', async () => {
    const db = hub.db();
    await upsertRecords(db, 'leads', [
      { key: 'a', record: { leadKey: 'a', name: 'Ada' } },
      { key: 'b', record: { leadKey: 'b', name: 'Bea' } },
    ]);
    const cache = createPageCache(db);
    let reads = 0;
    const read = async () => {
      reads += 1;
      return (await readAll(db, 'leads')).map((row) => row.record);
    };
    const query = { pageNumber: 1 };
    // Ten laptops at once: one read.
    const pages = await Promise.all(Array.from({ length: 10 }, () => cache.page('leads', query, read)));
    expect(new Set(pages).size).toBe(1);
    expect(JSON.parse(pages[0]!)).toHaveLength(2);
    expect(reads).toBe(1);
    // Another query is another page.
    await cache.page('leads', { pageNumber: 2 }, read);
    expect(reads).toBe(2);

    // A record changes: the next ask reads again and sees it.
    await upsertRecords(db, 'leads', [{ key: 'a', record: { leadKey: 'a', name: 'Ada Lovelace' } }]);
    expect(await cache.page('leads', query, read)).toContain('Ada Lovelace');
    expect(reads).toBe(3);
    // A record goes without a new sequence (a snapshot's removal): read again too.
    await removeRecordsNotIn(db, 'leads', ['a']);
    expect(JSON.parse(await cache.page('leads', query, read))).toHaveLength(1);
    expect(reads).toBe(4);
    // Unchanged since: served as kept.
    await cache.page('leads', query, read);
    expect(reads).toBe(4);
  });

  it('keeps at most its size, dropping the least recently used page first', async () => {
    const db = hub.db();
    const cache = createPageCache(db, 30);
    const body = (n: number) => async () => ({ n, pad: '123456' }); // 22 bytes each: room for one
    await cache.page('users', { p: 1 }, body(1));
    await cache.page('users', { p: 2 }, body(2));
    expect(cache.size()).toBe(1);
    let read = false;
    await cache.page('users', { p: 2 }, async () => ((read = true), { n: 2, pad: '123456' }));
    expect(read).toBe(false);
  });
});
