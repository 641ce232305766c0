import { describe, expect, it } from 'vitest';
import { createSessionCipher } from '../../../src-main/cipher/session-cipher';
import { createCredentialVault } from '../../../src-main/vault/credential-vault';
import { memorySettings } from '../../support/memory-settings';

const KEY = '11111111-1111-4111-8111-111111111111';
const practice = {
  practiceKey: KEY,
  name: 'Harbourside',
  region: 'ANZ' as const,
  baseUrl: 'https://anz.example.com',
  clientId: 'id',
  canWrite: true,
  isDemo: false,
};
const records = (settings: ReturnType<typeof memorySettings>) =>
  settings.get('vault.practices') as Record<string, unknown>[];

async function savedThenDamaged(change: (record: Record<string, unknown>) => void) {
  const settings = memorySettings();
  const cipher = createSessionCipher();
  await createCredentialVault({ settings, cipher }).save(practice, 'sk', { remember: true, acceptWeakStorage: false });
  const [record] = records(settings);
  change(record!);
  settings.set('vault.practices', [record]);
  return { settings, vault: createCredentialVault({ settings, cipher }) };
}

describe('credential vault: a damaged record keeps its practice bound and locked', () => {
  it('is listed as damaged, keeps its binding, and releases no secret', async () => {
    const { vault } = await savedThenDamaged((r) => (r.name = 7));
    const [entry] = await vault.load();
    expect(entry).toMatchObject({ problem: 'damaged', practice: { practiceKey: KEY, canWrite: false } });
    expect(vault.bindingOf(KEY)).toEqual({ baseUrl: practice.baseUrl, clientId: 'id', isDemo: false });
    expect(vault.secretOf(KEY)).toBeUndefined();
    expect(vault.unreadableRecords()).toBe(0); // it says which practice it is
  });

  it('a practice key and address that no longer parse are read from the sealed record', async () => {
    const { vault } = await savedThenDamaged((r) => {
      r.practiceKey = 'not-a-key';
      r.baseUrl = 'https://edited.example.net'.repeat(200);
    });
    expect(await vault.load()).toEqual([expect.objectContaining({ problem: 'damaged' })]);
    expect(vault.bindingOf(KEY)).toEqual({ baseUrl: practice.baseUrl, clientId: 'id', isDemo: false });
  });

  it('a demo flag does not give a damaged record the demo exception', async () => {
    const { vault } = await savedThenDamaged((r) => {
      r.isDemo = true;
      r.region = 'Atlantis';
    });
    expect(vault.bindingOf(KEY)?.isDemo).toBe(false);
  });

  it('a save for its key repairs it (replaced, not kept beside); a removal deletes it', async () => {
    const { settings, vault } = await savedThenDamaged((r) => (r.region = 'Atlantis'));
    await vault.save(practice, 'sk2', { remember: true, acceptWeakStorage: false });
    expect(records(settings)).toEqual([expect.objectContaining({ practiceKey: KEY, region: 'ANZ' })]);
    expect(vault.secretOf(KEY)).toBe('sk2');

    const damaged = await savedThenDamaged((r) => (r.region = 'Atlantis'));
    damaged.vault.remove(KEY);
    expect(records(damaged.settings)).toEqual([]);
    expect(damaged.vault.bindingOf(KEY)).toBeNull();
  });
});
