import { describe, expect, it } from 'vitest';
import { enrolmentCode } from '../../../src-main/hub/devices/devices';
import { createSessionCipher } from '../../../src-main/cipher/session-cipher';
import type { Cipher } from '../../../src-main/cipher/cipher';
import type { PartnerApiClient } from '../../../src-main/partner-api/partner-api-client';
import { cursorHomeOf } from '../../../src-main/practice-session/connection-moves';
import { createPracticeRegistry } from '../../../src-main/practice-session/practice-registry';
import type { ClientFactory } from '../../../src-main/practice-session/targets';
import { createCredentialVault } from '../../../src-main/vault/credential-vault';
import { memorySettings } from '../../support/memory-settings';

const practiceKey = '11111111-1111-4111-8111-111111111111';
const otherPracticeKey = '22222222-2222-4222-8222-222222222222';
const hubUrl = 'https://127.0.0.1:4020';
const otherHubUrl = 'https://127.0.0.1:4021';
const apiUrl = 'https://api.example.com/anz';
const device = { id: '0b0c3f5e-8d1a-4c3b-9a55-2f7f0c2e9d11', token: 'q'.repeat(43) };
const newDevice = { id: '7d6a0c1e-2b4f-4e5a-9c3d-8e7f6a5b4c3d', token: 'r'.repeat(43) };
const cipher: Cipher = { ...createSessionCipher(), backend: () => 'keychain', isSecure: async () => true };

/** The hub serves the practice read-only; the Partner API lets the Client ID write; `claims` may lie about the key. */
function registryOn(
  settings = memorySettings(),
  claims: Record<string, string> = {},
  managed?: { hubUrl?: string; directConnections?: boolean },
) {
  const client: ClientFactory = (baseUrl) =>
    ({
      request: async () => ({
        data: {
          practiceKey: claims[baseUrl] ?? practiceKey,
          practiceName: 'Harbourside',
          region: 'ANZ',
          canWrite: baseUrl === apiUrl,
        },
      }),
    }) as unknown as PartnerApiClient;
  const moves: string[] = [];
  const registry = createPracticeRegistry({
    vault: createCredentialVault({ settings, cipher }),
    regionHosts: { ANZ: apiUrl, UK: 'https://uk.example.com', ZA: 'https://za.example.com' },
    builtInRegionHosts: { ANZ: apiUrl, UK: 'https://uk.example.com', ZA: 'https://za.example.com' },
    startDemo: async () => {
      throw new Error('no demo here');
    },
    forgetBudget: () => undefined,
    wipeDocuments: async () => {
      throw new Error('a move must never delete the documents');
    },
    client,
    leavingActive: () => moves.push('left'),
    movingActive: () => moves.push('moved'),
    ...(managed ? { managed } : {}),
  });
  return { registry, moves, settings };
}

const direct = {
  region: 'ANZ' as const,
  clientId: 'direct-client',
  secret: 'direct-secret',
  remember: true,
  acceptWeakStorage: false,
};
const throughHub = (code = enrolmentCode(device), url = hubUrl) => ({
  hubUrl: url,
  enrolmentCode: code,
  remember: true,
  acceptWeakStorage: false,
});

describe('moving a practice between direct and the hub, without signing out', () => {
  it('goes direct → hub → direct, keeping the practice, and says which source old cursors are about', async () => {
    const { registry, moves, settings } = registryOn();
    expect(await registry.connect(direct)).toMatchObject({ ok: true, practice: { through: 'partner-api' } });
    expect(cursorHomeOf(registry.practiceOf(practiceKey)!)).toBe('direct');

    const toHub = await registry.connectThroughHub(throughHub());
    expect(toHub).toMatchObject({
      ok: true,
      practice: { through: 'hub', canWrite: true, sendsWith: { clientId: 'direct-client' } },
    });
    // Cursors stored while direct carry no source: they stay about the Partner API.
    expect(registry.practiceOf(practiceKey)).toMatchObject({ through: 'hub', unstampedCursorsFrom: 'direct' });
    expect(cursorHomeOf(registry.practiceOf(practiceKey)!)).toBe('direct');

    const back = await registry.connect(direct);
    expect(back).toMatchObject({ ok: true, practice: { through: 'partner-api', canWrite: true } });
    expect(back.ok && back.notice).toContain('read directly from the Partner API');
    // The credentials kept beside the hub went; the first move's record stays the truth about old cursors.
    expect(settings.get('vault.ownCredentials')).toEqual([]);
    expect(registry.practiceOf(practiceKey)).toMatchObject({ through: 'partner-api', unstampedCursorsFrom: 'direct' });
    expect((await registry.list()).practices).toHaveLength(1);
    expect(moves).toEqual(['moved', 'moved']);

    // Restarted: the record says the same.
    const restarted = registryOn(settings).registry;
    await restarted.restore();
    expect(restarted.practiceOf(practiceKey)).toMatchObject({ through: 'partner-api', unstampedCursorsFrom: 'direct' });
  });

  it('takes a new enrolment code (a revoked laptop) or a new hub address without signing out', async () => {
    const { registry } = registryOn();
    await registry.connectThroughHub(throughHub());
    expect(registry.practiceOf(practiceKey)).not.toHaveProperty('unstampedCursorsFrom');

    const again = await registry.connectThroughHub(throughHub(enrolmentCode(newDevice), otherHubUrl));
    expect(again).toMatchObject({ ok: true, practice: { through: 'hub' } });
    expect(registry.practiceOf(practiceKey)).toMatchObject({
      clientId: newDevice.id,
      baseUrl: otherHubUrl,
      unstampedCursorsFrom: 'hub',
    });
  });

  it('still refuses a server that says it is another practice, and another server for a practice on a fresh connect', async () => {
    const { registry } = registryOn(memorySettings(), { [otherHubUrl]: otherPracticeKey });
    await registry.connect(direct);
    // The other hub names another practice: that is a second practice, not a move of this one.
    const other = await registry.connectThroughHub(throughHub(enrolmentCode(newDevice), otherHubUrl));
    expect(other).toMatchObject({ ok: true, practice: { practiceKey: otherPracticeKey, through: 'hub' } });
    expect(registry.practiceOf(practiceKey)).toMatchObject({ through: 'partner-api' });
    expect(registry.practiceOf(practiceKey)).not.toHaveProperty('unstampedCursorsFrom');
    // Direct again with another Client ID is not a move: the binding rule refuses it as before.
    const elsewhere = await registry.connect({ ...direct, clientId: 'someone-else' });
    expect(elsewhere).toMatchObject({ ok: false });
    expect(!elsewhere.ok && elsewhere.message).toContain('Sign out of that practice first');
  });

  it('removes the own credentials of a hub practice, which then reads only', async () => {
    const { registry, settings } = registryOn();
    await registry.connectThroughHub({
      ...throughHub(),
      own: { region: 'ANZ', clientId: 'own-client', secret: 'own-secret' },
    });
    expect(registry.ownOf(practiceKey)).toBeDefined();
    const removed = await registry.removeOwnCredentials(practiceKey);
    expect(removed).toMatchObject({ ok: true, practice: { through: 'hub', canWrite: false } });
    expect(removed.ok && removed.practice).not.toHaveProperty('sendsWith');
    expect(registry.ownOf(practiceKey)).toBeUndefined();
    expect(settings.get('vault.ownCredentials')).toEqual([]);

    await registry.connect(direct);
    expect(await registry.removeOwnCredentials(practiceKey)).toMatchObject({ ok: false });
  });

  it("obeys the administrator's policy: only through the hub, and only the hub it names", async () => {
    const { registry } = registryOn(memorySettings(), {}, { hubUrl, directConnections: false });
    expect(await registry.connect(direct)).toEqual({
      ok: false,
      message:
        'Your administrator has set this laptop to connect through the practice hub only: connect with the hub’s address and an enrolment code.',
    });
    expect(await registry.connectThroughHub(throughHub(enrolmentCode(device), otherHubUrl))).toEqual({
      ok: false,
      message: `Your administrator has set the practice hub to ${hubUrl}: this laptop connects to no other hub.`,
    });
    expect(await registry.connectThroughHub(throughHub(enrolmentCode(device), `${hubUrl}/`))).toMatchObject({
      ok: true,
      practice: { through: 'hub' },
    });
    // And no way back to a direct connection.
    expect(await registry.connect(direct)).toMatchObject({ ok: false });
    expect(registry.practiceOf(practiceKey)).toMatchObject({ through: 'hub' });
  });
});
