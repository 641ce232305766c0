import { existsSync, readdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Cipher } from '../../../src-main/cipher/cipher';
import { createSessionCipher } from '../../../src-main/cipher/session-cipher';
import { MANIFEST_FILE } from '../../../src-main/documents/document-manifest';
import { readPdf } from '../../support/read-pdf-text';
import {
  billRef,
  corrupt,
  fromBase64,
  openBill,
  sha256,
  startDocumentsApp as start,
  stopDocumentsApps,
  type DocumentsApp,
} from './documents-app';

afterEach(stopDocumentsApps);

/** Linux without a keyring: safeStorage's basic_text, which protects nothing. */
function weakCipher(inner = createSessionCipher()): Cipher {
  return { backend: () => 'basic_text', isSecure: async () => false, encrypt: inner.encrypt, decrypt: inner.decrypt };
}

function settingsText(app: DocumentsApp): string {
  const file = join(app.dataDir, 'settings.json');
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
}

/** Words as a PDF may hold them: as they are, or as hex of their UTF-16 (pdf-lib's document info strings). */
function encodings(words: string): Buffer[] {
  const utf16 = Buffer.from(words, 'utf16le').swap16().toString('hex');
  return [Buffer.from(words, 'latin1'), Buffer.from(utf16.toUpperCase(), 'latin1'), Buffer.from(utf16, 'latin1')];
}

/** A client with a completed identity verification, and the words its certificate prints. */
function verifiedClient(app: DocumentsApp) {
  const [entityKey, records] = [...app.state.idVerifications].find(([, list]) =>
    list.some((v) => v.result === 'verified'),
  )!;
  const verification = records.filter((v) => v.result === 'verified').at(-1)!;
  const entity = app.state.entities.get(entityKey)!;
  const printed = [`IDV-${verification.verificationId.slice(0, 8).toUpperCase()}`, entity.fullEntityName];
  return { entityKey, ref: { kind: 'idCertificate' as const, id: entityKey }, printed };
}

describe('documents at rest', () => {
  it('an ID certificate fetched through main is sealed on disk: no PDF, none of its text, no client key in names or manifest, owner-only', async () => {
    const app = await start();
    const client = verifiedClient(app);
    const fetched = await app.call('documents.fetch', {
      practiceKey: app.practiceKey,
      ref: client.ref,
      entityKey: client.entityKey,
      priority: 'interactive',
    });
    expect(fetched).toMatchObject({ ok: true, downloaded: true });
    const opened = await app.call('documents.open', {
      practiceKey: app.practiceKey,
      ref: client.ref,
      entityKey: client.entityKey,
    });
    const plain = Buffer.from(fromBase64(opened.bytesBase64));
    // The certificate really prints these words (so their absence on disk means something).
    const text = (await readPdf(fromBase64(opened.bytesBase64))).text;
    for (const words of client.printed) expect(text).toContain(words);
    // How those words sit in the PDF's bytes (plain, or the hex UTF-16 of its document info): at least one must be there.
    const inPlain = client.printed.flatMap(encodings).filter((needle) => plain.includes(needle));
    expect(inPlain.length).toBeGreaterThan(0);

    const names = readdirSync(app.documentsDir);
    expect(names.sort()).toEqual([MANIFEST_FILE, (await app.fileOf(client.ref)).split('/').pop()!].sort());
    for (const name of names) {
      expect(name).not.toContain(client.entityKey);
      const onDisk = readFileSync(join(app.documentsDir, name));
      expect(onDisk.subarray(0, 5).toString('latin1')).not.toBe('%PDF-');
      expect(onDisk.includes(Buffer.from('%PDF-'))).toBe(false);
      const needles = [...inPlain, ...encodings(client.entityKey), ...encodings(client.entityKey.toUpperCase())];
      for (const needle of needles) expect(onDisk.includes(needle)).toBe(false);
      if (process.platform !== 'win32') expect(statSync(join(app.documentsDir, name)).mode & 0o777).toBe(0o600);
    }
    if (process.platform !== 'win32') {
      for (const dir of [app.documentsDir, join(app.documentsDir, '..')])
        expect(statSync(dir).mode & 0o777).toBe(0o700);
    }
    // Main still reads it, with the client named in its metadata.
    const list = await app.call('documents.list', { practiceKey: app.practiceKey });
    expect(list.documents).toEqual([expect.objectContaining({ entityKey: client.entityKey, sha256: sha256(plain) })]);
    expect(list.encryption).toEqual({ algorithm: 'AES-256-GCM', keyKept: 'keychain' });
  });

  it('one flipped byte is detected as tampering: the document is fetched again and the person gets the right bytes', async () => {
    const app = await start();
    const client = verifiedClient(app);
    const open = () =>
      app.call('documents.open', { practiceKey: app.practiceKey, ref: client.ref, entityKey: client.entityKey });
    const good = await open();
    const file = await app.fileOf(client.ref);
    const size = readFileSync(file).length;
    corrupt(file);
    expect(readFileSync(file).length).toBe(size); // same size: only the authentication can tell
    const again = await open();
    expect(again).toMatchObject({ ok: true, meta: { sha256: good.meta.sha256 } });
    expect(again.bytesBase64).toBe(good.bytesBase64);
    expect(app.documentRequests()).toHaveLength(2);
  });

  it('two files swapped on disk are both detected and fetched again', async () => {
    const app = await start();
    const [first, second] = [app.bills[0]!, app.bills[1]!];
    const a = await openBill(app, first);
    const b = await openBill(app, second);
    const [fileA, fileB] = [await app.fileOf(billRef(first)), await app.fileOf(billRef(second))];
    renameSync(fileA, `${fileA}.swap`);
    renameSync(fileB, fileA);
    renameSync(`${fileA}.swap`, fileB);
    // Caught by the size or, for files of one size (see document-file-format.test.ts), by the authentication.
    expect((await openBill(app, first)).bytesBase64).toBe(a.bytesBase64);
    expect((await openBill(app, second)).bytesBase64).toBe(b.bytesBase64);
    expect(app.documentRequests()).toHaveLength(4);
  });

  it('no keyring, session-only: after a restart the old files cannot be read, are deleted and fetched again; the key never reaches the settings', async () => {
    const cipher = weakCipher();
    const app = await start({ cipher });
    const bill = app.bills[0]!;
    const first = await openBill(app, bill);
    const key = (await app.services.documentCaches.keys.get(app.practiceKey))!;
    const oldFile = await app.fileOf(billRef(bill));
    expect((await app.call('documents.list', { practiceKey: app.practiceKey })).encryption).toEqual({
      algorithm: 'AES-256-GCM',
      keyKept: 'session-only',
    });
    expect(settingsText(app)).not.toContain('documents.keys');
    expect(settingsText(app)).not.toContain(key.toString('base64'));
    await app.services.dispose();

    const restarted = await start({ dataDir: app.dataDir, cipher });
    expect(await restarted.services.documentCaches.keys.get(restarted.practiceKey)).toBeNull();
    expect((await restarted.call('documents.list', { practiceKey: restarted.practiceKey })).documents).toEqual([]);
    expect(existsSync(oldFile)).toBe(false);
    const again = await openBill(restarted, bill);
    expect(again.bytesBase64).toBe(first.bytesBase64);
    expect(restarted.documentRequests()).toHaveLength(1);
    expect(existsSync(oldFile)).toBe(false); // a new key, so a new name
    expect(settingsText(restarted)).not.toContain('documents.keys');
  });

  it('with the OS password store, the key is kept encrypted in the settings and a restart reads the cache without a download', async () => {
    const cipher = createSessionCipher(); // secure; the same object across the restart stands for the same keychain
    const app = await start({ cipher });
    const bill = app.bills[2]!;
    const first = await openBill(app, bill);
    const key = (await app.services.documentCaches.keys.get(app.practiceKey))!;
    expect(settingsText(app)).toContain('documents.keys');
    expect(settingsText(app)).not.toContain(key.toString('base64'));
    await app.services.dispose();

    const restarted = await start({ dataDir: app.dataDir, cipher });
    expect((await openBill(restarted, bill)).bytesBase64).toBe(first.bytesBase64);
    expect(restarted.documentRequests()).toHaveLength(0);

    // Signing out forgets the key with the files.
    await restarted.call('practice.signOut', { practiceKey: restarted.practiceKey });
    expect(settingsText(restarted)).not.toContain('documents.keys');
    expect(existsSync(restarted.documentsDir)).toBe(false);
  });

  it('documents.list and documents.unpin refuse a practice that is not the active one', async () => {
    const app = await start();
    await openBill(app, app.bills[0]!);
    const anz = app.practiceKey;
    // Another practice becomes the active one; the first keeps its saved documents but may not be listed.
    const { practice: uk } = await app.call('practice.connectDemo', { region: 'UK' });
    const refused = /^refused: .*only while it is the practice you are connected to/;
    for (const practiceKey of [anz, '00000000-0000-4000-8000-000000000000']) {
      await expect(app.call('documents.list', { practiceKey })).rejects.toThrow(refused);
      await expect(app.call('documents.unpin', { practiceKey, packId: 'pack-1' })).rejects.toThrow(refused);
    }
    expect(await app.call('documents.list', { practiceKey: uk.practiceKey })).toMatchObject({
      documents: [],
      usedBytes: 0,
    });
    expect(await app.call('documents.unpin', { practiceKey: uk.practiceKey, packId: 'pack-1' })).toEqual({
      unpinned: 0,
    });
  });
});
