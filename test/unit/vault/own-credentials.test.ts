import { describe, expect, it } from 'vitest';
import type { Cipher } from '../../../src-main/cipher/cipher';
import { createSessionCipher } from '../../../src-main/cipher/session-cipher';
import { createCredentialVault } from '../../../src-main/vault/credential-vault';
import { memorySettings } from '../../support/memory-settings';

const inner = createSessionCipher();
const cipher: Cipher = { ...inner, backend: () => 'keychain', isSecure: async () => true };
const practiceKey = '11111111-1111-4111-8111-111111111111';
const hubPractice = {
  practiceKey,
  name: 'Harbourside',
  region: 'ANZ' as const,
  baseUrl: 'http://127.0.0.1:4020',
  clientId: '22222222-2222-4222-8222-222222222222',
  canWrite: false,
  isDemo: false,
  through: 'hub' as const,
};
const own = {
  practiceKey,
  region: 'ANZ' as const,
  baseUrl: 'https://api.example.com/anz',
  clientId: 'own-client',
  canWrite: true,
};
const remember = { remember: true, acceptWeakStorage: false };

async function saved() {
  const settings = memorySettings();
  const vault = createCredentialVault({ settings, cipher });
  await vault.save(hubPractice, 'device-token-xxxxxxxxxxxxxxxx', remember);
  await vault.own.save(own, 'sk_own_secret', remember);
  return settings;
}
const records = (settings: ReturnType<typeof memorySettings>) =>
  settings.get('vault.ownCredentials') as Record<string, unknown>[];

describe('own credentials beside a hub practice', () => {
  it('keeps them sealed at rest, apart from the hub token, and restores them after a restart', async () => {
    const settings = await saved();
    expect(JSON.stringify([...settings.data])).not.toContain('sk_own_secret');
    const restarted = createCredentialVault({ settings, cipher });
    await restarted.load();
    expect(await restarted.own.load()).toEqual([{ credentials: expect.objectContaining(own), problem: null }]);
    expect(restarted.own.secretOf(practiceKey)).toBe('sk_own_secret');
    expect(restarted.secretOf(practiceKey)).toBe('device-token-xxxxxxxxxxxxxxxx');
  });

  it.each([
    ['the address', { baseUrl: 'https://evil.example.com/anz' }],
    ['the Client ID', { clientId: 'someone-else' }],
    ['the practice', { practiceKey: '33333333-3333-4333-8333-333333333333' }],
  ])('releases nothing when %s was edited in the settings file', async (_, edit) => {
    const settings = await saved();
    settings.set('vault.ownCredentials', [{ ...records(settings)[0], ...edit }]);
    const restarted = createCredentialVault({ settings, cipher });
    expect((await restarted.own.load())[0]!.problem).toBe('tampered');
    expect(restarted.own.secretOf(practiceKey)).toBeUndefined();
    expect(restarted.own.secretOf('33333333-3333-4333-8333-333333333333')).toBeUndefined();
  });

  it('does not take the hub token for own credentials when its ciphertext is copied into their record', async () => {
    const settings = await saved();
    const primary = (settings.get('vault.practices') as Record<string, unknown>[])[0]!;
    settings.set('vault.ownCredentials', [
      {
        ...records(settings)[0],
        baseUrl: hubPractice.baseUrl,
        clientId: hubPractice.clientId,
        cipherText: primary['cipherText'],
      },
    ]);
    const restarted = createCredentialVault({ settings, cipher });
    expect((await restarted.own.load())[0]!.problem).toBe('unsealed');
    expect(restarted.own.secretOf(practiceKey)).toBeUndefined();
  });

  it('does not release own credentials as the practice record when their ciphertext is copied there', async () => {
    const settings = await saved();
    const primary = (settings.get('vault.practices') as Record<string, unknown>[])[0]!;
    settings.set('vault.practices', [
      { ...primary, baseUrl: own.baseUrl, clientId: own.clientId, cipherText: records(settings)[0]!['cipherText'] },
    ]);
    const restarted = createCredentialVault({ settings, cipher });
    expect((await restarted.load())[0]!.problem).toBe('unsealed');
    expect(restarted.secretOf(practiceKey)).toBeUndefined();
  });

  it('forgets them on removal and leaves an unreadable record untouched', async () => {
    const settings = await saved();
    settings.set('vault.ownCredentials', [{ junk: true }, ...records(settings)]);
    const vault = createCredentialVault({ settings, cipher });
    await vault.own.load();
    vault.own.remove(practiceKey);
    expect(vault.own.secretOf(practiceKey)).toBeUndefined();
    expect(vault.own.recordOf(practiceKey)).toBeUndefined();
    expect(records(settings)).toEqual([{ junk: true }]);
  });
});
