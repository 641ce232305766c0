import { describe, expect, it } from 'vitest';
import type { Cipher } from '../../../src-main/cipher/cipher';
import { createSessionCipher } from '../../../src-main/cipher/session-cipher';
import { createCredentialVault } from '../../../src-main/vault/credential-vault';
import { memorySettings } from '../../support/memory-settings';

function fakeCipher(backend: string, secure: boolean, inner = createSessionCipher()): Cipher {
  return { backend: () => backend, isSecure: async () => secure, encrypt: inner.encrypt, decrypt: inner.decrypt };
}
const practice = {
  practiceKey: '11111111-1111-4111-8111-111111111111',
  name: 'Harbourside',
  region: 'ANZ' as const,
  baseUrl: 'http://127.0.0.1:4010/anz',
  clientId: 'id',
  canWrite: true,
  isDemo: false,
};

describe('credential vault', () => {
  it('stores only ciphertext at rest and restores the secret after a restart with the same keychain', async () => {
    const settings = memorySettings();
    const inner = createSessionCipher();
    const vault = createCredentialVault({ settings, cipher: fakeCipher('gnome_libsecret', true, inner) });
    expect(await vault.save(practice, 'sk_topsecret', { remember: true, acceptWeakStorage: false })).toBe('keychain');
    expect(JSON.stringify([...settings.data])).not.toContain('sk_topsecret');
    const restarted = createCredentialVault({ settings, cipher: fakeCipher('gnome_libsecret', true, inner) });
    expect(await restarted.load()).toEqual([expect.objectContaining({ problem: null })]);
    expect(restarted.secretOf(practice.practiceKey)).toBe('sk_topsecret');
  });

  it('keeps the secret for this session only when storage is not secure, unless the user opts in', async () => {
    const settings = memorySettings();
    const weak = fakeCipher('basic_text', false);
    const vault = createCredentialVault({ settings, cipher: weak });
    expect(await vault.save(practice, 'sk_1', { remember: true, acceptWeakStorage: false })).toBe('session-only');
    expect(vault.secretOf(practice.practiceKey)).toBe('sk_1');
    const restarted = createCredentialVault({ settings, cipher: weak });
    expect((await restarted.load())[0]!.problem).toBe('session-ended');
    expect(await vault.save(practice, 'sk_2', { remember: true, acceptWeakStorage: true })).toBe('weak-opt-in');
  });

  it('detects a changed password-store backend instead of failing silently', async () => {
    const settings = memorySettings();
    await createCredentialVault({ settings, cipher: fakeCipher('kwallet5', true) }).save(practice, 'sk', {
      remember: true,
      acceptWeakStorage: false,
    });
    const later = createCredentialVault({ settings, cipher: fakeCipher('gnome_libsecret', true) });
    expect((await later.load())[0]!.problem).toBe('backend-changed');
    expect(later.secretOf(practice.practiceKey)).toBeUndefined();
  });

  it('reports an undecryptable secret, ignores edited garbage, and removes a practice completely', async () => {
    const settings = memorySettings();
    await createCredentialVault({ settings, cipher: fakeCipher('keychain', true) }).save(practice, 'sk', {
      remember: true,
      acceptWeakStorage: false,
    });
    const other = createCredentialVault({ settings, cipher: fakeCipher('keychain', true) });
    expect((await other.load())[0]!.problem).toBe('unreadable');
    other.remove(practice.practiceKey);
    expect(await other.load()).toEqual([]);
    settings.set('vault.practices', [{ practiceKey: 'nope' }]);
    expect(await other.load()).toEqual([]);
  });
});
