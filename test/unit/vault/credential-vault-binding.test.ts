import { describe, expect, it } from 'vitest';
import { createSessionCipher } from '../../../src-main/cipher/session-cipher';
import { createCredentialVault } from '../../../src-main/vault/credential-vault';
import { memorySettings } from '../../support/memory-settings';

const practice = {
  practiceKey: '11111111-1111-4111-8111-111111111111',
  name: 'Harbourside',
  region: 'ANZ' as const,
  baseUrl: 'https://anz.example.com',
  clientId: 'id',
  canWrite: true,
  isDemo: false,
};
type Stored = Record<string, unknown> & { cipherText: string | null };
const records = (settings: ReturnType<typeof memorySettings>) => settings.get('vault.practices') as Stored[];

describe('credential vault: the secret is sealed with where it may be sent', () => {
  it('the ciphertext holds the secret, address, Client ID and practice key', async () => {
    const settings = memorySettings();
    const cipher = createSessionCipher();
    await createCredentialVault({ settings, cipher }).save(practice, 'sk_top', {
      remember: true,
      acceptWeakStorage: false,
    });
    const sealed = JSON.parse(
      await cipher.decrypt(Buffer.from(records(settings)[0]!.cipherText!, 'base64')),
    ) as unknown;
    expect(sealed).toEqual({
      secret: 'sk_top',
      baseUrl: practice.baseUrl,
      clientId: 'id',
      practiceKey: practice.practiceKey,
    });
  });

  it.each([
    ['baseUrl', 'https://elsewhere.example.net'],
    ['clientId', 'someone-else'],
  ])('an edited %s locks the practice; the binding stays the sealed one', async (field, value) => {
    const settings = memorySettings();
    const cipher = createSessionCipher();
    await createCredentialVault({ settings, cipher }).save(practice, 'sk', {
      remember: true,
      acceptWeakStorage: false,
    });
    settings.set(
      'vault.practices',
      records(settings).map((r) => ({ ...r, [field]: value })),
    );
    const restarted = createCredentialVault({ settings, cipher });
    expect((await restarted.load())[0]!.problem).toBe('tampered');
    expect(restarted.secretOf(practice.practiceKey)).toBeUndefined();
    expect(restarted.bindingOf(practice.practiceKey)).toEqual({
      baseUrl: practice.baseUrl,
      clientId: 'id',
      isDemo: false,
    });
  });

  it("another practice's ciphertext copied into a record is not accepted", async () => {
    const settings = memorySettings();
    const cipher = createSessionCipher();
    const vault = createCredentialVault({ settings, cipher });
    await vault.save(practice, 'sk-1', { remember: true, acceptWeakStorage: false });
    const second = {
      ...practice,
      practiceKey: '22222222-2222-4222-8222-222222222222',
      baseUrl: 'https://b.example.com',
    };
    await vault.save(second, 'sk-2', { remember: true, acceptWeakStorage: false });
    const [one, two] = records(settings);
    settings.set('vault.practices', [
      one,
      { ...two, baseUrl: practice.baseUrl, clientId: 'id', cipherText: one!.cipherText },
    ]);
    const restarted = createCredentialVault({ settings, cipher });
    expect((await restarted.load()).map((e) => e.problem)).toEqual([null, 'tampered']);
    expect(restarted.secretOf(second.practiceKey)).toBeUndefined();
  });

  it('a bare secret from an older build cannot be proven, so it is locked', async () => {
    const settings = memorySettings();
    const cipher = createSessionCipher();
    const cipherText = Buffer.from(await cipher.encrypt('sk_old')).toString('base64');
    settings.set('vault.practices', [{ ...practice, storage: 'keychain', cipherText, backend: cipher.backend() }]);
    const vault = createCredentialVault({ settings, cipher });
    expect((await vault.load())[0]!.problem).toBe('unsealed');
    expect(vault.secretOf(practice.practiceKey)).toBeUndefined();
  });
});
