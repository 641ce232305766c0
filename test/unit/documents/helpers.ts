import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Clock } from '../../../src-main/clock';
import { createDocumentCache } from '../../../src-main/documents/document-cache';
import type { DocumentMeta, DocumentRef } from '../../../src-preload/contract/documents';

/** Bytes that look like a PDF (header first), `size` long, distinct per seed. */
export function fakePdf(size: number, seed = 1): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + seed * 17) % 251;
  bytes.set(new TextEncoder().encode('%PDF-1.7\n'));
  return bytes;
}

/** A clock that moves one second forward on every reading, so "last used" order is never a tie. */
export function tickingClock(start = Date.parse('2025-03-01T09:00:00.000Z')): Clock & { advance(ms: number): void } {
  let t = start;
  return {
    now: () => new Date((t += 1000)),
    advance(ms: number) {
      t += ms;
    },
  };
}

export const bill = (id: number): DocumentRef => ({ kind: 'bill', id: String(id) });
export const ENTITY = '3f0c1c9e-6f1e-4d7a-9a51-2b8d6c4e7f10';

/** A practice's document key held in memory, as document-keys would: none until the first store. */
export function memoryKey() {
  let key: Buffer | null = null;
  return {
    existing: async () => key,
    create: async () => (key ??= randomBytes(32)),
    /** The key now (null before the first store), for tests that look at the sealed files. */
    peek: () => key,
  };
}

export function tempCache(capBytes = 1_000_000, clock: Clock = tickingClock()) {
  const dir = join(mkdtempSync(join(tmpdir(), 'doc-cache-')), 'practices', ENTITY, 'documents');
  const key = memoryKey();
  return { dir, clock, key, cache: createDocumentCache({ dir, capBytes, clock, key }) };
}

export const keysOf = (documents: readonly DocumentMeta[]): string[] =>
  documents.map((d) => `${d.ref.kind}:${d.ref.id}`).sort();
