import 'fake-indexeddb/auto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hubHintSchema } from '../../../src-preload/contract/hub-hint';
import { createDemoPractice, type DemoPractice } from '../../../src-main/demo-practice/create-demo-practice';
import { enrolmentCode } from '../../../src-main/hub/devices/devices';
import { startHub, type RunningHub } from '../../../src-main/hub/start-hub';
import { enqueue } from '../../../src-renderer/outbox/outbox-db';
import { createOutboxReplayer } from '../../../src-renderer/outbox/outbox-replayer';
import { deletePracticeDb } from '../../../src-renderer/data/practice-db';
import { practiceDb } from '../../support/practice-db';
import { startNodeApp, unlimitedBudget, type NodeApp } from '../../support/node-companion';
import { useHubLogWatch } from '../../support/hub-log-watch';

/**
 * A laptop reading its practice through the hub and sending its changes with its own Partner API
 * credentials: a queued contact reaches the practice exactly once, directly, and the hub is told which
 * list changed (a hint). Until the hub's endpoint lands the hint is asserted as the laptop sent it.
 */
let demo: DemoPractice;
let hub: RunningHub;
// Every line the file's hubs log, checked after the file (before this, so it runs after they closed).
const logs = useHubLogWatch();
const dataDir = mkdtempSync(join(tmpdir(), 'hub-writes-'));
const apps: NodeApp[] = [];
/** What each laptop POSTed to the hub's hint path: headers and body. */
const hints: { deviceId: string | null; token: string | null; body: unknown }[] = [];

async function laptop(): Promise<NodeApp> {
  const app = await startNodeApp({
    deps: { budgetLimits: unlimitedBudget },
    wrapFetch: (fetch) => async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url === `${hub.hubUrl}/hub/v1/hints`) {
        const headers = new Headers(init?.headers);
        hints.push({
          deviceId: headers.get('X-Svc-Auth-ID'),
          token: headers.get('X-Svc-Auth-Key'),
          body: JSON.parse(String(init?.body)),
        });
      }
      return fetch(input, init);
    },
  });
  apps.push(app);
  return app;
}

beforeAll(async () => {
  demo = await createDemoPractice({ port: 0 });
  logs.knowDemo(demo);
  demo.configure({ rateLimit: { enabled: false } });
  const practice = demo.practices[0]!;
  hub = await startHub({
    log: logs.log,
    dataDir,
    partnerApi: { baseUrl: practice.baseUrl, ...practice.readWrite },
    mirrorEveryMs: 3_600_000,
  });
  logs.track(hub);
}, 240_000);

afterAll(async () => {
  for (const app of apps) await app.close();
  await hub?.close();
  await demo?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const own = (index = 0) => ({
  region: 'custom' as const,
  customUrl: demo.practices[index]!.baseUrl,
  clientId: demo.practices[index]!.readWrite.clientId,
  secret: demo.practices[index]!.readWrite.secret,
  confirmAddress: true,
});

describe('a laptop through the hub with its own credentials', () => {
  it('refuses own credentials of another practice than the hub serves, and connects nothing', async () => {
    const app = await laptop();
    const device = await hub.devices.add('Mixed-up laptop');
    const result = await app.companion.practice.connectHub({
      hubUrl: hub.hubUrl,
      enrolmentCode: enrolmentCode(device),
      remember: false,
      acceptWeakStorage: false,
      own: own(1),
    });
    expect(result).toMatchObject({ ok: false, message: expect.stringContaining('but the practice hub serves') });
    expect((await app.companion.practice.list()).practices).toEqual([]);
  });

  it('sends a queued contact to the practice exactly once, and tells the hub which list changed', async () => {
    const app = await laptop();
    const device = await hub.devices.add('Partner laptop');
    const connected = await app.companion.practice.connectHub({
      hubUrl: hub.hubUrl,
      enrolmentCode: enrolmentCode(device),
      remember: false,
      acceptWeakStorage: false,
      own: own(),
    });
    if (!connected.ok) throw new Error(connected.message);
    const ownClientId = demo.practices[0]!.readWrite.clientId;
    expect(connected.practice).toMatchObject({ through: 'hub', canWrite: true, sendsWith: { clientId: ownClientId } });
    expect(JSON.stringify(await app.companion.practice.list())).not.toContain(demo.practices[0]!.readWrite.secret);

    const practiceKey = connected.practice.practiceKey;
    const client = [...demo.runtime.practices[0]!.entities.values()].find((e) => !e.entityTerminated)!;
    const db = practiceDb(practiceKey);
    await enqueue(db, {
      id: crypto.randomUUID(),
      operation: 'contact.create',
      payload: {
        params: { entityKey: client.entityKey },
        body: { contactName: 'Hub', contactSurname: 'Writer', email: 'hub.writer@example.com' },
      },
      summary: 'Add contact Hub Writer',
      entityKey: client.entityKey,
      dependsOn: [],
    });
    const logBefore = demo.runtime.requestLog.length;
    const report = await createOutboxReplayer({
      db,
      practiceKey,
      companion: app.companion,
      canSend: () => true,
      onUnauthorized: () => undefined,
    }).drain();
    expect(report.delivered).toBe(1);

    // At the practice, once, with the laptop's own Client ID (the hub's device token never writes).
    const posts = demo.runtime.requestLog
      .slice(logBefore)
      .filter((r) => r.method === 'POST' && r.url.includes(`/entities/${client.entityKey}/contacts`));
    expect(posts.map((r) => [r.clientId, r.status])).toEqual([[ownClientId, 201]]);
    const stored = [...demo.runtime.practices[0]!.contacts.values()].filter(
      (c) => c.email === 'hub.writer@example.com',
    );
    expect(stored).toHaveLength(1);

    // The hint: the synced list the operation changes and the client, with the device's headers.
    await expect.poll(() => hints.length).toBe(1);
    expect(hints[0]).toEqual({
      deviceId: device.id,
      token: device.token,
      body: { resources: ['contacts'], clientKeys: [client.entityKey.toLowerCase()] },
    });
    expect(hubHintSchema.safeParse(hints[0]!.body).success).toBe(true);
    db.close();
    await deletePracticeDb(practiceKey);
  }, 120_000);

  it('keeps the credentials of a direct connection for sending when the laptop moves to the hub, and says so', async () => {
    const app = await laptop();
    const direct = await app.companion.practice.connect({ ...own(), remember: false, acceptWeakStorage: false });
    if (!direct.ok) throw new Error(direct.message);
    const device = await hub.devices.add('Moving laptop');
    const moved = await app.companion.practice.connectHub({
      hubUrl: hub.hubUrl,
      enrolmentCode: enrolmentCode(device),
      remember: false,
      acceptWeakStorage: false,
    });
    if (!moved.ok) throw new Error(moved.message);
    expect(moved.practice).toMatchObject({
      practiceKey: direct.practice.practiceKey,
      through: 'hub',
      canWrite: true,
      sendsWith: { clientId: demo.practices[0]!.readWrite.clientId },
    });
    expect(moved.notice).toContain('keeps sending your changes to the Partner API with those credentials');
    expect((await app.companion.practice.list()).practices).toHaveLength(1);
  });

  it('without own credentials, reads only: nowhere to send, and the summary says so', async () => {
    const app = await laptop();
    const device = await hub.devices.add('Reading laptop');
    const connected = await app.companion.practice.connectHub({
      hubUrl: hub.hubUrl,
      enrolmentCode: enrolmentCode(device),
      remember: false,
      acceptWeakStorage: false,
    });
    if (!connected.ok) throw new Error(connected.message);
    expect(connected.practice.canWrite).toBe(false);
    expect(connected.practice.sendsWith).toBeUndefined();
    const client = [...demo.runtime.practices[0]!.entities.values()][0]!;
    const outcome = await app.companion.outbox.send({
      practiceKey: connected.practice.practiceKey,
      entryId: crypto.randomUUID(),
      operation: 'contact.create',
      payload: { params: { entityKey: client.entityKey }, body: { contactName: 'No', contactSurname: 'Way' } },
    });
    expect(outcome.kind).toBe('unauthorized');
    // Added afterwards in Settings → Connection: checked, kept, and now it may write.
    const added = await app.companion.practice.addOwnCredentials({
      practiceKey: connected.practice.practiceKey,
      own: own(),
      remember: false,
      acceptWeakStorage: false,
    });
    expect(added).toMatchObject({ ok: true, practice: { canWrite: true } });
  });
});
