import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export interface FolderLock {
  release(): void;
}

const LOCK_FILE = 'hub.lock';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * One hub process per data folder: the lock file is created exclusively and holds the owner's pid. A lock
 * whose process is gone (a crash, a kill -9) is taken over; a live one refuses with a message naming it.
 */
export function acquireFolderLock(dataDir: string): FolderLock {
  const path = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          rmSync(path, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(path, 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && alive(owner))
        throw new Error(`The hub's data folder ${dataDir} is in use by process ${owner}.`);
      rmSync(path, { force: true });
    }
  }
  throw new Error(`Could not lock the hub's data folder ${dataDir}.`);
}
