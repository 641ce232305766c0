import { describe, expect, it } from 'vitest';
import type { Cipher } from '../../../src-main/cipher/cipher';
import { createSessionCipher } from '../../../src-main/cipher/session-cipher';
import { createDocumentKeys } from '../../../src-main/documents/document-keys';
import { memorySettings } from '../../support/memory-settings';

function fakeCipher(backend: string, secure: boolean, inner = createSessionCipher()): Cipher {
  return { backend: () => backend, isSecure: async () => secure, encrypt: inner.encrypt, decrypt: inner.decrypt };
}
const PRACTICE = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
/** Everything the settings file holds, as text, to look for the key in. */
const settingsText = (settings: ReturnType<typeof memorySettings>): string => JSON.stringify([...settings.data]);

describe('document keys', () => {
  it('under a policy that keeps no document past the session: memory only, even with a secure store, and a key kept before is dropped', async () => {
    const settings = memorySettings();
    const inner = createSessionCipher();
    const secure = fakeCipher('gnome_libsecret', true, inner);
    // Kept in the password store before the policy came.
    await createDocumentKeys({ settings, cipher: secure }).getOrCreate(OTHER);
    expect(settingsText(settings)).toContain('documents.keys');

    const keys = createDocumentKeys({ settings, cipher: secure, keepAtRest: false });
    // At start: both practices' documents go (nothing is kept at rest), and the key kept before is forgotten.
    expect(keys.unkeptAtRest([PRACTICE, OTHER]).sort()).toEqual([PRACTICE, OTHER]);
    expect(settingsText(settings)).not.toContain('documents.keys');
    expect(await keys.keptAs(PRACTICE)).toBe('session-only');
    const key = await keys.getOrCreate(PRACTICE);
    expect(key).toHaveLength(32);
    expect(settingsText(settings)).not.toContain('documents.keys');
    expect(await keys.get(OTHER)).toBeNull();
    // The next start has no key for this session's documents: they are deleted.
    const restarted = createDocumentKeys({ settings, cipher: secure, keepAtRest: false });
    expect(restarted.unkeptAtRest([PRACTICE])).toEqual([PRACTICE]);
  });

  it('with a secure cipher: one random 32-byte key per practice, stored only encrypted, read back after a restart', async () => {
    const settings = memorySettings();
    const inner = createSessionCipher();
    const keys = createDocumentKeys({
      settings,
      cipher: fakeCipher('gnome_libsecret', true, inner),
    });
    expect(await keys.get(PRACTICE)).toBeNull(); // none until the first stored document
    expect(await keys.keptAs(PRACTICE)).toBe('keychain');
    const key = await keys.getOrCreate(PRACTICE);
    expect(key).toHaveLength(32);
    expect(await keys.getOrCreate(PRACTICE)).toEqual(key);
    expect(await keys.getOrCreate(OTHER)).not.toEqual(key);
    expect(settingsText(settings)).toContain('documents.keys');
    expect(settingsText(settings)).not.toContain(key.toString('base64'));
    expect(settingsText(settings)).not.toContain(key.toString('hex'));

    const restarted = createDocumentKeys({
      settings,
      cipher: fakeCipher('gnome_libsecret', true, inner),
    });
    expect(await restarted.get(PRACTICE)).toEqual(key);
    expect(await restarted.keptAs(PRACTICE)).toBe('keychain');
  });

  it('without a secure cipher and without the opt-in: the key lives in memory only and is gone after a restart', async () => {
    const settings = memorySettings();
    const weak = fakeCipher('basic_text', false);
    const keys = createDocumentKeys({ settings, cipher: weak });
    const key = await keys.getOrCreate(PRACTICE);
    expect(await keys.get(PRACTICE)).toEqual(key);
    expect(await keys.keptAs(PRACTICE)).toBe('session-only');
    expect(settings.data.has('documents.keys')).toBe(false);

    const restarted = createDocumentKeys({ settings, cipher: weak });
    expect(await restarted.get(PRACTICE)).toBeNull();
    const fresh = await restarted.getOrCreate(PRACTICE);
    expect(fresh).not.toEqual(key);
  });

  it('without a secure cipher, never in the weak store: a key kept there by an older version is not read but dropped', async () => {
    const settings = memorySettings();
    const inner = createSessionCipher();
    const weak = fakeCipher('basic_text', false, inner);
    // What an older version stored for a practice whose secret the user kept in weak storage.
    const oldKey = Buffer.alloc(32, 7);
    const cipherText = Buffer.from(await inner.encrypt(oldKey.toString('base64'))).toString('base64');
    settings.set('documents.keys', [{ practiceKey: PRACTICE, kept: 'weak-opt-in', cipherText, backend: 'basic_text' }]);

    const keys = createDocumentKeys({ settings, cipher: weak });
    expect(await keys.get(PRACTICE)).toBeNull();
    const key = await keys.getOrCreate(PRACTICE);
    expect(key).not.toEqual(oldKey);
    expect(await keys.keptAs(PRACTICE)).toBe('session-only');
    keys.retainOnly([PRACTICE]); // what every start does
    expect(settings.data.get('documents.keys')).toBeUndefined();
    expect(settingsText(settings)).not.toContain('basic_text');
  });

  it('a stored key that cannot be read back (another password store, damaged) is missing and dropped from the settings', async () => {
    const settings = memorySettings();
    const inner = createSessionCipher();
    await createDocumentKeys({
      settings,
      cipher: fakeCipher('kwallet5', true, inner),
    }).getOrCreate(PRACTICE);
    const changed = createDocumentKeys({
      settings,
      cipher: fakeCipher('gnome_libsecret', true, inner),
    });
    expect(await changed.get(PRACTICE)).toBeNull();
    expect(settings.data.has('documents.keys')).toBe(false);

    await createDocumentKeys({
      settings,
      cipher: fakeCipher('kwallet5', true, inner),
    }).getOrCreate(PRACTICE);
    const otherSession = createDocumentKeys({ settings, cipher: fakeCipher('kwallet5', true) }); // another inner key
    expect(await otherSession.get(PRACTICE)).toBeNull();
  });

  it('forgetting a practice (sign-out) removes its key from memory and the settings, and leaves the others', async () => {
    const settings = memorySettings();
    const inner = createSessionCipher();
    const keys = createDocumentKeys({
      settings,
      cipher: fakeCipher('gnome_libsecret', true, inner),
    });
    await keys.getOrCreate(PRACTICE);
    const other = await keys.getOrCreate(OTHER);
    keys.forget(PRACTICE.toUpperCase());
    expect(await keys.get(PRACTICE)).toBeNull();
    expect(settings.data.get('documents.keys')).toEqual([expect.objectContaining({ practiceKey: OTHER })]);
    const restarted = createDocumentKeys({
      settings,
      cipher: fakeCipher('gnome_libsecret', true, inner),
    });
    expect(await restarted.get(PRACTICE)).toBeNull();
    expect(await restarted.get(OTHER)).toEqual(other);
  });

  it('at start, keys of practices no longer known are forgotten (memory and settings); known ones stay', async () => {
    const settings = memorySettings();
    const inner = createSessionCipher();
    const keys = createDocumentKeys({
      settings,
      cipher: fakeCipher('gnome_libsecret', true, inner),
    });
    const kept = await keys.getOrCreate(PRACTICE);
    await keys.getOrCreate(OTHER);
    keys.retainOnly([PRACTICE.toUpperCase()]);
    expect(await keys.get(OTHER)).toBeNull();
    expect(settingsText(settings)).not.toContain(OTHER);
    const restarted = createDocumentKeys({
      settings,
      cipher: fakeCipher('gnome_libsecret', true, inner),
    });
    expect(await restarted.get(PRACTICE)).toEqual(kept);
    expect(await restarted.get(OTHER)).toBeNull();
  });

  it('callers at the same moment share one read of the stored key and one new key (none is overwritten)', async () => {
    const settings = memorySettings();
    const inner = createSessionCipher();
    const stored = await createDocumentKeys({
      settings,
      cipher: fakeCipher('gnome_libsecret', true, inner),
    }).getOrCreate(PRACTICE);
    const before = settingsText(settings);
    // A slow password store: every decrypt takes a while.
    const slow: Cipher = {
      ...fakeCipher('gnome_libsecret', true, inner),
      decrypt: async (bytes) => (await new Promise((r) => setTimeout(r, 20)), inner.decrypt(bytes)),
    };
    const restarted = createDocumentKeys({ settings, cipher: slow });
    const [a, b, c] = await Promise.all([
      restarted.get(PRACTICE),
      restarted.getOrCreate(PRACTICE),
      restarted.getOrCreate(PRACTICE),
    ]);
    expect([a, b, c]).toEqual([stored, stored, stored]);
    expect(settingsText(settings)).toBe(before);
    const fresh = createDocumentKeys({ settings, cipher: slow });
    const [x, y] = await Promise.all([fresh.getOrCreate(OTHER), fresh.getOrCreate(OTHER)]);
    expect(x).toEqual(y);
  });
});
