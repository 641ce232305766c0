import { lstat, readdir, readFile, rm } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import type { DocumentListResult, DocumentMeta, DocumentRef } from '../../src-preload/contract/documents';
import type { Clock } from '../clock';
import { documentAad, SEALED_OVERHEAD, seal, storedNameFor, unseal } from './document-crypto';
import { chooseEvictions } from './document-eviction';
import { MANIFEST_FILE, readManifest, writeManifest } from './document-manifest';
import { fileNameFor, refKey } from './document-names';
import { bytesMatchType } from '../../src-preload/contract/uploaded-files';
import { sha256Hex } from './pdf-bytes';
import { makePrivateDir, writePrivateFileAtomically } from './private-files';

export const DEFAULT_CACHE_CAP_BYTES = 300 * 1024 * 1024;
/** The contract's limit on how many meeting packs may hold one document. */
const MAX_PINS = 100;

export interface DocumentCacheOptions {
  /** The practice's documents folder, `<cache>/practices/<practiceKey>/documents`. */
  dir: string;
  capBytes: number;
  clock: Clock;
  /** The practice's document key (see document-keys): the one it has, if any, and one made on the first store. */
  key: { existing(): Promise<Uint8Array | null>; create(): Promise<Uint8Array> };
}

/** `tampered`: the file does not decrypt under its own name (changed, swapped with another, or sealed with another key). */
export type CorruptReason = 'missing' | 'size' | 'tampered' | 'hash' | 'not-its-type';
export type CacheRead =
  | { state: 'ok'; meta: DocumentMeta; bytes: Uint8Array }
  | { state: 'absent' }
  | { state: 'corrupt'; meta: DocumentMeta; reason: CorruptReason };

/** The cache refused: `wiped` after its practice signed out, `refused` with a sentence for a person. */
export class DocumentCacheError extends Error {
  constructor(
    readonly reason: 'wiped' | 'refused',
    message: string,
  ) {
    super(message);
    this.name = 'DocumentCacheError';
  }
}

/**
 * One practice's cached documents (PDFs, and a client's uploads of the kept types): the files and a manifest
 * (ref, client, file name, content type, SHA-256, size,
 * fetched-at, last-opened-at, pins). Every operation runs one at a time, so the manifest in memory and
 * on disk never disagree. A file is written before the manifest that names it and deleted after the
 * manifest that forgot it, so after a crash the manifest names no file that was never complete; files
 * the manifest does not name are deleted when the folder is next loaded.
 *
 * Files and manifest are sealed with the practice's key (AES-256-GCM, see document-crypto), owner-only
 * (files 0600, folder 0700); bytes are decrypted only here, in main. Without the key (a session-only
 * key after a restart) the manifest cannot be read, so the folder is rebuilt empty like any unreadable one.
 */
export function createDocumentCache(options: DocumentCacheOptions) {
  const dir = resolve(options.dir);
  let documents: Map<string, DocumentMeta> | null = null;
  let key: Uint8Array | null = null;
  let wiped = false;
  let queue: Promise<unknown> = Promise.resolve();

  function serial<T>(task: () => Promise<T>): Promise<T> {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  }

  /** Absolute path of a document's sealed file, built here from the key and ref, and proven to sit directly in the folder. */
  function pathOf(sealingKey: Uint8Array, ref: DocumentRef): string {
    fileNameFor(ref); // throws for a ref that is not canonical
    const path = resolve(dir, storedNameFor(sealingKey, ref));
    if (!path.startsWith(dir + sep) || path.slice(dir.length + 1).includes(sep) || !path.endsWith('.bin')) {
      throw new DocumentCacheError('refused', 'The document path is not inside the cache folder.');
    }
    return path;
  }

  const makeDir = (): Promise<void> => makePrivateDir(dir);

  async function persist(): Promise<void> {
    // Only a cache holding documents changes its manifest, and those were sealed with the key.
    if (!key) return;
    await makeDir();
    await writeManifest(dir, key, [...(documents ?? new Map<string, DocumentMeta>()).values()]);
  }

  /** Deletes every file in the folder the manifest does not name (temp files, leftovers, a rebuilt folder). */
  async function removeStrays(known: Set<string>): Promise<void> {
    let names: string[];
    try {
      names = await readdir(dir);
    } catch {
      return;
    }
    await Promise.all(
      names
        .filter((name) => name !== MANIFEST_FILE && !known.has(name))
        .map((name) => rm(join(dir, name), { recursive: true, force: true })),
    );
  }

  /**
   * Loads the manifest once. One that fails to parse is treated as empty: the folder is rebuilt (its
   * files deleted, an empty manifest written), because a file whose hash is unknown cannot be verified.
   */
  async function load(): Promise<Map<string, DocumentMeta>> {
    if (documents) return documents;
    key = await options.key.existing();
    const read = await readManifest(dir, key);
    const loaded = read.state === 'ok' && key ? read.documents : [];
    documents = new Map(loaded.map((d) => [refKey(d.ref), d]));
    const sealingKey = key;
    await removeStrays(new Set(sealingKey ? loaded.map((d) => storedNameFor(sealingKey, d.ref)) : []));
    if (read.state === 'unreadable') await (key ? persist() : rm(join(dir, MANIFEST_FILE), { force: true }));
    return documents;
  }

  /** Drops the least recently used unpinned documents until the folder fits the cap (see chooseEvictions). */
  async function evict(docs: Map<string, DocumentMeta>, keep?: string): Promise<DocumentMeta[]> {
    const evicted = chooseEvictions([...docs.values()], options.capBytes, keep);
    for (const meta of evicted) docs.delete(refKey(meta.ref));
    return evicted;
  }

  async function deleteFiles(metas: readonly DocumentMeta[]): Promise<void> {
    const sealingKey = key;
    if (sealingKey) await Promise.all(metas.map((meta) => rm(pathOf(sealingKey, meta.ref), { force: true })));
  }

  /** Size of the sealed file, then authenticated decryption under the document's own ref, then the plain bytes' size, hash and header. */
  async function verify(sealingKey: Uint8Array, meta: DocumentMeta): Promise<CacheRead> {
    const path = pathOf(sealingKey, meta.ref);
    const sealedSize = meta.size + SEALED_OVERHEAD;
    try {
      // lstat: a symbolic link put in place of the file is not our file.
      const info = await lstat(path);
      if (!info.isFile()) return { state: 'corrupt', meta, reason: 'missing' };
      if (info.size !== sealedSize) return { state: 'corrupt', meta, reason: 'size' };
    } catch {
      return { state: 'corrupt', meta, reason: 'missing' };
    }
    let sealed: Uint8Array;
    try {
      sealed = new Uint8Array(await readFile(path));
    } catch {
      return { state: 'corrupt', meta, reason: 'missing' };
    }
    if (sealed.length !== sealedSize) return { state: 'corrupt', meta, reason: 'size' };
    const plain = unseal(sealingKey, documentAad(meta.ref), sealed);
    if (!plain) return { state: 'corrupt', meta, reason: 'tampered' };
    const bytes = new Uint8Array(plain.buffer, plain.byteOffset, plain.byteLength);
    if (bytes.length !== meta.size) return { state: 'corrupt', meta, reason: 'size' };
    if (sha256Hex(bytes) !== meta.sha256) return { state: 'corrupt', meta, reason: 'hash' };
    if (!bytesMatchType(bytes, meta.contentType)) return { state: 'corrupt', meta, reason: 'not-its-type' };
    return { state: 'ok', meta, bytes };
  }

  const now = (): string => options.clock.now().toISOString();

  return {
    /** The decrypted bytes if the file matches the manifest (authentic, size, SHA-256, its type's first bytes); `corrupt` says why not. */
    read: (ref: DocumentRef): Promise<CacheRead> =>
      serial(async () => {
        if (wiped) return { state: 'absent' };
        const meta = (await load()).get(refKey(ref));
        return meta && key ? verify(key, meta) : { state: 'absent' };
      }),

    /**
     * Stores downloaded bytes (replacing a corrupt copy, keeping its pins and last-opened time),
     * optionally pinned for meeting packs, then evicts down to the cap.
     */
    store: (input: {
      ref: DocumentRef;
      entityKey: string;
      bytes: Uint8Array;
      /** What the bytes were checked to be on download (a PDF unless said). */
      contentType?: string;
      pins?: readonly string[];
    }): Promise<DocumentMeta> =>
      serial(async () => {
        if (wiped) throw new DocumentCacheError('wiped', 'This practice was signed out.');
        const contentType = input.contentType ?? 'application/pdf';
        const docs = await load();
        const id = refKey(input.ref);
        const previous = docs.get(id);
        const pins = new Set([...(previous?.pinnedBy ?? []), ...(input.pins ?? [])]);
        if (pins.size > MAX_PINS)
          throw new DocumentCacheError('refused', `A document can belong to at most ${MAX_PINS} meeting packs.`);
        key ??= await options.key.create();
        if (wiped) throw new DocumentCacheError('wiped', 'This practice was signed out.');
        await makeDir();
        await writePrivateFileAtomically(pathOf(key, input.ref), seal(key, documentAad(input.ref), input.bytes));
        const meta: DocumentMeta = {
          ref: input.ref,
          entityKey: input.entityKey.toLowerCase(),
          fileName: fileNameFor(input.ref, contentType),
          contentType,
          sha256: sha256Hex(input.bytes),
          size: input.bytes.length,
          fetchedAt: now(),
          lastOpenedAt: previous?.lastOpenedAt ?? null,
          pinnedBy: [...pins],
        };
        docs.set(id, meta);
        const evicted = await evict(docs, id);
        await persist();
        await deleteFiles(evicted);
        return meta;
      }),

    /** Records that a person opened the document now (the LRU order); null if it is not cached. */
    touch: (ref: DocumentRef): Promise<DocumentMeta | null> =>
      serial(async () => {
        const docs = await load();
        const meta = docs.get(refKey(ref));
        if (!meta || wiped) return null;
        const touched = { ...meta, lastOpenedAt: now() };
        docs.set(refKey(ref), touched);
        await persist();
        return touched;
      }),

    /** Pins a cached document for a meeting pack (idempotent); null if it is not cached. */
    pin: (ref: DocumentRef, packId: string): Promise<DocumentMeta | null> =>
      serial(async () => {
        const docs = await load();
        const meta = docs.get(refKey(ref));
        if (!meta || wiped) return null;
        if (meta.pinnedBy.includes(packId)) return meta;
        if (meta.pinnedBy.length >= MAX_PINS)
          throw new DocumentCacheError('refused', `A document can belong to at most ${MAX_PINS} meeting packs.`);
        const pinned = { ...meta, pinnedBy: [...meta.pinnedBy, packId] };
        docs.set(refKey(ref), pinned);
        await persist();
        return pinned;
      }),

    /** A meeting pack is done: its documents lose that pin, and the cap is enforced again. Returns how many it held. */
    unpin: (packId: string): Promise<number> =>
      serial(async () => {
        const docs = await load();
        if (wiped) return 0;
        let count = 0;
        for (const [key, meta] of docs) {
          if (!meta.pinnedBy.includes(packId)) continue;
          docs.set(key, { ...meta, pinnedBy: meta.pinnedBy.filter((p) => p !== packId) });
          count++;
        }
        const evicted = await evict(docs);
        if (count === 0 && evicted.length === 0) return 0;
        await persist();
        await deleteFiles(evicted);
        return count;
      }),

    list: (): Promise<Omit<DocumentListResult, 'encryption'>> =>
      serial(async () => {
        const docs = wiped ? new Map<string, DocumentMeta>() : await load();
        const list = [...docs.values()];
        return { documents: list, usedBytes: list.reduce((sum, d) => sum + d.size, 0), capBytes: options.capBytes };
      }),

    /** Deletes the folder and refuses every later write (a download finishing after sign-out is dropped). */
    wipe: (): Promise<void> =>
      serial(async () => {
        wiped = true;
        documents = new Map();
        key = null;
        await rm(dir, { recursive: true, force: true, maxRetries: 3 });
      }),
  };
}
export type DocumentCache = ReturnType<typeof createDocumentCache>;
