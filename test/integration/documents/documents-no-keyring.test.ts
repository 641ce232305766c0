import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Cipher } from '../../../src-main/cipher/cipher';
import { createSessionCipher } from '../../../src-main/cipher/session-cipher';
import { createNetworkSwitch } from '../../../src-main/browser-preview/network-switch';
import { nodeMainDeps } from '../../../src-main/browser-preview/node-pieces';
import { createMainServices } from '../../../src-main/compose';
import { LOCKED_TEXT } from '../../../src-main/documents/document-keys';
import { billRef, openBill, startDocumentsApp as start, stopDocumentsApps, type DocumentsApp } from './documents-app';

afterEach(stopDocumentsApps);

/** Linux without a keyring: safeStorage's basic_text, whose key every program knows. */
function weakCipher(inner = createSessionCipher()): Cipher {
  return { backend: () => 'basic_text', isSecure: async () => false, encrypt: inner.encrypt, decrypt: inner.decrypt };
}
const settingsText = (app: DocumentsApp): string => {
  const file = join(app.dataDir, 'settings.json');
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
};

/** The demo practice connected again as the user would, remembering the secret in weak storage they accepted. */
async function rememberInWeakStorage(app: DocumentsApp): Promise<void> {
  const practice = app.demo.practices[0]!;
  const answer = await app.call('practice.connect', {
    region: 'custom',
    customUrl: practice.baseUrl,
    clientId: practice.readWrite.clientId,
    secret: practice.readWrite.secret,
    remember: true,
    acceptWeakStorage: true,
    confirmAddress: true,
  });
  expect(answer).toMatchObject({ ok: true, practice: { storage: 'weak-opt-in' } });
}

describe('saved documents on a laptop without a keyring', () => {
  it('are never kept under the weak store, even for a practice whose secret is: session only, deleted at the next start', async () => {
    const inner = createSessionCipher(); // the same "basic_text" key across the restart, as on such a laptop
    const app = await start({ cipher: weakCipher(inner) });
    await rememberInWeakStorage(app);
    const bill = app.bills[0]!;
    await openBill(app, bill);
    const file = await app.fileOf(billRef(bill));
    expect(existsSync(file)).toBe(true);
    expect((await app.call('documents.list', { practiceKey: app.practiceKey })).encryption.keyKept).toBe(
      'session-only',
    );
    expect(settingsText(app)).not.toContain('documents.keys');
    await app.services.dispose();

    // The next start of main over the same data folder (the practice is bound to the first run's server,
    // so the harness's reconnect is not what is wanted here: only what start does).
    const restarted = createMainServices({
      ...nodeMainDeps({ dataDir: app.dataDir, network: createNetworkSwitch(fetch) }),
      cipher: weakCipher(inner),
      startDemo: () => Promise.reject(new Error('not here')),
    });
    try {
      restarted.start();
      await vi.waitFor(() => expect(existsSync(file)).toBe(false), { timeout: 5_000 });
      expect((await restarted.session.list()).practices.map((p) => p.practiceKey)).toEqual([app.practiceKey]);
      expect(await restarted.documentCaches.keys.get(app.practiceKey)).toBeNull();
    } finally {
      await restarted.dispose();
    }
  });

  it('with a documents passphrase: sealed under it, locked in the next session until it is entered, never stored', async () => {
    const PASSPHRASE = 'a long documents passphrase';
    const inner = createSessionCipher();
    const app = await start({ cipher: weakCipher(inner) });
    expect(await app.call('documents.passphraseStatus', {})).toEqual({ needed: true, state: 'not-set' });
    expect(await app.call('documents.enterPassphrase', { passphrase: PASSPHRASE })).toEqual({
      ok: true,
      message: null,
      state: 'unlocked',
    });
    const bill = app.bills[1]!;
    const first = await openBill(app, bill);
    const file = await app.fileOf(billRef(bill));
    expect((await app.call('documents.list', { practiceKey: app.practiceKey })).encryption.keyKept).toBe('passphrase');
    expect(settingsText(app)).not.toContain(PASSPHRASE);
    await app.services.dispose();

    const restarted = await start({ dataDir: app.dataDir, cipher: weakCipher(inner) });
    restarted.services.start();
    expect(await restarted.call('documents.passphraseStatus', {})).toEqual({ needed: true, state: 'locked' });
    // Locked: not opened, not downloaded again, not deleted.
    expect(await openBill(restarted, bill)).toMatchObject({ ok: false, message: LOCKED_TEXT });
    await expect(restarted.call('documents.list', { practiceKey: restarted.practiceKey })).rejects.toThrow(LOCKED_TEXT);
    expect(restarted.documentRequests()).toHaveLength(0);
    expect(await restarted.call('documents.enterPassphrase', { passphrase: 'not the passphrase' })).toMatchObject({
      ok: false,
      state: 'locked',
    });
    expect(await restarted.call('documents.enterPassphrase', { passphrase: PASSPHRASE })).toMatchObject({
      ok: true,
      state: 'unlocked',
    });
    expect((await openBill(restarted, bill)).bytesBase64).toBe(first.bytesBase64);
    expect(restarted.documentRequests()).toHaveLength(0);
    expect(existsSync(file)).toBe(true);
  });

  it('the passphrase can be changed (proven by the current one): saved documents open under the new one, not the old', async () => {
    const OLD = 'a long documents passphrase';
    const NEW = 'another long passphrase';
    const inner = createSessionCipher();
    const app = await start({ cipher: weakCipher(inner) });
    await app.call('documents.enterPassphrase', { passphrase: OLD });
    const bill = app.bills[1]!;
    const first = await openBill(app, bill);
    expect(await app.call('documents.changePassphrase', { current: 'not the passphrase', next: NEW })).toMatchObject({
      ok: false,
      message: 'That is not the documents passphrase. Try again.',
    });
    expect(await app.call('documents.changePassphrase', { current: OLD, next: 'short' })).toMatchObject({ ok: false });
    expect(await app.call('documents.changePassphrase', { current: OLD, next: NEW })).toEqual({
      ok: true,
      message: null,
      state: 'unlocked',
    });
    expect(settingsText(app)).not.toContain(NEW);
    await app.services.dispose();

    const restarted = await start({ dataDir: app.dataDir, cipher: weakCipher(inner) });
    restarted.services.start();
    expect(await restarted.call('documents.enterPassphrase', { passphrase: OLD })).toMatchObject({ ok: false });
    expect(await restarted.call('documents.enterPassphrase', { passphrase: NEW })).toMatchObject({ ok: true });
    expect((await openBill(restarted, bill)).bytesBase64).toBe(first.bytesBase64);
    expect(restarted.documentRequests()).toHaveLength(0);
  });

  it('a forgotten passphrase can be forgotten: its documents are fetched again, and a new one can be set', async () => {
    const inner = createSessionCipher();
    const app = await start({ cipher: weakCipher(inner) });
    await app.call('documents.enterPassphrase', { passphrase: 'a long documents passphrase' });
    const bill = app.bills[1]!;
    const first = await openBill(app, bill);
    await app.services.dispose();

    const restarted = await start({ dataDir: app.dataDir, cipher: weakCipher(inner) });
    restarted.services.start();
    expect(await restarted.call('documents.passphraseStatus', {})).toEqual({ needed: true, state: 'locked' });
    expect(await restarted.call('documents.forgetPassphrase', {})).toEqual({
      ok: true,
      message: null,
      state: 'not-set',
    });
    expect(settingsText(restarted)).not.toContain('documents.passphrase');
    expect((await openBill(restarted, bill)).bytesBase64).toBe(first.bytesBase64);
    expect(restarted.documentRequests()).toHaveLength(1);
    expect(await restarted.call('documents.enterPassphrase', { passphrase: 'a new long passphrase' })).toMatchObject({
      ok: true,
      state: 'unlocked',
    });
  });

  it('with the OS password store no passphrase is asked for', async () => {
    const app = await start();
    expect(await app.call('documents.passphraseStatus', {})).toEqual({ needed: false, state: 'not-set' });
    expect(await app.call('documents.enterPassphrase', { passphrase: 'a long documents passphrase' })).toMatchObject({
      ok: false,
    });
  });
});
