import { readdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';

export interface ForgottenFoldersReport {
  removed: string[];
  /** Folders that could not be removed, with why: tried again at the next start. */
  failed: { name: string; error: string }[];
}

/** Deletes a folder and everything in it (the default remover). */
export const removeFolder = (dir: string): Promise<void> => rm(dir, { recursive: true, force: true, maxRetries: 3 });

/**
 * At start, once the vault's practices are restored: every entry under `<cacheRoot>/practices/` that belongs
 * to no known practice is removed. That is a sign-out whose document wipe failed (a file was locked or
 * read-only), or a practice removed while the app was closed; either way its documents must not stay on
 * the laptop. A folder that still cannot go is reported and tried again at the next start.
 */
export async function removeForgottenPracticeFolders(
  cacheRoot: string,
  knownKeys: Iterable<string>,
  remove: (dir: string) => Promise<void> = removeFolder,
): Promise<ForgottenFoldersReport> {
  const known = new Set([...knownKeys].map((key) => key.toLowerCase()));
  const root = join(resolve(cacheRoot), 'practices');
  let names: string[];
  try {
    names = await readdir(root);
  } catch {
    // No practices folder yet: nothing was ever cached.
    return { removed: [], failed: [] };
  }
  const report: ForgottenFoldersReport = { removed: [], failed: [] };
  for (const name of names) {
    // Folder names are lower-cased practice keys (document-caches.ts).
    if (known.has(name.toLowerCase())) continue;
    try {
      await remove(join(root, name));
      report.removed.push(name);
    } catch (error) {
      report.failed.push({ name, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return report;
}
