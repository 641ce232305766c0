import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { SettingsStore } from './settings-store';

/**
 * The Node stand-in for electron-store: one JSON file, written atomically (temp file + rename) so a
 * crash mid-write never leaves half a file. An unreadable file starts empty rather than failing.
 * The file names practices, their addresses and Client IDs, so it is private to the user: 0600, in a
 * folder created 0700 (an existing folder is left as it is; it may be shared with other files).
 */
export function createJsonFileSettings(filePath: string): SettingsStore {
  let data: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(readFileSync(filePath, 'utf8'));
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      data = parsed as Record<string, unknown>;
    }
  } catch {
    data = {};
  }
  const persist = (): void => {
    mkdirSync(dirname(filePath), { recursive: true, mode: 0o700 });
    const temp = `${filePath}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify(data, null, 2), { mode: 0o600 });
    // The mode above applies only when the file is created; a temp file left by a crash keeps its own.
    chmodSync(temp, 0o600);
    renameSync(temp, filePath);
  };
  return {
    get: (key) => data[key],
    set(key, value) {
      data[key] = value;
      persist();
    },
    delete(key) {
      delete data[key];
      persist();
    },
  };
}
