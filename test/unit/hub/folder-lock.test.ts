import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireFolderLock, holderIsRunning, type ProcessTable } from '../../../src-main/hub/db/folder-lock';

const folders: string[] = [];
afterEach(() => folders.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'folder-lock-'));
  folders.push(dir);
  return dir;
};

/** A process table where `running` pids run, started at the given ticks, in boot `boot`. */
const table = (own: number, running: Record<number, string>, boot = 'boot-a'): ProcessTable => ({
  alive: (pid) => pid in running,
  startTicks: (pid) => running[pid] ?? null,
  bootId: () => boot,
  ownPid: () => own,
});

describe('one hub per data folder, whatever pid a restart is given', () => {
  it('refuses a folder its live holder keeps, naming it, and takes over a dead holder’s', () => {
    const dir = folder();
    const first = acquireFolderLock(dir, table(40, { 40: '100' }));
    expect(() => acquireFolderLock(dir, table(41, { 40: '100', 41: '200' }))).toThrow(
      'in use by process 41 (this one)',
    );
    first.release();
    writeFileSync(join(dir, 'hub.lock'), JSON.stringify({ pid: 40, startTicks: '100', bootId: 'boot-a' }));
    expect(() => acquireFolderLock(dir, table(41, { 40: '100', 41: '200' }))).toThrow('in use by process 40');
    // Killed: its pid runs no more.
    acquireFolderLock(dir, table(41, { 41: '200' })).release();
  });

  it('takes over a lock whose pid is its own, from a container restarted in a fresh PID namespace', () => {
    const dir = folder();
    writeFileSync(join(dir, 'hub.lock'), JSON.stringify({ pid: 12, startTicks: '5000', bootId: 'boot-a' }));
    // pid 12 again, alive (it is this process), started later.
    const lock = acquireFolderLock(dir, table(12, { 12: '9000' }));
    expect(JSON.parse(readFileSync(join(dir, 'hub.lock'), 'utf8'))).toEqual({
      pid: 12,
      startTicks: '9000',
      bootId: 'boot-a',
    });
    lock.release();
  });

  it('tells the holder from a later process with its pid by start time and boot', () => {
    const holder = { pid: 7, startTicks: '100', bootId: 'boot-a' };
    expect(holderIsRunning(holder, table(1, { 7: '100' }))).toBe(true);
    expect(holderIsRunning(holder, table(1, { 7: '101' }))).toBe(false);
    expect(holderIsRunning(holder, table(1, { 7: '100' }, 'boot-b'))).toBe(false);
    // Where the system says no start time (not Linux), the pid is all there is, and this process is not its holder.
    const bare = { pid: 7, startTicks: null, bootId: null };
    expect(holderIsRunning(bare, table(1, { 7: '100' }))).toBe(true);
    expect(holderIsRunning(bare, table(7, { 7: '100' }))).toBe(false);
  });

  it('reads the old lock (a bare pid) and takes over an unreadable one', () => {
    const dir = folder();
    writeFileSync(join(dir, 'hub.lock'), '40');
    expect(() => acquireFolderLock(dir, table(41, { 40: '1', 41: '2' }))).toThrow('in use by process 40');
    writeFileSync(join(dir, 'hub.lock'), '{"pid": 4');
    acquireFolderLock(dir, table(41, { 40: '1', 41: '2' })).release();
  });
});
