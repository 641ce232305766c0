import type { Queryable } from '../db/database';
import type { BudgetSettings } from '../../request-budget/budget-store';
import type { HubLog } from '../watch/hub-log';

/**
 * The request budget's memory, kept in the hub's database (table `request_budget`), so a restarted hub
 * remembers what it spent in the last day instead of starting with a full hour's allowance. The budget's
 * store is synchronous, so the row is read once at start and writes go out in order in the background
 * (the budget already coalesces its saves); `flush()` waits for them at close.
 *
 * A follower that takes over the mirror loaded this row when it started, not at the takeover: what the
 * dead leader spent since reaches it with its first response's rate-limit headers, the way laptops sharing
 * a Client ID learn of each other.
 */
export async function openBudgetSettings(
  db: Queryable,
  log: HubLog,
): Promise<BudgetSettings & { flush(): Promise<void> }> {
  const onError = (error: unknown) => log.error({ err: error }, "could not save the request budget's memory");
  const rows = await db.query<{ key: string; state: unknown }>('SELECT key, state FROM request_budget');
  const values = new Map<string, unknown>(
    rows.map((row) => [row.key, typeof row.state === 'string' ? JSON.parse(row.state) : row.state]),
  );
  let writes: Promise<void> = Promise.resolve();
  const write = (sql: string, params: unknown[]) => {
    writes = writes.then(() => db.query(sql, params).then(() => undefined, onError));
  };
  const remove = (key: string) => {
    values.delete(key);
    write('DELETE FROM request_budget WHERE key = $1', [key]);
  };
  return {
    get: (key) => values.get(key),
    set(key, value) {
      if (value === undefined) return remove(key);
      values.set(key, value);
      write(
        `INSERT INTO request_budget (key, state) VALUES ($1, $2::jsonb)
         ON CONFLICT (key) DO UPDATE SET state = EXCLUDED.state, saved_at = now()`,
        [key, JSON.stringify(value)],
      );
    },
    delete: remove,
    flush: () => writes,
  };
}
