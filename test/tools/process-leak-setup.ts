import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROCESS_RECORDS_ENV } from '../support/tracked-process';
import { assertNoLeakedProcesses } from './process-leak-check';

/**
 * Vitest global setup: gives the run a folder where spawnTracked records each child, and after every
 * test file has finished fails the run if any of those children, or anything in their process groups,
 * is still alive.
 */
export default function setup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'pc-test-processes-'));
  process.env[PROCESS_RECORDS_ENV] = dir;
  return () => {
    try {
      assertNoLeakedProcesses(dir);
    } catch (error) {
      // Vitest only logs an error thrown while it closes; the run must also fail.
      process.exitCode = 1;
      throw error;
    } finally {
      rmSync(dir, { recursive: true, force: true });
      delete process.env[PROCESS_RECORDS_ENV];
    }
  };
}
