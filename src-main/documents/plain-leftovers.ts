import { readdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { MANIFEST_FILE } from './document-manifest';

/** What the encrypted cache writes: sealed files named by a keyed hash (document-crypto.ts) and its sealed manifest. */
const sealedName = /^[0-9a-f]{40}\.bin$/;

/**
 * At start, for every known practice: anything in its documents folder that the encrypted cache did
 * not write goes — plain PDFs and `manifest.json` (which names clients) left by a version that did not
 * encrypt, and temp files from a crash. The cache itself removes strays only when a practice's
 * documents are next used, which for a practice nobody opens again would be never.
 */
export async function removePlainLeftovers(cacheRoot: string, knownKeys: Iterable<string>): Promise<string[]> {
  const removed: string[] = [];
  for (const key of knownKeys) {
    const dir = join(resolve(cacheRoot), 'practices', key.toLowerCase(), 'documents');
    let names: string[];
    try {
      names = await readdir(dir);
    } catch {
      continue; // nothing cached for this practice
    }
    for (const name of names.filter((n) => n !== MANIFEST_FILE && !sealedName.test(n))) {
      await rm(join(dir, name), { recursive: true, force: true }).then(
        () => removed.push(`${key}/${name}`),
        () => undefined, // tried again at the next start
      );
    }
  }
  return removed;
}
