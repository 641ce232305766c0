import 'fake-indexeddb/auto';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoPractice } from '../../../src-main/demo-practice/create-demo-practice';
import { runDevicesCommand } from '../../../src-main/hub/devices/devices-command';
import { enrolmentCode } from '../../../src-main/hub/devices/devices';
import { loadHubTls, type HubTls } from '../../../src-main/hub/http/hub-tls';
import type { RunningHub } from '../../../src-main/hub/start-hub';
import { failureWords } from '../../../src-preload/contract/failure-words';
import { pinnedHubNeedsHttpsText, readEnrolmentCode } from '../../../src-main/practice-session/hub-connect';
import { practiceDb } from '../../support/practice-db';
import { connectLaptopThroughHub, connectWithCode } from '../../support/hub-enrolment';
import type { NodeApp } from '../../support/node-companion';
import { startRecordingLaptop } from '../../support/recording-laptop';
import { syncIntoDexie } from '../../support/sync-into-dexie';
import { useHubTestBed } from './hub-test-bed';

/**
 * The hub over HTTPS with a self-signed certificate: a laptop enrolled with the code that carries the
 * certificate's fingerprint syncs through it, and accepts that certificate and nothing else — another
 * certificate on the same address is refused with a sentence saying so, before a byte is sent.
 */
const bed = useHubTestBed('hub-https-');
const { dataDir, databaseUrl } = bed;
let demo: DemoPractice;
let hub: RunningHub;
let tls: HubTls;
let app: NodeApp;
const impostorDir = mkdtempSync(join(tmpdir(), 'hub-https-impostor-'));
/** Every URL the laptop's main fetched. */
const laptopRequests: string[] = [];

beforeAll(async () => {
  demo = await bed.openDemo({ port: 0 });
  demo.configure({ rateLimit: { enabled: false } });
  tls = (await loadHubTls(dataDir, '127.0.0.1', { kind: 'self-signed' }))!;
  hub = await bed.startHub({ tls, mirrorEveryMs: 3_600_000 });
  app = await startRecordingLaptop(laptopRequests);
}, 240_000);

afterAll(async () => {
  await app?.close();
  rmSync(impostorDir, { recursive: true, force: true });
});

const connect = (code: string) => connectWithCode(app, hub.hubUrl, code);

describe('the hub over HTTPS with a self-signed certificate', () => {
  it('generates its certificate once into the data folder, the key readable by its owner only', async () => {
    expect(hub.hubUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(hub.certificate).toEqual({ fingerprint: tls.fingerprint, pinned: true });
    expect(tls.fingerprint).toBe(new X509Certificate(tls.cert).fingerprint256.replace(/:/g, ''));
    expect(statSync(join(dataDir, 'tls', 'self-signed-key.pem')).mode & 0o777).toBe(0o600);
    // The next start serves the same certificate, so the codes already handed out stay valid.
    expect((await loadHubTls(dataDir, '127.0.0.1', { kind: 'self-signed' }))!.fingerprint).toBe(tls.fingerprint);
  });

  it('is not trusted without the fingerprint, nor with another one', async () => {
    const device = await hub.devices.add('Unpinned laptop');
    const unpinned = await connect(enrolmentCode(device));
    // Nothing trusts a self-signed certificate by itself: no silent fallback to accepting it.
    expect(unpinned).toMatchObject({ ok: false, message: failureWords.unreachable });
    const wrong = await connect(enrolmentCode(device, 'AB'.repeat(32)));
    expect(wrong).toMatchObject({ ok: false, message: failureWords.hubCertificateMismatch });
    // A code that pins a certificate is for an https address only.
    const plain = await connectWithCode(
      app,
      hub.hubUrl.replace('https:', 'http:'),
      enrolmentCode(device, tls.fingerprint),
    );
    expect(plain).toMatchObject({ ok: false, message: pinnedHubNeedsHttpsText });
    expect((await app.companion.practice.list()).practices).toEqual([]);
  });

  it('syncs a laptop enrolled with the code that carries the fingerprint, through HTTPS only', async () => {
    const practiceRequestsBefore = demo.runtime.requestLog.length;
    laptopRequests.length = 0;
    const connected = await connectLaptopThroughHub(app, hub, { fingerprint: tls.fingerprint });
    expect(connected.practice).toMatchObject({ through: 'hub', practiceKey: hub.practice.practiceKey.toLowerCase() });
    const practiceKey = connected.practice.practiceKey;
    // What the hub does not serve yet fails alone (as in hub-laptop.test.ts); the clients arrive.
    await syncIntoDexie(app.companion, practiceKey).catch(() => undefined);
    const db = practiceDb(practiceKey);
    const stored = (await db.entities.toArray()).map((e) => e.entityKey).sort();
    db.close();
    expect(stored.length).toBeGreaterThan(0);
    expect(stored).toEqual([...demo.runtime.practices[0]!.entities.keys()].sort());
    expect(demo.runtime.requestLog.slice(practiceRequestsBefore)).toEqual([]);
    expect(laptopRequests.length).toBeGreaterThan(0);
    expect(laptopRequests.filter((url) => !url.startsWith(`${hub.hubUrl}/`))).toEqual([]);
  }, 240_000);

  it('refuses another certificate on the same address with a sentence, and sends it nothing', async () => {
    const practiceKey = (await app.companion.practice.list()).activePracticeKey!;
    const port = Number(new URL(hub.hubUrl).port);
    await bed.stopHub();
    // Something else answers on the hub's address with a certificate of its own (also self-signed).
    const other = (await loadHubTls(impostorDir, '127.0.0.1', { kind: 'self-signed' }))!;
    expect(other.fingerprint).not.toBe(tls.fingerprint);
    const received: string[] = [];
    const impostor: Server = createServer({ cert: other.cert, key: other.key }, (request, response) => {
      received.push(String(request.url));
      response.writeHead(200, { 'content-type': 'application/json' }).end('[]');
    });
    await new Promise<void>((resolve) => impostor.listen(port, '127.0.0.1', resolve));
    try {
      expect((impostor.address() as AddressInfo).port).toBe(port);
      await expect(syncIntoDexie(app.companion, practiceKey)).rejects.toThrow(failureWords.hubCertificateMismatch);
      expect(received).toEqual([]);
    } finally {
      impostor.closeAllConnections();
      await new Promise((resolve) => impostor.close(resolve));
    }
  }, 120_000);

  it('prints the fingerprint with a new device, whose code pins it (devices add, the hub stopped)', async () => {
    const out: string[] = [];
    expect(
      await runDevicesCommand(['add', 'Back office laptop'], { dataDir, databaseUrl: databaseUrl() }, (line) =>
        out.push(line),
      ),
    ).toBe(0);
    const added = JSON.parse(out[0]!) as { id: string; enrolmentCode: string; fingerprint: string };
    expect(added.fingerprint).toBe(tls.fingerprint);
    expect(readEnrolmentCode(added.enrolmentCode)).toMatchObject({ id: added.id, fingerprint: tls.fingerprint });
  }, 60_000);
});
