import { describe, expect, it } from 'vitest';
import { enrolmentCode } from '../../../src-main/hub/devices/devices';
import { createSessionCipher } from '../../../src-main/cipher/session-cipher';
import type { Cipher } from '../../../src-main/cipher/cipher';
import type { PartnerApiClient } from '../../../src-main/partner-api/partner-api-client';
import { createPracticeRegistry } from '../../../src-main/practice-session/practice-registry';
import type { ClientFactory } from '../../../src-main/practice-session/targets';
import { createCredentialVault } from '../../../src-main/vault/credential-vault';
import { memorySettings } from '../../support/memory-settings';

const practiceKey = '11111111-1111-4111-8111-111111111111';
const hubUrl = 'http://127.0.0.1:4020';
const apiUrl = 'https://api.example.com/anz';
const device = { id: '0b0c3f5e-8d1a-4c3b-9a55-2f7f0c2e9d11', token: 'q'.repeat(43) };
const cipher: Cipher = { ...createSessionCipher(), backend: () => 'keychain', isSecure: async () => true };

/** Validation answers by address: the hub serves the practice read-only, the Partner API lets the own Client ID write. */
const client: ClientFactory = (baseUrl) =>
  ({
    request: async () => ({
      data: { practiceKey, practiceName: 'Harbourside', region: 'ANZ', canWrite: baseUrl === apiUrl },
    }),
  }) as unknown as PartnerApiClient;

function registryOn(settings: ReturnType<typeof memorySettings>, forgotten: string[] = []) {
  return createPracticeRegistry({
    vault: createCredentialVault({ settings, cipher }),
    regionHosts: { ANZ: apiUrl, UK: 'https://uk.example.com', ZA: 'https://za.example.com' },
    builtInRegionHosts: { ANZ: apiUrl, UK: 'https://uk.example.com', ZA: 'https://za.example.com' },
    startDemo: async () => {
      throw new Error('no demo here');
    },
    forgetBudget: (clientId) => void forgotten.push(clientId),
    wipeDocuments: async () => undefined,
    client,
    leavingActive: () => undefined,
    movingActive: () => undefined,
  });
}

describe('own credentials of a hub practice in the registry', () => {
  it('are kept across a restart, send with their Client ID, and go with the practice on sign-out', async () => {
    const settings = memorySettings();
    const connected = await registryOn(settings).connectThroughHub({
      hubUrl,
      enrolmentCode: enrolmentCode(device),
      remember: true,
      acceptWeakStorage: false,
      own: { region: 'ANZ', clientId: 'own-client', secret: 'own-secret' },
    });
    expect(connected).toMatchObject({ ok: true, practice: { canWrite: true, sendsWith: { clientId: 'own-client' } } });

    const forgotten: string[] = [];
    const restarted = registryOn(settings, forgotten);
    await restarted.restore();
    const { practices } = await restarted.list();
    expect(practices).toEqual([
      expect.objectContaining({ through: 'hub', canWrite: true, sendsWith: { clientId: 'own-client' } }),
    ]);
    expect(restarted.ownOf(practiceKey)).toEqual({
      credentials: { practiceKey, region: 'ANZ', baseUrl: apiUrl, clientId: 'own-client', canWrite: true },
      secret: 'own-secret',
    });
    expect(JSON.stringify(practices)).not.toContain('own-secret');

    await restarted.signOut(practiceKey);
    expect(restarted.ownOf(practiceKey)).toBeUndefined();
    expect(settings.get('vault.ownCredentials')).toEqual([]);
    expect(forgotten).toContain('own-client');
  });

  it('adds them later only to a practice read through the hub', async () => {
    const settings = memorySettings();
    const registry = registryOn(settings);
    await registry.connectThroughHub({
      hubUrl,
      enrolmentCode: enrolmentCode(device),
      remember: false,
      acceptWeakStorage: false,
    });
    expect((await registry.list()).practices[0]).toMatchObject({ canWrite: false });
    expect((await registry.list()).practices[0]!.sendsWith).toBeUndefined();
    const added = await registry.addOwnCredentials({
      practiceKey,
      own: { region: 'ANZ', clientId: 'own-client', secret: 'own-secret' },
      remember: false,
      acceptWeakStorage: false,
    });
    expect(added).toMatchObject({ ok: true, practice: { canWrite: true, sendsWith: { clientId: 'own-client' } } });
  });
});
