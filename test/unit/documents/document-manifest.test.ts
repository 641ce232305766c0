import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDocumentCache } from '../../../src-main/documents/document-cache';
import { MANIFEST_AAD, seal, storedNameFor } from '../../../src-main/documents/document-crypto';
import { MANIFEST_FILE, readManifest, writeManifest } from '../../../src-main/documents/document-manifest';
import { sha256Hex } from '../../../src-main/documents/pdf-bytes';
import type { DocumentMeta } from '../../../src-preload/contract/documents';
import { bill, ENTITY, fakePdf, tempCache } from './helpers';

const meta = (over: Partial<DocumentMeta> = {}): DocumentMeta => ({
  ref: { kind: 'bill', id: '1042' },
  entityKey: ENTITY,
  fileName: 'bill-1042.pdf',
  contentType: 'application/pdf',
  sha256: 'a'.repeat(64),
  size: 1234,
  fetchedAt: '2025-03-01T09:00:00.000Z',
  lastOpenedAt: null,
  pinnedBy: ['pack-1'],
  ...over,
});

describe('document manifest', () => {
  it('round-trips every field through the file, written atomically (no temp file left behind)', async () => {
    const { dir, key } = tempCache();
    mkdirSync(dir, { recursive: true });
    const sealingKey = await key.create();
    const documents = [
      meta(),
      meta({
        ref: { kind: 'idCertificate', id: ENTITY },
        fileName: `id-certificate-${ENTITY}.pdf`,
        lastOpenedAt: '2025-03-02T10:00:00.000Z',
        pinnedBy: [],
      }),
      meta({ ref: { kind: 'statement', id: '7' }, fileName: 'statement-7.pdf', size: 0 }),
    ];
    await writeManifest(dir, sealingKey, documents);
    expect(await readManifest(dir, sealingKey)).toEqual({ state: 'ok', documents });
    expect(readdirSync(dir)).toEqual([MANIFEST_FILE]);
    // Sealed: the clients it names are not in the file, and without the key (or with another) it cannot be read.
    expect(readFileSync(join(dir, MANIFEST_FILE)).includes(ENTITY)).toBe(false);
    expect(await readManifest(dir, null)).toEqual({ state: 'unreadable' });
    expect(await readManifest(dir, Buffer.alloc(32, 7))).toEqual({ state: 'unreadable' });
  });

  it('a stored document survives a new cache instance over the same folder (manifest and file agree)', async () => {
    const { dir, clock, cache, key } = tempCache();
    const bytes = fakePdf(5000);
    const stored = await cache.store({ ref: bill(1042), entityKey: ENTITY, bytes, pins: ['pack-9'] });
    expect(stored).toMatchObject({
      fileName: 'bill-1042.pdf',
      size: 5000,
      sha256: sha256Hex(bytes),
      pinnedBy: ['pack-9'],
      lastOpenedAt: null,
    });
    const again = createDocumentCache({ dir, capBytes: 1_000_000, clock, key });
    const read = await again.read(bill(1042));
    expect(read.state).toBe('ok');
    expect(read.state === 'ok' && Buffer.from(read.bytes).equals(Buffer.from(bytes))).toBe(true);
    expect((await again.list()).documents).toEqual([stored]);
  });

  it('a manifest that is not sealed with the key (an old plain one, or written by someone else) is treated as empty', async () => {
    const { dir, clock, cache, key } = tempCache();
    await cache.store({ ref: bill(1042), entityKey: ENTITY, bytes: fakePdf(3000) });
    writeFileSync(join(dir, MANIFEST_FILE), JSON.stringify({ version: 1, documents: [meta()] }));
    const reopened = createDocumentCache({ dir, capBytes: 1_000_000, clock, key });
    expect(await reopened.list()).toMatchObject({ documents: [], usedBytes: 0 });
    expect(readdirSync(dir)).toEqual([MANIFEST_FILE]);
    expect(await readManifest(dir, key.peek())).toEqual({ state: 'ok', documents: [] });
  });

  it.each([
    ['not JSON', '{ half a manifest'],
    ['the wrong shape', JSON.stringify({ version: 1, documents: [{ ref: { kind: 'bill', id: '1' } }] })],
    [
      'a file name main would not choose',
      JSON.stringify({ version: 1, documents: [meta({ fileName: '../../escape.pdf' })] }),
    ],
    ['the same document twice', JSON.stringify({ version: 1, documents: [meta(), meta()] })],
    ['an unknown version', JSON.stringify({ version: 2, documents: [] })],
  ])('a manifest with %s is treated as empty and the folder rebuilt, without throwing', async (_label, text) => {
    const { dir, clock, cache, key } = tempCache();
    await cache.store({ ref: bill(1042), entityKey: ENTITY, bytes: fakePdf(3000) });
    // Sealed with the right key, so only its content is wrong.
    writeFileSync(join(dir, MANIFEST_FILE), seal(key.peek()!, MANIFEST_AAD, Buffer.from(text)));
    expect((await readManifest(dir, key.peek())).state).toBe('unreadable');

    const reopened = createDocumentCache({ dir, capBytes: 1_000_000, clock, key });
    expect(await reopened.list()).toMatchObject({ documents: [], usedBytes: 0 });
    expect(await reopened.read(bill(1042))).toEqual({ state: 'absent' });
    // Rebuilt: the unverifiable file is gone and an empty, valid manifest replaces the bad one.
    expect(readdirSync(dir)).toEqual([MANIFEST_FILE]);
    expect(await readManifest(dir, key.peek())).toEqual({ state: 'ok', documents: [] });
    // And it works again.
    await reopened.store({ ref: bill(7), entityKey: ENTITY, bytes: fakePdf(100) });
    expect((await reopened.read(bill(7))).state).toBe('ok');
  });

  it('files the manifest does not name (a crash before the manifest was written, temp files) are removed on load', async () => {
    const { dir, clock, cache, key } = tempCache();
    await cache.store({ ref: bill(1), entityKey: ENTITY, bytes: fakePdf(100) });
    const stored = storedNameFor(key.peek()!, bill(1));
    writeFileSync(join(dir, 'bill-2.pdf'), fakePdf(100));
    writeFileSync(join(dir, `${stored}.1234.tmp`), 'half');
    const reopened = createDocumentCache({ dir, capBytes: 1_000_000, clock, key });
    expect((await reopened.list()).documents).toHaveLength(1);
    expect(readdirSync(dir).sort()).toEqual([stored, MANIFEST_FILE].sort());
  });

  it('reading a folder that does not exist creates nothing', async () => {
    const { dir, cache } = tempCache();
    expect(await cache.list()).toMatchObject({ documents: [], usedBytes: 0 });
    expect(await cache.unpin('pack-1')).toBe(0);
    expect(existsSync(dir)).toBe(false);
  });
});
