import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export interface BenchPostgres {
  /** A new empty database on the server, for one run of the hub. */
  databaseUrl: string;
  version: string;
  stop(): Promise<void>;
}

const repo = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Debian's PostgreSQL for the hub's figures, started as `.ci/run` starts it for the tests (`.ci/test-postgres.sh`:
 * initdb and pg_ctl as the `postgres` user, a Unix socket in a temporary folder, no TCP port) but durable — fsync
 * and synchronous commit on, as a practice's server runs. `{ unavailable }`, saying why, where it cannot start.
 */
export async function startBenchPostgres(): Promise<BenchPostgres | { unavailable: string }> {
  let printed: string;
  try {
    printed = execFileSync(
      'bash',
      [
        '-c',
        'set -e; source .ci/test-postgres.sh; start_test_postgres >&2; echo "$HUB_TEST_DATABASE_URL $HUB_PG_PID $HUB_PG_DIR"',
      ],
      {
        cwd: repo,
        env: { ...process.env, HUB_PG_DURABLE: '1' },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
  } catch (error) {
    return {
      unavailable: `PostgreSQL could not be started: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  const [serverUrl, pid, folder] = printed.trim().split(' ') as [string, string, string];
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const version = ((await admin.query('SHOW server_version')).rows[0] as { server_version: string }).server_version;
  await admin.query('CREATE DATABASE hub_bench');
  await admin.end();
  return {
    databaseUrl: serverUrl.replace('/postgres?', '/hub_bench?'),
    version,
    async stop() {
      // SIGINT: PostgreSQL's fast shutdown, as stop_test_postgres does.
      try {
        process.kill(Number(pid), 'SIGINT');
      } catch {
        // Gone already.
      }
      for (let i = 0; i < 100; i++) {
        try {
          process.kill(Number(pid), 0);
        } catch {
          break;
        }
        await new Promise((done) => setTimeout(done, 100));
      }
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
