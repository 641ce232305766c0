import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { documentMetaSchema, type DocumentMeta } from '../../src-preload/contract/documents';
import { MANIFEST_AAD, seal, unseal } from './document-crypto';
import { canonicalRef, fileNameFor, refKey } from './document-names';
import { writePrivateFileAtomically } from './private-files';

/**
 * Sealed with the practice's document key like the PDFs (see document-crypto), because it names
 * clients (entity keys) and what was downloaded for them.
 */
export const MANIFEST_FILE = 'manifest.enc';

/**
 * What the folder holds, as written by main. Beyond the shape, every entry must name its file exactly
 * as main would (a manifest edited to point at `../something` fails here) and appear once.
 */
const manifestSchema = z
  .strictObject({ version: z.literal(1), documents: z.array(documentMetaSchema) })
  .refine(
    (m) =>
      m.documents.every(
        (d) => canonicalRef(d.ref)?.id === d.ref.id && d.fileName === fileNameFor(d.ref, d.contentType),
      ),
    'an entry names a file main would not',
  )
  .refine(
    (m) => new Set(m.documents.map((d) => refKey(d.ref))).size === m.documents.length,
    'a document appears twice',
  );

export type ManifestRead = { state: 'ok'; documents: DocumentMeta[] } | { state: 'missing' } | { state: 'unreadable' };

/**
 * Reads the manifest; one that cannot be decrypted (no key, another key, changed bytes), is not valid
 * JSON or fails the schema is `unreadable`, never a throw.
 */
export async function readManifest(dir: string, key: Uint8Array | null): Promise<ManifestRead> {
  let sealed: Buffer;
  try {
    sealed = await readFile(join(dir, MANIFEST_FILE));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { state: 'missing' };
    return { state: 'unreadable' };
  }
  const plain = key ? unseal(key, MANIFEST_AAD, sealed) : null;
  if (!plain) return { state: 'unreadable' };
  try {
    const parsed = manifestSchema.safeParse(JSON.parse(plain.toString('utf8')));
    return parsed.success ? { state: 'ok', documents: parsed.data.documents } : { state: 'unreadable' };
  } catch {
    return { state: 'unreadable' };
  }
}

/** Writes the manifest sealed and atomically (owner-only): a temp file in the same folder, then rename over the old one. */
export async function writeManifest(dir: string, key: Uint8Array, documents: readonly DocumentMeta[]): Promise<void> {
  await writePrivateFileAtomically(
    join(dir, MANIFEST_FILE),
    seal(key, MANIFEST_AAD, Buffer.from(JSON.stringify({ version: 1, documents }), 'utf8')),
  );
}
