import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { liveGroupMembers, signalGroup, waitForGroupExit } from './process-groups';

/** The per-run folder where every tracked child is recorded; set by test/tools/process-leak-setup.ts. */
export const PROCESS_RECORDS_ENV = 'PC_TEST_PROCESS_DIR';

/** One record per child, one file each, so parallel test workers never write the same file. */
export interface ProcessRecord {
  pid: number;
  command: string;
  startedAt: string;
}

export interface TrackedProcess {
  child: ChildProcess;
  pid: number;
  /** Resolves with the leader's exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  /**
   * Stops the whole group — the command and everything it started — and waits until none of it is
   * alive: SIGTERM, then SIGKILL for what is left after `graceMs`. Safe to call after it exited.
   */
  stop(graceMs?: number): Promise<void>;
}

function recordsDir(explicit: string | undefined): string {
  const dir = explicit ?? process.env[PROCESS_RECORDS_ENV];
  if (!dir)
    throw new Error(
      `spawnTracked needs ${PROCESS_RECORDS_ENV}: run the tests through vitest.config.ts, whose global setup sets it.`,
    );
  return dir;
}

/**
 * Spawns a child as the leader of its own process group and records it, so the run's global teardown
 * can prove nothing a test started outlives the tests. `recordsDir` overrides the run's folder (the
 * checker's own tests use a private one).
 */
export function spawnTracked(
  command: string,
  args: readonly string[],
  options: SpawnOptions & { recordsDir?: string } = {},
): TrackedProcess {
  const { recordsDir: explicitDir, ...spawnOptions } = options;
  const dir = recordsDir(explicitDir);
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...spawnOptions, detached: true });
  const pid = child.pid;
  if (pid === undefined) throw new Error(`Could not start ${command}.`);
  const record: ProcessRecord = { pid, command: [command, ...args].join(' '), startedAt: new Date().toISOString() };
  writeFileSync(join(dir, `${pid}.json`), JSON.stringify(record));
  const exited = new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
  return {
    child,
    pid,
    exited,
    async stop(graceMs = 5_000) {
      if (liveGroupMembers(pid).length > 0) {
        signalGroup(pid, 'SIGTERM');
        if (!(await waitForGroupExit(pid, graceMs))) {
          signalGroup(pid, 'SIGKILL');
          if (!(await waitForGroupExit(pid, 2_000))) {
            throw new Error(
              `"${record.command}" (process group ${pid}) is still running after SIGKILL: ${JSON.stringify(liveGroupMembers(pid))}`,
            );
          }
        }
      }
      await exited;
    },
  };
}

/**
 * Runs a command to the end and returns its output, like execFileSync, but tracked: whatever it left
 * running in its group is stopped before this resolves.
 */
export async function runTracked(
  command: string,
  args: readonly string[],
  options: SpawnOptions & { recordsDir?: string } = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const tracked = spawnTracked(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  tracked.child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  tracked.child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  try {
    const code = await tracked.exited;
    return { code, stdout, stderr };
  } finally {
    await tracked.stop();
  }
}
