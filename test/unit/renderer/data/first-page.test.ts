import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { indexClients } from '../../../../../src-renderer/features/clients/client-filter';
import { readFirstPage } from '../../../../../src-renderer/features/clients/use-client-snapshot';
import { deletePracticeDb, PracticeDb } from '../../../../../src-renderer/data/practice-db';
import { client } from './stored-clients';

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
  });

  it('is empty when no client is stored', async () => {
    const db = new PracticeDb(practiceKey);
    expect(await readFirstPage(db)).toEqual([]);
    db.close();
  });
});
