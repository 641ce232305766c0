import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { makePrivateDir, writePrivateFileAtomically } from './private-files';

/**
 * Decrypted copies for the OS's PDF viewer, which cannot read the sealed cache. They live in one
 * private folder per session, `<cache>/viewer-copies/<session id>/<practiceKey>/` (folders 0700, files 0600). What an
 * earlier session left behind (a crash, a viewer that kept a file open) is deleted when this one
 * starts; this session's folder at dispose, and a practice's copies when it signs out.
 */
export function createViewerCopies(options: { cacheRoot: string }) {
  const root = join(resolve(options.cacheRoot), 'viewer-copies');
  const sessionDir = join(root, randomUUID());
  // Started at once; every write waits for it, so a new copy is never deleted by the clean-up.
  const cleaned = rm(root, { recursive: true, force: true, maxRetries: 3 }).catch(() => undefined);

  return {
    root,
    sessionDir,

    /** Writes the plain bytes as `<fileName>` in the practice's private folder; the absolute path to hand to the viewer. */
    async write(practiceKey: string, fileName: string, bytes: Uint8Array): Promise<string> {
      await cleaned;
      // A folder per opening: a viewer may still hold the last copy open (Windows refuses to replace it then).
      const practiceDir = join(sessionDir, practiceKey.toLowerCase());
      const dir = join(practiceDir, randomUUID());
      for (const folder of [root, sessionDir, practiceDir, dir]) await makePrivateDir(folder);
      const path = join(dir, fileName);
      await writePrivateFileAtomically(path, bytes);
      return path;
    },

    /** Sign-out: the practice's copies go with its documents. */
    async wipe(practiceKey: string): Promise<void> {
      await cleaned;
      await rm(join(sessionDir, practiceKey.toLowerCase()), { recursive: true, force: true, maxRetries: 3 });
    },

    /** At quit. Synchronous, because Electron's before-quit does not wait for promises. */
    dispose(): void {
      try {
        rmSync(sessionDir, { recursive: true, force: true, maxRetries: 3 });
      } catch {
        // A viewer holding a file open (Windows): the next start deletes it.
      }
    },
  };
}
export type ViewerCopies = ReturnType<typeof createViewerCopies>;
