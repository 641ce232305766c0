import { readdir, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';

/** A minidump Crashpad wrote when a process of the app crashed (kept on this laptop: nothing is uploaded). */
export interface CrashDump {
  path: string;
  name: string;
  /** When it was written (the file's time), ISO. */
  at: string;
  bytes: number;
}

/** How deep to look: Crashpad keeps dumps in `completed/`, `pending/` and `new/` under its database folder. */
const MAX_DEPTH = 3;
/** More than this many are not listed: the newest say what support needs. */
export const MAX_DUMPS_LISTED = 20;

/**
 * The crash dumps in Electron's crashDumps folder, newest first. A folder that does not exist yet (no crash, or
 * crashReporter never started) or cannot be read is no dumps: diagnostics must never fail for it.
 */
export async function listCrashDumps(dir: string | null | undefined): Promise<CrashDump[]> {
  if (!dir) return [];
  const found: CrashDump[] = [];
  async function walk(folder: string, depth: number): Promise<void> {
    const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const path = join(folder, entry.name);
      if (entry.isDirectory() && depth < MAX_DEPTH) await walk(path, depth + 1);
      else if (entry.isFile() && entry.name.endsWith('.dmp')) {
        const info = await stat(path).catch(() => null);
        if (info) found.push({ path, name: basename(path), at: info.mtime.toISOString(), bytes: info.size });
      }
    }
  }
  await walk(dir, 0);
  return found.sort((a, b) => b.at.localeCompare(a.at)).slice(0, MAX_DUMPS_LISTED);
}

/** The diagnostics' lines about crashes: how many dumps, and the newest ones by time and name. */
export function crashDumpLines(dumps: readonly CrashDump[]): string[] {
  if (dumps.length === 0) return ['Crash reports on this laptop: none'];
  return [
    `Crash reports on this laptop: ${dumps.length}${dumps.length === MAX_DUMPS_LISTED ? ' or more' : ''} (newest first; "Save support bundle…" includes them)`,
    ...dumps.slice(0, 5).map((dump) => `  ${dump.at}  ${dump.name}  ${Math.ceil(dump.bytes / 1024)} KB`),
  ];
}
