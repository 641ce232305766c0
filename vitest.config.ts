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

/**
 * Vitest's default is one worker fewer than the cores: on these 2-core machines, one file at a time. Files that
 * mostly wait (on a demo practice, a timer, a child process) run two at a time. The hub's suite (on both
 * engines) runs in a later group, also two at a time, so its webhook answer is timed beside another hub file
 * rather than beside the CPU-bound model campaign; the end-to-end project (one Chromium at a time) runs last.
 */
const parallel = { maxWorkers: 2, sequence: { groupOrder: 0 } };
const hubGroup = { maxWorkers: 2, sequence: { groupOrder: 1 } };

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
          // A few unit tests load ESLint or walk every import (about 2 s alone); beside another file they need more than 5 s.
          testTimeout: 15_000,
          ...parallel,
        },
      },
      {
        test: {
          name: 'contract',
          include: ['test/contract/**/*.test.ts'],
          environment: 'node',
          ...parallel,
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          exclude: ['test/integration/hub/**'],
          environment: 'node',
          testTimeout: 30_000,
          ...parallel,
        },
      },
      {
        test: {
          name: 'hub-pglite',
          include: ['test/integration/hub/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          env: { HUB_TEST_ENGINE: 'pglite' },
          ...hubGroup,
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
                ...hubGroup,
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
