import { renameSync, rmSync } from 'node:fs';
import { parse, join } from 'node:path';

export const LOG_MAX_BYTES = 1024 * 1024;
/** The current file and four older ones: at most 5 × 1 MB of logs on disk. */
export const LOG_FILES_KEPT = 5;

/** `main.log` → `main.1.log`, `main.1.log` → `main.2.log`, …; the oldest is deleted. Synchronous (electron-log requires it). */
export function rotateLogFiles(filePath: string, kept = LOG_FILES_KEPT): void {
  const { dir, name, ext } = parse(filePath);
  const numbered = (n: number): string => (n === 0 ? filePath : join(dir, `${name}.${n}${ext}`));
  rmSync(numbered(kept - 1), { force: true });
  for (let n = kept - 2; n >= 0; n--) {
    try {
      renameSync(numbered(n), numbered(n + 1));
    } catch (error) {
      // A missing older file is normal (the first rotations); anything else is the caller's to handle.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}
