import { defineConfig } from 'vitest/config';

/**
 * The hub's suite runs twice: on PGlite (in `integration`) and on a PostgreSQL server (`hub-postgres`), which
 * needs HUB_TEST_DATABASE_URL. Locally PostgreSQL is optional and its absence is said, not hidden; in CI the
 * project always runs, so a missing server fails those tests instead of passing unnoticed.
 */
const hubPostgresUrl = process.env.HUB_TEST_DATABASE_URL;
const inCi = process.env.CI === 'true' || process.env.CI === '1';
const runHubOnPostgres = Boolean(hubPostgresUrl) || inCi;
if (!runHubOnPostgres)
  console.warn(
    '[vitest] Skipping project hub-postgres: HUB_TEST_DATABASE_URL is not set (the hub suite runs on PGlite only). ' +
      'Set it to a PostgreSQL server to run it there too; CI always does.',
  );

export default defineConfig({
  test: {
    reporters: ['default', './test/tools/summary-reporter.ts'],
    // Records every child a test spawns (test/support/tracked-process.ts); the run fails if one outlives it.
    globalSetup: ['./test/tools/process-leak-setup.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'contract',
          include: ['test/contract/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          env: { HUB_TEST_ENGINE: 'pglite' },
        },
      },
      ...(runHubOnPostgres
        ? [
            {
              test: {
                name: 'hub-postgres',
                include: ['test/integration/hub/**/*.test.ts'],
                environment: 'node',
                testTimeout: 30_000,
                env: { HUB_TEST_ENGINE: 'postgres' },
              },
            },
          ]
        : []),
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          // One Chromium at a time on a 2-core machine.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
