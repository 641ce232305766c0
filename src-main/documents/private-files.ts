import { randomUUID } from 'node:crypto';
import { chmod, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** Makes a folder readable by this user only (0700), also when it was made earlier with looser rights. */
export async function makePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
}

/**
 * Writes a file readable by this user only (0600), atomically: a temp file in the same folder, then a
 * rename over the old one, so a crash never leaves half a file under the real name.
 */
export async function writePrivateFileAtomically(path: string, bytes: Uint8Array): Promise<void> {
  const temp = join(dirname(path), `${basename(path)}.${randomUUID()}.tmp`);
  try {
    await writeFile(temp, bytes, { mode: 0o600 });
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
