import { readdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { documentAad, SEALED_OVERHEAD, seal, storedNameFor, unseal } from '../../../src-main/documents/document-crypto';
import { MANIFEST_FILE } from '../../../src-main/documents/document-manifest';
import { bill, ENTITY, fakePdf, tempCache } from './helpers';

const KEY = Buffer.alloc(32, 1);
const certificate = { kind: 'idCertificate' as const, id: ENTITY };

describe('sealed file format', () => {
  it('is magic "PCE1", a 12-byte random IV, the AES-256-GCM ciphertext and a 16-byte tag', () => {
    const plain = fakePdf(1000);
    const sealed = seal(KEY, documentAad(bill(1)), plain);
    expect(sealed.subarray(0, 4).toString('ascii')).toBe('PCE1');
    expect(sealed.length).toBe(plain.length + SEALED_OVERHEAD);
    expect(SEALED_OVERHEAD).toBe(4 + 12 + 16);
    expect(sealed.includes(Buffer.from('%PDF-'))).toBe(false);
    // A fresh IV every time: the same bytes never seal to the same file.
    const again = seal(KEY, documentAad(bill(1)), plain);
    expect(again.subarray(4, 16).equals(sealed.subarray(4, 16))).toBe(false);
    expect(unseal(KEY, documentAad(bill(1)), sealed)?.equals(Buffer.from(plain))).toBe(true);
  });

  it('opens only with the same key, the same document ref and unchanged bytes', () => {
    const sealed = seal(KEY, documentAad(bill(1)), fakePdf(500));
    expect(unseal(Buffer.alloc(32, 2), documentAad(bill(1)), sealed)).toBeNull();
    expect(unseal(KEY, documentAad(bill(2)), sealed)).toBeNull();
    expect(unseal(KEY, documentAad({ kind: 'statement', id: '1' }), sealed)).toBeNull();
    for (const at of [0, 5, 20, sealed.length - 1]) {
      const changed = Buffer.from(sealed);
      changed[at] = changed[at]! ^ 0x01;
      expect(unseal(KEY, documentAad(bill(1)), changed)).toBeNull();
    }
    expect(unseal(KEY, documentAad(bill(1)), sealed.subarray(0, SEALED_OVERHEAD - 1))).toBeNull();
  });

  it('names files by a keyed hash: the name says neither the document nor the client', () => {
    const name = storedNameFor(KEY, certificate);
    expect(name).toMatch(/^[0-9a-f]{40}\.bin$/);
    expect(name).not.toContain(ENTITY);
    expect(storedNameFor(Buffer.alloc(32, 2), certificate)).not.toBe(name);
    expect(storedNameFor(KEY, bill(1))).not.toBe(storedNameFor(KEY, bill(2)));
  });
});

describe('the cache on disk', () => {
  it('holds no PDF bytes, no client key, owner-only files (0600) in an owner-only folder (0700)', async () => {
    const { dir, cache, key } = tempCache();
    const bytes = fakePdf(3000);
    await cache.store({ ref: certificate, entityKey: ENTITY, bytes });
    await cache.store({ ref: bill(7), entityKey: ENTITY, bytes: fakePdf(2000, 2) });
    const names = readdirSync(dir).sort();
    expect(names).toEqual(
      [MANIFEST_FILE, storedNameFor(key.peek()!, certificate), storedNameFor(key.peek()!, bill(7))].sort(),
    );
    for (const name of names) {
      const file = readFileSync(join(dir, name));
      expect(file.subarray(0, 4).toString('ascii')).toBe('PCE1');
      expect(file.includes(Buffer.from(ENTITY))).toBe(false);
      expect(file.includes(Buffer.from('%PDF-'))).toBe(false);
      if (process.platform !== 'win32') expect(statSync(join(dir, name)).mode & 0o777).toBe(0o600);
    }
    if (process.platform !== 'win32') expect(statSync(dir).mode & 0o777).toBe(0o700);
    const read = await cache.read(certificate);
    expect(read.state === 'ok' && Buffer.from(read.bytes).equals(Buffer.from(bytes))).toBe(true);
  });

  it('two files swapped on disk are both detected as tampered', async () => {
    const { dir, cache, key } = tempCache();
    // Same size, so only the authentication can tell them apart.
    await cache.store({ ref: bill(1), entityKey: ENTITY, bytes: fakePdf(2000, 1) });
    await cache.store({ ref: bill(2), entityKey: ENTITY, bytes: fakePdf(2000, 2) });
    const [a, b] = [join(dir, storedNameFor(key.peek()!, bill(1))), join(dir, storedNameFor(key.peek()!, bill(2)))];
    renameSync(a, `${a}.swap`);
    renameSync(b, a);
    renameSync(`${a}.swap`, b);
    expect(await cache.read(bill(1))).toMatchObject({ state: 'corrupt', reason: 'tampered' });
    expect(await cache.read(bill(2))).toMatchObject({ state: 'corrupt', reason: 'tampered' });
  });
});
