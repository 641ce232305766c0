import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { liveGroupMembers, signalGroup, waitForGroupExit } from '../../support/process-groups';
import { spawnTracked } from '../../support/tracked-process';
import { assertNoLeakedProcesses, findLeakedProcesses } from '../../tools/process-leak-check';

// A private records folder: what these tests leak on purpose is theirs to kill, not the run's teardown's.
let recordsDir: string;
const started: number[] = [];
const track = (command: string, args: string[]) => {
  const child = spawnTracked(command, args, { recordsDir, stdio: 'ignore' });
  started.push(child.pid);
  return child;
};

beforeEach(() => {
  recordsDir = mkdtempSync(join(tmpdir(), 'leak-check-test-'));
});
afterEach(async () => {
  for (const pid of started.splice(0)) {
    signalGroup(pid, 'SIGKILL');
    await waitForGroupExit(pid, 2_000);
  }
  rmSync(recordsDir, { recursive: true, force: true });
});

describe('process leak check', () => {
  it('finds a deliberately leaked sleep, names its command, and fails', async () => {
    const leaked = track('sleep', ['30']);
    expect(findLeakedProcesses(recordsDir)).toEqual([
      {
        record: expect.objectContaining({ pid: leaked.pid, command: 'sleep 30' }),
        alive: [expect.objectContaining({ pid: leaked.pid })],
      },
    ]);
    expect(() => assertNoLeakedProcesses(recordsDir)).toThrow(
      /1 process started by the tests was still running[\s\S]*"sleep 30"/,
    );
    // Having failed the run, it also killed the leak.
    expect(await waitForGroupExit(leaked.pid, 2_000)).toBe(true);
  });

  it('finds what a command started even after the command itself exited (npm leaving its server behind)', async () => {
    const parent = track('sh', ['-c', 'sleep 30 & exit 0']);
    await parent.exited;
    // sh's forked child shows sh's command line until it has exec'd sleep, which under load can lag.
    await expect
      .poll(() => findLeakedProcesses(recordsDir)[0]?.alive.map((m) => m.command), { timeout: 5_000 })
      .toEqual(['sleep 30']);
    const [leak] = findLeakedProcesses(recordsDir);
    expect(leak?.record.command).toBe('sh -c sleep 30 & exit 0');
    expect(leak?.alive[0]?.pid).not.toBe(parent.pid);
  });

  it('stop() ends the whole group and waits for it; nothing is reported afterwards', async () => {
    const parent = track('sh', ['-c', 'sleep 30 & sleep 31 & wait']);
    await waitForGroupMembers(parent.pid, 3);
    await parent.stop();
    expect(liveGroupMembers(parent.pid)).toEqual([]);
    expect(findLeakedProcesses(recordsDir)).toEqual([]);
    expect(() => assertNoLeakedProcesses(recordsDir)).not.toThrow();
  });

  it('stop() kills a group that ignores SIGTERM once the grace period is over', async () => {
    const stubborn = track('sh', ['-c', 'trap "" TERM; sleep 30 & wait']);
    await waitForGroupMembers(stubborn.pid, 2);
    await stubborn.stop(200);
    expect(liveGroupMembers(stubborn.pid)).toEqual([]);
  });
});

async function waitForGroupMembers(groupId: number, count: number): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (liveGroupMembers(groupId).length < count) {
    if (Date.now() > deadline) throw new Error(`group ${groupId} never had ${count} members`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
