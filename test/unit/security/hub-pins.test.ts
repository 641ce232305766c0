import { X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionCipher } from '../../../src-main/cipher/session-cipher';
import { createHubCertificateCheck, sayingRefusedHubCertificates } from '../../../src-main/electron/hub-certificates';
import { enrolmentCode } from '../../../src-main/hub/devices/devices';
import { loadHubTls, type HubTls } from '../../../src-main/hub/http/hub-tls';
import { describeApiError } from '../../../src-main/partner-api/api-errors';
import { failureWords } from '../../../src-preload/contract/failure-words';
import { classifyFetchFailure } from '../../../src-main/partner-api/network-failure';
import { readEnrolmentCode } from '../../../src-main/practice-session/hub-connect';
import { createHubPins } from '../../../src-main/security/hub-pins';
import { createCredentialVault } from '../../../src-main/vault/credential-vault';
import { memorySettings } from '../../support/memory-settings';

const device = { id: '0b0c3f5e-8d1a-4c3b-9a55-2f7f0c2e9d11', token: 'q'.repeat(43) };
const dirs: string[] = [];
let hubCert: HubTls;
let otherCert: HubTls;

beforeAll(async () => {
  const certificateIn = async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hub-pins-'));
    dirs.push(dir);
    return (await loadHubTls(dir, 'hub.example.com', { kind: 'self-signed' }))!;
  };
  [hubCert, otherCert] = [await certificateIn(), await certificateIn()];
});
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('enrolment codes of a self-signed hub', () => {
  it('carry the certificate fingerprint after the id and token; a code without one stays valid', () => {
    const fingerprint = 'ab'.repeat(32);
    expect(readEnrolmentCode(enrolmentCode(device, fingerprint))).toEqual({ ...device, fingerprint: 'AB'.repeat(32) });
    expect(readEnrolmentCode(enrolmentCode(device))).toEqual(device);
    expect(Buffer.from(enrolmentCode(device), 'base64url').toString()).toBe(`${device.id}:${device.token}`);
    // A third part that is not a SHA-256 fingerprint makes the whole code unreadable, not an unpinned one.
    expect(readEnrolmentCode(enrolmentCode(device, 'ab'.repeat(31)))).toBeNull();
  });
});

describe('hub certificate pins', () => {
  it('pin an https host and port, and nothing else', () => {
    const pins = createHubPins();
    pins.pin('https://Hub.Example.com:8443/', hubCert.fingerprint);
    expect(pins.pinFor('https://hub.example.com:8443/api/v1/entities/list')).toBe(hubCert.fingerprint);
    expect(pins.pinFor('https://hub.example.com/api/v1/entities/list')).toBeNull();
    expect(pins.pinFor('https://other.example.com:8443/')).toBeNull();
    expect(pins.pinsOfHost('HUB.example.com')).toEqual([hubCert.fingerprint]);
    expect(() => pins.pin('http://127.0.0.1:4020', hubCert.fingerprint)).toThrow();
    pins.unpin('https://hub.example.com:8443');
    expect(pins.pinFor('https://hub.example.com:8443/')).toBeNull();
  });
});

describe("Electron's hub certificate check", () => {
  function installed() {
    const pins = createHubPins();
    pins.pin('https://hub.example.com:8443', hubCert.fingerprint);
    const check = createHubCertificateCheck(pins);
    let proc: ((request: object, callback: (result: number) => void) => void) | null = null;
    check.install({ setCertificateVerifyProc: (given) => void (proc = given as typeof proc) });
    const verify = (hostname: string, cert: HubTls) =>
      new Promise<number>((resolve) =>
        proc!(
          { hostname, certificate: { data: cert.cert }, verificationResult: 'net::ERR_CERT_AUTHORITY_INVALID' },
          resolve,
        ),
      );
    return { pins, check, verify };
  }

  it('accepts exactly the pinned certificate on its host, refuses another, and leaves other hosts to Chromium', async () => {
    const { verify } = installed();
    expect(await verify('hub.example.com', hubCert)).toBe(0);
    expect(await verify('hub.example.com', otherCert)).toBe(-202);
    expect(await verify('partner.example.com', otherCert)).toBe(-3);
  });

  it("says a refused certificate as the hub's, not as an unreachable server", async () => {
    const { pins, check, verify } = installed();
    await verify('hub.example.com', otherCert);
    const chromium = new Error('net::ERR_CERT_AUTHORITY_INVALID');
    const fetch = sayingRefusedHubCertificates(() => Promise.reject(chromium), pins, check);
    const failure = await fetch('https://hub.example.com:8443/api/v1/auth/validate').catch((e: unknown) => e);
    expect(describeApiError(classifyFetchFailure(failure, false))).toBe(failureWords.hubCertificateMismatch);
    // Once the pinned certificate is shown again, a failure there is the network's again.
    await verify('hub.example.com', hubCert);
    const later = await fetch('https://hub.example.com:8443/api/v1/auth/validate').catch((e: unknown) => e);
    expect(later).toBe(chromium);
  });

  it('is set again whenever a pin changes, so Chromium drops the verdicts it cached', () => {
    const pins = createHubPins();
    const check = createHubCertificateCheck(pins);
    let installs = 0;
    check.install({ setCertificateVerifyProc: () => void installs++ });
    pins.pin('https://hub.example.com:8443', hubCert.fingerprint);
    pins.pin('https://hub.example.com:8443', hubCert.fingerprint);
    pins.pin('https://hub.example.com:8443', otherCert.fingerprint);
    pins.unpin('https://hub.example.com:8443');
    expect(installs).toBe(4);
  });

  it('fingerprints a certificate the way `fingerprint256` shows it', () => {
    expect(hubCert.fingerprint).toBe(new X509Certificate(hubCert.cert).fingerprint256.replace(/:/g, ''));
    expect(hubCert.pinned).toBe(true);
  });
});

describe('the vault and a pinned hub', () => {
  it('seals the pin with the token: an edited pin in the settings file releases nothing', async () => {
    const settings = memorySettings();
    const cipher = { ...createSessionCipher(), backend: () => 'keychain', isSecure: async () => true };
    const practice = {
      practiceKey: '11111111-1111-4111-8111-111111111111',
      name: 'Harbourside',
      region: 'ANZ' as const,
      baseUrl: 'https://hub.example.com:8443',
      clientId: device.id,
      canWrite: false,
      isDemo: false,
      through: 'hub' as const,
      hubCertificate: hubCert.fingerprint,
    };
    await createCredentialVault({ settings, cipher }).save(practice, device.token, {
      remember: true,
      acceptWeakStorage: false,
    });
    const restarted = createCredentialVault({ settings, cipher });
    expect(await restarted.load()).toEqual([
      expect.objectContaining({
        problem: null,
        practice: expect.objectContaining({ hubCertificate: hubCert.fingerprint }),
      }),
    ]);
    const [record] = settings.get('vault.practices') as Record<string, unknown>[];
    settings.set('vault.practices', [{ ...record, hubCertificate: otherCert.fingerprint }]);
    const edited = createCredentialVault({ settings, cipher });
    expect((await edited.load())[0]!.problem).toBe('tampered');
    expect(edited.secretOf(practice.practiceKey)).toBeUndefined();
  });
});
