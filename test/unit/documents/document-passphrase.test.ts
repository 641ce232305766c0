import { scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Cipher } from '../../../src-main/cipher/cipher';
import { createSessionCipher } from '../../../src-main/cipher/session-cipher';
import { DocumentCacheError } from '../../../src-main/documents/document-cache';
import { createDocumentKeys, LOCKED_TEXT } from '../../../src-main/documents/document-keys';
import {
  createDocumentPassphrase,
  DEFAULT_SCRYPT_PARAMS,
  deriveKey,
} from '../../../src-main/documents/document-passphrase';
import { memorySettings } from '../../support/memory-settings';

/** Linux without a keyring: safeStorage's basic_text, whose key every program knows. */
function weakCipher(): Cipher {
  const inner = createSessionCipher();
  return { backend: () => 'basic_text', isSecure: async () => false, encrypt: inner.encrypt, decrypt: inner.decrypt };
}
const PRACTICE = '11111111-1111-4111-8111-111111111111';
const PASSPHRASE = 'correct horse battery staple';
const fast = { N: 2 ** 10, r: 8, p: 1 }; // the stored parameters are what unlock uses, whatever set them
const text = (settings: ReturnType<typeof memorySettings>) => JSON.stringify([...settings.data]);

describe('the documents passphrase', () => {
  it('stores a salt, the scrypt parameters and a check, never the passphrase or the key derived from it', async () => {
    const settings = memorySettings();
    const passphrase = createDocumentPassphrase({ settings });
    expect(passphrase.state()).toBe('not-set');
    expect(await passphrase.set('short')).toEqual({ ok: false, message: expect.stringMatching(/at least 10/) });
    expect(await passphrase.set(PASSPHRASE)).toEqual({ ok: true });
    expect(passphrase.state()).toBe('unlocked');
    const stored = settings.data.get('documents.passphrase') as Record<string, unknown>;
    expect(stored).toMatchObject({ kdf: 'scrypt', ...DEFAULT_SCRYPT_PARAMS });
    const salt = Buffer.from(stored.salt as string, 'base64');
    expect(salt).toHaveLength(16);
    // The key is Node's scrypt of the passphrase with that salt and those parameters.
    const expected = scryptSync(PASSPHRASE, salt, 32, { ...DEFAULT_SCRYPT_PARAMS, maxmem: 64 * 1024 * 1024 });
    expect(await deriveKey(PASSPHRASE, salt, DEFAULT_SCRYPT_PARAMS)).toEqual(expected);
    expect(text(settings)).not.toContain(PASSPHRASE);
    expect(text(settings)).not.toContain(expected.toString('base64'));
    expect(text(settings)).not.toContain(expected.toString('hex'));
    expect(await passphrase.set('another long passphrase')).toMatchObject({ ok: false });
  });

  it('each setting gets its own salt, so the same passphrase derives another key', async () => {
    const a = memorySettings();
    const b = memorySettings();
    await createDocumentPassphrase({ settings: a, params: fast }).set(PASSPHRASE);
    await createDocumentPassphrase({ settings: b, params: fast }).set(PASSPHRASE);
    const salt = (s: ReturnType<typeof memorySettings>) =>
      (s.data.get('documents.passphrase') as { salt: string }).salt;
    expect(salt(a)).not.toBe(salt(b));
  });

  it('is asked for once per session: a new session is locked until the right passphrase is entered', async () => {
    const settings = memorySettings();
    await createDocumentPassphrase({ settings, params: fast }).set(PASSPHRASE);
    const next = createDocumentPassphrase({ settings });
    expect(next.state()).toBe('locked');
    expect(await next.unlock('wrong passphrase!')).toBe(false);
    expect(next.state()).toBe('locked');
    expect(await next.unlock(PASSPHRASE)).toBe(true);
    expect(next.state()).toBe('unlocked');
    next.lock();
    expect(next.state()).toBe('locked');
  });
});

describe('document keys without a secure password store, with a passphrase', () => {
  it('are sealed under the passphrase; locked in the next session (files kept, not replaced) until it is entered', async () => {
    const settings = memorySettings();
    const cipher = weakCipher();
    const passphrase = createDocumentPassphrase({ settings, params: fast });
    await passphrase.set(PASSPHRASE);
    const keys = createDocumentKeys({ settings, cipher, passphrase });
    expect(await keys.keptAs(PRACTICE)).toBe('passphrase');
    const key = await keys.getOrCreate(PRACTICE);
    expect(settings.data.get('documents.keys')).toEqual([
      expect.objectContaining({ practiceKey: PRACTICE, kept: 'passphrase', backend: 'passphrase' }),
    ]);
    expect(text(settings)).not.toContain(key.toString('base64'));
    // Nothing went through the weak cipher.
    expect(text(settings)).not.toContain('basic_text');

    const nextPassphrase = createDocumentPassphrase({ settings });
    const next = createDocumentKeys({ settings, cipher, passphrase: nextPassphrase });
    const refusal = next.get(PRACTICE);
    await expect(refusal).rejects.toBeInstanceOf(DocumentCacheError);
    await expect(refusal).rejects.toThrow(LOCKED_TEXT);
    await expect(next.getOrCreate(PRACTICE)).rejects.toThrow(LOCKED_TEXT);
    expect(await next.keptAs(PRACTICE)).toBe('passphrase');
    expect(settings.data.get('documents.keys')).toHaveLength(1); // not forgotten while locked
    expect(next.unkeptAtRest([PRACTICE])).toEqual([]); // so its files are not deleted at start

    expect(await nextPassphrase.unlock(PASSPHRASE)).toBe(true);
    expect(await next.get(PRACTICE)).toEqual(key);
  });

  it('a key made for this session before the passphrase was set is sealed under it once it is', async () => {
    const settings = memorySettings();
    const cipher = weakCipher();
    const passphrase = createDocumentPassphrase({ settings, params: fast });
    const keys = createDocumentKeys({ settings, cipher, passphrase });
    const key = await keys.getOrCreate(PRACTICE);
    expect(await keys.keptAs(PRACTICE)).toBe('session-only');
    await passphrase.set(PASSPHRASE);
    keys.keepUnderPassphrase();
    expect(await keys.keptAs(PRACTICE)).toBe('passphrase');
    const nextPassphrase = createDocumentPassphrase({ settings });
    await nextPassphrase.unlock(PASSPHRASE);
    expect(await createDocumentKeys({ settings, cipher, passphrase: nextPassphrase }).get(PRACTICE)).toEqual(key);
  });

  it('a wrapped key opens only for its own practice', async () => {
    const settings = memorySettings();
    const passphrase = createDocumentPassphrase({ settings, params: fast });
    await passphrase.set(PASSPHRASE);
    const wrapped = passphrase.wrap(PRACTICE, Buffer.alloc(32, 1))!;
    expect(passphrase.unwrap(PRACTICE, wrapped)).toEqual(Buffer.alloc(32, 1));
    expect(passphrase.unwrap('22222222-2222-4222-8222-222222222222', wrapped)).toBeNull();
  });

  it('without a passphrase the key is for this session only, and its practice is named for deletion at the next start', async () => {
    const settings = memorySettings();
    const cipher = weakCipher();
    const keys = createDocumentKeys({ settings, cipher, passphrase: createDocumentPassphrase({ settings }) });
    await keys.getOrCreate(PRACTICE);
    expect(await keys.keptAs(PRACTICE)).toBe('session-only');
    expect(keys.unkeptAtRest([PRACTICE])).toEqual([]); // in use this session
    const next = createDocumentKeys({ settings, cipher, passphrase: createDocumentPassphrase({ settings }) });
    expect(next.unkeptAtRest([PRACTICE])).toEqual([PRACTICE]);
  });
});
