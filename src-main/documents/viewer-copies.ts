import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { chmod, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

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

  async function privateDir(dir: string): Promise<void> {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await chmod(dir, 0o700);
  }

  return {
    root,
    sessionDir,

    /** Writes the plain bytes as `<fileName>` in the practice's private folder; the absolute path to hand to the viewer. */
    async write(practiceKey: string, fileName: string, bytes: Uint8Array): Promise<string> {
      await cleaned;
      const dir = join(sessionDir, practiceKey.toLowerCase());
      await privateDir(root);
      await privateDir(sessionDir);
      await privateDir(dir);
      const path = join(dir, fileName);
      const temp = join(dir, `.${randomUUID()}.tmp`);
      try {
        await writeFile(temp, bytes, { mode: 0o600 });
        await rename(temp, path);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
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
