import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { indexClients } from '../../../../src-renderer/search';
import {
  createFirstPagePrefetch,
  LAST_PRACTICE_KEY,
  readFirstPage,
  readFirstPageDirect,
} from '../../../../src-renderer/data/first-page';
import { createPracticeDatabases, deletePracticeDb, PracticeDb } from '../../../../src-renderer/data/practice-db';
import { memoryStorage } from '../../../support/memory-storage';
import { client } from '../features/clients/stored-clients';

const practiceKey = '22222222-2222-4222-8222-222222222222';
afterEach(() => deletePracticeDb(practiceKey));

describe('client list: first page before every client', () => {
  it('reads a page through the name index that starts the A→Z list as the collator orders it', async () => {
    const db = new PracticeDb(practiceKey);
    // Capitals, lower case, accented initials and digits: the index's code-unit order is not the list's.
    const names = [
      ...Array.from({ length: 60 }, (_, i) => `Zed Client ${i}`),
      'alpha lower case',
      'Élan Family Trust',
      'Abbott Pty Ltd',
      '3 Brothers Trading',
      'Ashby Trust',
      'beta Partners',
      'Bäcker GmbH',
      'Young Holdings',
      'zeta lower',
    ];
    const all = names.map((fullEntityName) => client({ fullEntityName }));
    await db.entities.bulkPut(all);
    const page = await readFirstPage(db, 8);
    expect(page.length).toBeLessThan(all.length);
    const top = (list: typeof all, n: number) =>
      indexClients(list)
        .ordered('name')
        .slice(0, n)
        .map((e) => e.fullEntityName);
    expect(top(page, 8)).toEqual(top(all, 8));
    db.close();
    // Straight through IndexedDB, before Dexie opened it: the same records.
    const direct = await readFirstPageDirect(practiceKey, 8);
    expect(direct.map((e) => e.entityKey).sort()).toEqual(page.map((e) => e.entityKey).sort());
  });

  it('is empty when no client is stored', async () => {
    const db = new PracticeDb(practiceKey);
    expect(await readFirstPage(db)).toEqual([]);
    db.close();
  });
});

describe('the first page read at start, before main names the practice', () => {
  it("reads the practice shown last while main answers, and gives it to that practice's list once", async () => {
    const seed = new PracticeDb(practiceKey);
    await seed.entities.bulkPut([
      client({ fullEntityName: 'Abbott Pty Ltd' }),
      client({ fullEntityName: 'Young Holdings' }),
    ]);
    seed.close();
    const storage = memoryStorage();
    // Last start remembered the practice shown.
    createFirstPagePrefetch({ storage }).remember(practiceKey);
    expect(storage.getItem(LAST_PRACTICE_KEY)).toBe(practiceKey);

    const prefetch = createFirstPagePrefetch({ storage });
    prefetch.start();
    // Not read yet: the list's first render has nothing to show from it.
    expect(prefetch.ready(practiceKey)).toBeNull();
    await vi.waitFor(() => expect(prefetch.ready(practiceKey)).toHaveLength(2));
    expect(prefetch.ready('33333333-3333-4333-8333-333333333333')).toBeNull();
    expect(prefetch.take('33333333-3333-4333-8333-333333333333')).toBeNull();
    const page = prefetch.take(practiceKey);
    expect(page).not.toBeNull();
    expect((await page!).map((e) => e.fullEntityName).sort()).toEqual(['Abbott Pty Ltd', 'Young Holdings']);
    // Once: a list shown again reads for itself (the prefetched page may be stale by then).
    expect(prefetch.take(practiceKey)).toBeNull();
    expect(prefetch.ready(practiceKey)).toBeNull();
  });

  it('never opens (and so never creates) the database of a practice that has none any more', async () => {
    const storage = memoryStorage();
    storage.setItem(LAST_PRACTICE_KEY, practiceKey);
    const databases = createPracticeDatabases();
    const prefetch = createFirstPagePrefetch({ storage });
    prefetch.start();
    await expect(prefetch.take(practiceKey)).rejects.toBeDefined();
    expect(await databases.listKeys()).not.toContain(practiceKey);
  });

  it('drops a page no list took: another practice shown, or the first screen was another screen', async () => {
    const storage = memoryStorage({ [LAST_PRACTICE_KEY]: practiceKey });
    const other = createFirstPagePrefetch({ storage });
    other.start();
    other.remember('33333333-3333-4333-8333-333333333333');
    expect(other.take(practiceKey)).toBeNull();
    const unshown = createFirstPagePrefetch({ storage });
    unshown.start();
    unshown.discard();
    expect(unshown.take(practiceKey)).toBeNull();
    // Only a practice key names a database: anything else stored there starts nothing.
    const edited = createFirstPagePrefetch({ storage: memoryStorage({ [LAST_PRACTICE_KEY]: '../other' }) });
    edited.start();
    expect(edited.take('../other')).toBeNull();
  });

  it('starts nothing with no practice remembered, and forgets the practice once none is shown', () => {
    const storage = memoryStorage();
    const prefetch = createFirstPagePrefetch({ storage });
    prefetch.start();
    expect(prefetch.take(practiceKey)).toBeNull();
    prefetch.remember(practiceKey);
    prefetch.remember(null);
    expect(storage.getItem(LAST_PRACTICE_KEY)).toBeNull();
  });
});
