import { existsSync, readdirSync, readFileSync } from 'node:fs';

/**
 * What is still running in a process group. A tracked child is spawned as the leader of its own group
 * (`detached: true`), so everything it started — npm's shell, tsx, the server — shares its group id
 * and is found here even after the leader itself has exited.
 */
export interface GroupMember {
  pid: number;
  command: string;
}

const hasProc = (): boolean => existsSync('/proc/self/stat');

/** One /proc/<pid>/stat line: "pid (comm) state ppid pgrp ..."; comm may hold spaces and parentheses. */
function readStat(pid: string): { state: string; pgrp: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0] ?? '', pgrp: Number(fields[2]) };
  } catch {
    return null; // it exited while we looked
  }
}

function readCommand(pid: string): string {
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
    // A process caught between fork and exec has no command line yet; its name is still known.
    return cmdline || readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

/**
 * Live members of the group led by `groupId`. Zombies do not count: a killed grandchild whose parent
 * is gone may wait for a reaper that a container's init never runs, yet it runs nothing.
 */
export function liveGroupMembers(groupId: number): GroupMember[] {
  if (!hasProc()) {
    // Without /proc (macOS), signal 0 to the group answers "is anyone in it alive?".
    try {
      process.kill(-groupId, 0);
      return [{ pid: groupId, command: '(process group still alive)' }];
    } catch {
      return [];
    }
  }
  const members: GroupMember[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(entry);
    if (!stat || stat.pgrp !== groupId || stat.state === 'Z' || stat.state === 'X') continue;
    members.push({ pid: Number(entry), command: readCommand(entry) });
  }
  return members;
}

export function signalGroup(groupId: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-groupId, signal);
  } catch {
    // Already gone.
  }
}

/** Resolves true once nothing in the group is alive, false if something still is after `timeoutMs`. */
export async function waitForGroupExit(groupId: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (liveGroupMembers(groupId).length === 0) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
