import { describe, expect, it } from 'vitest';
import { openPostgres } from '../../../src-main/hub/db/database';
import { hubTestEngine, useHubDatabase, useHubDatabaseUrl } from './hub-database';

const hub = useHubDatabase();
const databaseUrl = useHubDatabaseUrl();

describe(`the hub’s database adapter on ${hubTestEngine}`, () => {
  it('rolls a failed transaction back and keeps serving queries', async () => {
    const db = hub.db();
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO sync_cursors (resource, cursor) VALUES ('leads', '{}')");
        throw new Error('half-way');
      }),
    ).rejects.toThrow('half-way');
    expect(await db.query('SELECT resource FROM sync_cursors')).toEqual([]);
    const [row] = await db.query<{ n: number }>('SELECT $1::int + 1 AS n', [41]);
    expect(row).toEqual({ n: 42 });
  });
});

describe.runIf(hubTestEngine === 'postgres')('the hub on a PostgreSQL server', () => {
  it('survives the server ending its idle connections and reconnects on the next query', async () => {
    const db = await openPostgres(databaseUrl()!);
    try {
      const [{ pid }] = (await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')) as [{ pid: number }];
      const [ended] = await hub.db().query<{ ended: boolean }>('SELECT pg_terminate_backend($1) AS ended', [pid]);
      expect(ended).toEqual({ ended: true });
      // The idle connection's 'error' reaches the pool a moment later; unheard, it would end this process.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await db.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    } finally {
      await db.close();
    }
  });

  it('closes twice without throwing (shutdown paths may both close)', async () => {
    const db = await openPostgres(databaseUrl()!);
    await db.query('SELECT 1');
    await db.close();
    await expect(db.close()).resolves.toBeUndefined();
  });
});
