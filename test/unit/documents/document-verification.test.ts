import { readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { storedNameFor } from '../../../src-main/documents/document-crypto';
import { canonicalRef, fileNameFor } from '../../../src-main/documents/document-names';
import { sha256Hex, startsLikePdf } from '../../../src-main/documents/pdf-bytes';
import { SEALED_OVERHEAD } from '../../../src-main/documents/document-crypto';
import { bill, ENTITY, fakePdf, tempCache } from './helpers';

async function cached() {
  const setup = tempCache();
  const bytes = fakePdf(4000);
  const meta = await setup.cache.store({ ref: bill(1042), entityKey: ENTITY, bytes });
  return { ...setup, bytes, meta, file: join(setup.dir, storedNameFor(setup.key.peek()!, bill(1042))) };
}

describe('verification on read', () => {
  it('hands back the decrypted bytes when the file is authentic and size, SHA-256 and the PDF header match the manifest', async () => {
    const { cache, bytes, meta } = await cached();
    const read = await cache.read(bill(1042));
    expect(read).toMatchObject({ state: 'ok', meta });
    expect(read.state === 'ok' && sha256Hex(read.bytes)).toBe(sha256Hex(bytes));
  });

  it('one flipped byte fails authentication (tampered)', async () => {
    const { cache, file } = await cached();
    const bytes = readFileSync(file);
    bytes[2000] = bytes[2000]! ^ 0xff;
    writeFileSync(file, bytes);
    expect(await cache.read(bill(1042))).toMatchObject({ state: 'corrupt', reason: 'tampered' });
  });

  it('a truncated file fails the size check', async () => {
    const { cache, file } = await cached();
    truncateSync(file, 3999 + SEALED_OVERHEAD);
    expect(await cache.read(bill(1042))).toMatchObject({ state: 'corrupt', reason: 'size' });
  });

  it('a deleted file, or a link put in its place, is reported missing', async () => {
    const { cache, file, dir } = await cached();
    // The link will point at the genuine sealed file: even that is not accepted through a link.
    const elsewhere = join(dir, '..', 'elsewhere.bin');
    writeFileSync(elsewhere, readFileSync(file));
    rmSync(file);
    expect(await cache.read(bill(1042))).toMatchObject({ state: 'corrupt', reason: 'missing' });
    symlinkSync(elsewhere, file);
    expect(await cache.read(bill(1042))).toMatchObject({ state: 'corrupt', reason: 'missing' });
  });

  it('bytes whose hash matches but which are not a PDF are refused', async () => {
    const { cache } = tempCache();
    const notPdf = new TextEncoder().encode('<html>not a pdf</html>');
    await cache.store({ ref: bill(5), entityKey: ENTITY, bytes: notPdf });
    expect(await cache.read(bill(5))).toMatchObject({ state: 'corrupt', reason: 'not-its-type' });
  });

  it('a replacement of the same size is caught by authentication, a bigger one by the size', async () => {
    const { cache, file } = await cached();
    writeFileSync(file, fakePdf(4000 + SEALED_OVERHEAD, 99));
    expect(await cache.read(bill(1042))).toMatchObject({ state: 'corrupt', reason: 'tampered' });
    writeFileSync(file, fakePdf(4001 + SEALED_OVERHEAD));
    expect(await cache.read(bill(1042))).toMatchObject({ state: 'corrupt', reason: 'size' });
  });
});

describe('names and bytes', () => {
  it('file names are built by main from a canonical ref only', () => {
    expect(canonicalRef({ kind: 'bill', id: '0042' })).toEqual({ kind: 'bill', id: '42' });
    expect(canonicalRef({ kind: 'bill', id: '0' })).toBeNull();
    expect(canonicalRef({ kind: 'bill', id: ENTITY })).toBeNull();
    expect(canonicalRef({ kind: 'statement', id: '../1' })).toBeNull();
    expect(canonicalRef({ kind: 'idCertificate', id: '17' })).toBeNull();
    expect(canonicalRef({ kind: 'idCertificate', id: ENTITY.toUpperCase() })).toEqual({
      kind: 'idCertificate',
      id: ENTITY,
    });
    expect(fileNameFor({ kind: 'statement', id: '7' })).toBe('statement-7.pdf');
    expect(fileNameFor({ kind: 'idCertificate', id: ENTITY })).toBe(`id-certificate-${ENTITY}.pdf`);
    expect(() => fileNameFor({ kind: 'bill', id: '007' })).toThrow();
    expect(() => fileNameFor({ kind: 'bill', id: '../../x' })).toThrow();
  });

  it('recognises the PDF header', () => {
    expect(startsLikePdf(new TextEncoder().encode('%PDF-1.4'))).toBe(true);
    expect(startsLikePdf(new TextEncoder().encode('%PDF'))).toBe(false);
    expect(startsLikePdf(new TextEncoder().encode(' %PDF-1.4'))).toBe(false);
  });
});
