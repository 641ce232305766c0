import { linkSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

export interface FolderLock {
  release(): void;
}

const LOCK_FILE = 'hub.lock';

/**
 * Who holds the lock: the pid, and what tells that pid's process from a later one given the same number —
 * its start time (clock ticks after boot, from /proc) and the boot it started in. In a container each start
 * is a fresh PID namespace, so a hub killed with -9 is followed by a hub with the very same pid: the pid alone
 * would name the new process as the holder and refuse it forever.
 */
const holderSchema = z.strictObject({
  pid: z.number().int().positive(),
  startTicks: z.string().regex(/^\d+$/).nullable(),
  bootId: z.string().max(100).nullable(),
});
type Holder = z.infer<typeof holderSchema>;

/** Where a running process is seen; injected so the rule is tested without killing anything. */
export interface ProcessTable {
  /** Whether a process with this pid exists (EPERM: it exists, under another user). */
  alive(pid: number): boolean;
  /** The process's start time in clock ticks after boot, or null where the system does not say (not Linux). */
  startTicks(pid: number): string | null;
  bootId(): string | null;
  ownPid(): number;
}

const readOrNull = (path: string): string | null => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
};

export const systemProcessTable: ProcessTable = {
  alive(pid) {
    try {
      process.kill(pid, 0);
      return true;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'EPERM';
    }
  },
  startTicks(pid) {
    const stat = readOrNull(`/proc/${pid}/stat`);
    if (!stat) return null;
    // Field 22; the name in field 2 may hold spaces and parentheses, so count from after its last ")".
    const ticks = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    return ticks && /^\d+$/.test(ticks) ? ticks : null;
  },
  bootId: () => readOrNull('/proc/sys/kernel/random/boot_id')?.trim() || null,
  ownPid: () => process.pid,
};

/** Folders this process holds: a second open of one of them is refused whatever the lock file says. */
const heldHere = new Set<string>();

/** Whether the recorded holder is still the process that wrote the lock. */
export function holderIsRunning(holder: Holder, table: ProcessTable): boolean {
  const bootId = table.bootId();
  if (holder.bootId && bootId && holder.bootId !== bootId) return false;
  if (!table.alive(holder.pid)) return false;
  const ticks = table.startTicks(holder.pid);
  // Both known: the same pid started at another time is another process. Unknown: the pid is all there is.
  if (holder.startTicks && ticks) return holder.startTicks === ticks;
  return holder.pid !== table.ownPid();
}

function readHolder(content: string | null): Holder | null {
  const text = content?.trim() ?? '';
  if (/^\d+$/.test(text)) return { pid: Number(text), startTicks: null, bootId: null };
  try {
    return holderSchema.parse(JSON.parse(text));
  } catch {
    return null;
  }
}

/**
 * Creates the lock with its content in one step: written to a file of this process's own, then linked into
 * place (a link fails if the lock exists), so no other process ever reads a lock half written.
 */
function tryCreate(path: string, content: string): boolean {
  const own = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  writeFileSync(own, content, { mode: 0o600 });
  try {
    linkSync(own, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return false;
  } finally {
    rmSync(own, { force: true });
  }
}

/**
 * Removes a stale lock, unless another process replaced it meanwhile: the lock is moved aside first and
 * removed only if it is still the stale one read; a fresh lock moved aside by mistake is linked back.
 */
function removeStale(path: string, staleText: string | null): void {
  const aside = `${path}.${process.pid}.stale`;
  try {
    renameSync(path, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (readOrNull(aside) !== staleText) {
    try {
      linkSync(aside, path);
    } catch {
      // Yet another lock took its place: that one holds the folder now.
    }
  }
  rmSync(aside, { force: true });
}

/**
 * One hub process per data folder: the lock file names its holder. A lock whose holder is gone (a crash, a
 * kill -9, a container restarted with the same pid) is taken over; a live one refuses with a message naming
 * it; an unreadable one is taken over too.
 */
export function acquireFolderLock(dataDir: string, table: ProcessTable = systemProcessTable): FolderLock {
  const path = join(dataDir, LOCK_FILE);
  if (heldHere.has(path))
    throw new Error(`The hub's data folder ${dataDir} is in use by process ${table.ownPid()} (this one).`);
  const pid = table.ownPid();
  const me = JSON.stringify({ pid, startTicks: table.startTicks(pid), bootId: table.bootId() } satisfies Holder);
  for (let attempt = 0; attempt < 3; attempt++) {
    if (tryCreate(path, me)) {
      heldHere.add(path);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          heldHere.delete(path);
          rmSync(path, { force: true });
        },
      };
    }
    const text = readOrNull(path);
    const holder = readHolder(text);
    if (holder && holderIsRunning(holder, table))
      throw new Error(`The hub's data folder ${dataDir} is in use by process ${holder.pid}.`);
    removeStale(path, text);
  }
  throw new Error(`Could not lock the hub's data folder ${dataDir}.`);
}
