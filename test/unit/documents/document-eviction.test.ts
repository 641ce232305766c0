import { describe, expect, it } from 'vitest';
import { chooseEvictions } from '../../../src-main/documents/document-eviction';
import type { DocumentMeta } from '../../../src-preload/contract/documents';
import { bill, ENTITY, fakePdf, keysOf, tempCache } from './helpers';

const entry = (
  id: number,
  size: number,
  fetchedAt: string,
  lastOpenedAt: string | null = null,
  pinnedBy: string[] = [],
): DocumentMeta => ({
  ref: { kind: 'bill', id: String(id) },
  entityKey: ENTITY,
  fileName: `bill-${id}.pdf`,
  contentType: 'application/pdf',
  sha256: '0'.repeat(64),
  size,
  fetchedAt,
  lastOpenedAt,
  pinnedBy,
});

describe('choosing what to evict', () => {
  it('takes the least recently used first (opened, else fetched) and stops once the cap fits', () => {
    const docs = [
      entry(1, 100, '2025-01-01T00:00:00Z', '2025-01-09T00:00:00Z'), // fetched first, opened last
      entry(2, 100, '2025-01-02T00:00:00Z'),
      entry(3, 100, '2025-01-03T00:00:00Z', '2025-01-04T00:00:00Z'),
      entry(4, 100, '2025-01-05T00:00:00Z'),
    ];
    expect(chooseEvictions(docs, 400).map((d) => d.ref.id)).toEqual([]);
    expect(chooseEvictions(docs, 399).map((d) => d.ref.id)).toEqual(['2']);
    expect(chooseEvictions(docs, 200).map((d) => d.ref.id)).toEqual(['2', '3']);
    expect(chooseEvictions(docs, 0).map((d) => d.ref.id)).toEqual(['2', '3', '4', '1']);
  });

  it('never evicts a pinned document or the one just stored, even when the cap cannot be met', () => {
    const docs = [
      entry(1, 500, '2025-01-01T00:00:00Z', null, ['pack-a']),
      entry(2, 500, '2025-01-02T00:00:00Z', null, ['pack-a', 'pack-b']),
      entry(3, 100, '2025-01-03T00:00:00Z'),
      entry(4, 100, '2025-01-04T00:00:00Z'),
    ];
    // Pinned alone (1000) exceed the cap (300): everything evictable goes, except the one kept.
    expect(chooseEvictions(docs, 300, 'bill:4').map((d) => d.ref.id)).toEqual(['3']);
    expect(chooseEvictions(docs, 300).map((d) => d.ref.id)).toEqual(['3', '4']);
  });
});

describe('the cache keeps to its cap', () => {
  it('evicts least recently used unpinned files from disk and manifest, keeps pinned ones, and fits the cap', async () => {
    const { cache } = tempCache(3000);
    await cache.store({ ref: bill(1), entityKey: ENTITY, bytes: fakePdf(1000, 1), pins: ['pack-1'] });
    await cache.store({ ref: bill(2), entityKey: ENTITY, bytes: fakePdf(1000, 2) });
    await cache.store({ ref: bill(3), entityKey: ENTITY, bytes: fakePdf(1000, 3) });
    await cache.touch(bill(2)); // 3 is now the least recently used unpinned document
    await cache.store({ ref: bill(4), entityKey: ENTITY, bytes: fakePdf(1000, 4) });

    let list = await cache.list();
    expect(keysOf(list.documents)).toEqual(['bill:1', 'bill:2', 'bill:4']);
    expect(list.usedBytes).toBeLessThanOrEqual(3000);
    expect(await cache.read(bill(3))).toEqual({ state: 'absent' });
    expect((await cache.read(bill(1))).state).toBe('ok');

    // The pinned one is the oldest of all, yet survives every later store.
    await cache.store({ ref: bill(5), entityKey: ENTITY, bytes: fakePdf(1000, 5) });
    await cache.store({ ref: bill(6), entityKey: ENTITY, bytes: fakePdf(1000, 6) });
    list = await cache.list();
    expect(keysOf(list.documents)).toEqual(['bill:1', 'bill:5', 'bill:6']);
    expect(list.usedBytes).toBe(3000);

    // Unpinned, it is the least recently used and goes at the next pass.
    expect(await cache.unpin('pack-1')).toBe(1);
    await cache.store({ ref: bill(7), entityKey: ENTITY, bytes: fakePdf(1000, 7) });
    expect(keysOf((await cache.list()).documents)).toEqual(['bill:5', 'bill:6', 'bill:7']);
  });

  it('allows pinned documents to exceed the cap, and still evicts what it can', async () => {
    const { cache } = tempCache(1500);
    await cache.store({ ref: bill(1), entityKey: ENTITY, bytes: fakePdf(1000, 1), pins: ['pack-1'] });
    await cache.store({ ref: bill(2), entityKey: ENTITY, bytes: fakePdf(1000, 2), pins: ['pack-2'] });
    await cache.store({ ref: bill(3), entityKey: ENTITY, bytes: fakePdf(200, 3) });
    await cache.store({ ref: bill(4), entityKey: ENTITY, bytes: fakePdf(200, 4) });
    const list = await cache.list();
    expect(keysOf(list.documents)).toEqual(['bill:1', 'bill:2', 'bill:4']); // 4 just stored, 3 evicted
    expect(list.usedBytes).toBe(2200);
    // Unpinning one pack brings the folder back under the cap at once.
    expect(await cache.unpin('pack-2')).toBe(1);
    const after = await cache.list();
    expect(keysOf(after.documents)).toEqual(['bill:1', 'bill:4']);
    expect(after.usedBytes).toBeLessThanOrEqual(1500);
  });

  it('a re-downloaded document keeps its pins and last-opened time', async () => {
    const { cache } = tempCache();
    await cache.store({ ref: bill(1), entityKey: ENTITY, bytes: fakePdf(100, 1), pins: ['pack-1'] });
    const opened = await cache.touch(bill(1));
    const again = await cache.store({ ref: bill(1), entityKey: ENTITY, bytes: fakePdf(120, 2), pins: ['pack-2'] });
    expect(again).toMatchObject({ size: 120, pinnedBy: ['pack-1', 'pack-2'], lastOpenedAt: opened!.lastOpenedAt });
  });
});
