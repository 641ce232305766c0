import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoPractice } from '../../../src-main/demo-practice/create-demo-practice';
import { enrolmentCode } from '../../../src-main/hub/devices/devices';
import type { RunningHub } from '../../../src-main/hub/start-hub';
import { failureWords } from '../../../src-preload/contract/failure-words';
import { practiceDb } from '../../support/practice-db';
import { connectLaptopThroughHub, connectWithCode } from '../../support/hub-enrolment';
import type { NodeApp } from '../../support/node-companion';
import { startRecordingLaptop } from '../../support/recording-laptop';
import { syncIntoDexie } from '../../support/sync-into-dexie';
import { useHubTestBed } from './hub-test-bed';

/**
 * A laptop reading its practice through the practice hub: enrolled with the hub's code, it imports every
 * client from the hub, and the practice's Partner API sees no request from it.
 */
const bed = useHubTestBed('hub-laptop-');
let demo: DemoPractice;
let hub: RunningHub;
let app: NodeApp;
/** Every URL the laptop's main fetched. */
const laptopRequests: string[] = [];
/** How many requests the hub sent the practice. */
let hubRequests = 0;

beforeAll(async () => {
  demo = await bed.openDemo({ port: 0 });
  demo.configure({ rateLimit: { enabled: false } });
  // No backstop pass during the test. The hub still catches up once when the first laptop arrives: the
  // requests it sends are counted, so the practice's log can show that every request it saw was the hub's.
  hub = await bed.startHub({
    mirrorEveryMs: 3_600_000,
    fetch: (input, init) => {
      hubRequests += 1;
      return fetch(input, init);
    },
  });
  app = await startRecordingLaptop(laptopRequests);
}, 240_000);

afterAll(async () => {
  await app?.close();
});

const connect = (code: string, hubUrl = hub.hubUrl) => connectWithCode(app, hubUrl, code);

describe('a laptop connected through the practice hub', () => {
  it('refuses a hub address over plain http off this laptop, and a code that is not an enrolment code', async () => {
    const device = await hub.devices.add('Elsewhere laptop');
    const remote = await connect(enrolmentCode(device), 'http://hub.example.com:8080');
    expect(remote).toMatchObject({ ok: false, message: expect.stringContaining('http://127.0.0.1') });
    expect(await connect('not-a-code')).toMatchObject({
      ok: false,
      message: expect.stringContaining('not an enrolment code'),
    });
    const revoked = await hub.devices.add('Returned laptop');
    await hub.devices.revoke(revoked.id);
    expect(await connect(enrolmentCode(revoked))).toMatchObject({
      ok: false,
      message: expect.stringContaining('did not accept this enrolment code'),
    });
    expect((await app.companion.practice.list()).practices).toEqual([]);
  });

  it('imports every client from the hub, read-only, with no request to the Partner API', async () => {
    const practiceRequestsBefore = demo.runtime.requestLog.length;
    const hubRequestsBefore = hubRequests;
    const connected = await connectLaptopThroughHub(app, hub);
    const { device } = connected;
    // The practice the hub mirrors, bound to the hub's address; read-only, so write actions say why.
    expect(connected.practice).toMatchObject({
      practiceKey: hub.practice.practiceKey.toLowerCase(),
      name: hub.practice.practiceName,
      through: 'hub',
      canWrite: false,
      isDemo: false,
    });
    const practiceKey = connected.practice.practiceKey;
    // Every resource arrives from the hub's mirror: lists, catalogs, billing windows and reports.
    await syncIntoDexie(app.companion, practiceKey);

    const db = practiceDb(practiceKey);
    const stored = (await db.entities.toArray()).map((e) => e.entityKey).sort();
    expect(stored).toEqual([...demo.runtime.practices[0]!.entities.keys()].sort());
    expect(stored.length).toBeGreaterThan(0);
    // The billing windows hold what the practice holds in them, and the reports are the practice's.
    const runtime = demo.runtime.practices[0]!;
    const billsStored = await db.bills.count();
    const ageing = await db.reports.get('debtorAgeing');
    const window = (await db.cursors.get('bills'))?.window;
    expect(window).toBeDefined();
    const inWindow = [...runtime.bills.values()].filter(
      (b) => b.billDate >= window!.startDate && b.billDate <= window!.endDate,
    );
    expect(inWindow.length).toBeGreaterThan(0);
    expect(billsStored).toBeGreaterThanOrEqual(inWindow.length);
    expect(ageing).toBeDefined();
    // The templates a new proposal is built from, which a laptop reads when a form first asks: the hub has them.
    await syncIntoDexie(app.companion, practiceKey, 'catalogs');
    const templates = (await db.reports.get('proposalTemplates'))?.data as { items: unknown[] } | undefined;
    expect(templates?.items.length).toBe(runtime.proposalTemplates.length);
    db.close();
    // Not one request from the laptop reached the practice: its log grew only by the hub's own requests (its
    // catch-up when the laptop arrived), and main asked only the hub.
    expect(demo.runtime.requestLog.length - practiceRequestsBefore).toBe(hubRequests - hubRequestsBefore);
    expect(laptopRequests.length).toBeGreaterThan(0);
    expect(laptopRequests.filter((url) => !url.startsWith(`${hub.hubUrl}/`))).toEqual([]);
    // What the mirror does not hold is refused by name, never answered from part of the data.
    const ask = (path: string) =>
      fetch(`${hub.hubUrl}/api/v1${path}`, { headers: { 'X-Svc-Auth-ID': device.id, 'X-Svc-Auth-Key': device.token } });
    const old = await ask('/bills/list?startDate=2001-01-01&endDate=2001-12-31');
    expect(old.status).toBe(404);
    expect(((await old.json()) as { detail: string }).detail).toMatch(
      /^The hub keeps bills dated .* is not mirrored\.$/,
    );
    const otherPeriod = await ask('/debtors/movement?startDate=2001-01-01&endDate=2001-12-31');
    expect(otherPeriod.status).toBe(404);
    // The device token is kept in main: the renderer's answers never carry it.
    expect(JSON.stringify(await app.companion.practice.list())).not.toContain(device.token);
  }, 240_000);

  it('says the hub no longer accepts the laptop once its device is revoked', async () => {
    const { practices, activePracticeKey } = await app.companion.practice.list();
    const practiceKey = activePracticeKey!;
    expect(practices.find((p) => p.practiceKey === practiceKey)?.through).toBe('hub');
    const [device] = (await hub.devices.list()).filter((d) => d.name === 'Front desk laptop');
    await hub.devices.revoke(device!.id);
    await expect(syncIntoDexie(app.companion, practiceKey)).rejects.toThrow(failureWords.hubDeviceRejected);
  }, 120_000);
});
