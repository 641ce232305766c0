import 'fake-indexeddb/auto';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoPractice } from '../../../src-main/demo-practice/create-demo-practice';
import { acceptProposal } from '../../../src-main/demo-practice/routes/demo-control';
import { enrolmentCode, type DeviceCredential } from '../../../src-main/hub/devices/devices';
import { readSecrets, writeSecrets } from '../../../src-main/hub/secrets-file';
import type { RunningHub } from '../../../src-main/hub/start-hub';
import { WEBHOOK_PATH } from '../../../src-main/hub/webhooks/webhook-path';
import { signDelivery } from '../../../src-main/partner-api/webhook-signature';
import { hubLogFindings } from '../../support/hub-log-watch';
import { connectLaptopThroughHub } from '../../support/hub-enrolment';
import type { NodeApp } from '../../support/node-companion';
import { startRecordingLaptop } from '../../support/recording-laptop';
import { rawRequest } from '../../support/raw-http';
import { waitFor } from '../../support/wait-for';
import { openChangeStream } from './change-stream-reader';
import { hubTestEngine } from './hub-database';
import { askHub, sendHint } from './hub-laptop-requests';
import { useHubTestBed } from './hub-test-bed';

/**
 * The hub's log, captured through a whole working session — a laptop connecting and reading, reads through,
 * hints, the practice's webhooks (signed, replayed, forged), a revocation, and credentials of every wrong
 * kind, some of them in places a careless log would copy (the query, the id header, a bearer token): every
 * line is one JSON object, each request has its access line (route pattern, status, latency, verified
 * device), and no line carries a device token, an enrolment code, a Partner API secret, a webhook secret,
 * the metrics token or a webhook signature.
 */
const bed = useHubTestBed('hub-logs-');
let demo: DemoPractice;
let hub: RunningHub;
let app: NodeApp;
let laptop: DeviceCredential;
let other: DeviceCredential;
const laptopRequests: string[] = [];
let metricsToken = '';
/** Every signature the test sent, known to the check by value as well as by shape. */
const signatures: string[] = [];

beforeAll(async () => {
  demo = await bed.openDemo({ port: 0, rateLimit: { enabled: false }, seed: 9 });
  hub = await bed.startHub({ subscribeWebhooks: true, mirrorEveryMs: 3_600_000, hintGapsMs: { device: 200 } });
  metricsToken = randomBytes(32).toString('base64url');
  writeSecrets(bed.dataDir, { ...readSecrets(bed.dataDir), metricsToken });
  bed.logs.know('the metrics token', metricsToken);
  app = await startRecordingLaptop(laptopRequests);
  laptop = (await connectLaptopThroughHub(app, hub)).device;
  other = await hub.devices.add('Back office laptop');
}, 240_000);

afterAll(async () => {
  await app?.close();
});

const entries = () => bed.logs.lines().map((line) => JSON.parse(line) as Record<string, unknown>);
const accessLines = () => entries().filter((entry) => entry.msg === 'request');
const post = (path: string, headers: Record<string, string>, body: string) =>
  fetch(`${hub.hubUrl}${path}`, { method: 'POST', headers, body });

function signed(body: object, secret: string): Record<string, string> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = signDelivery(secret, timestamp, JSON.stringify(body));
  signatures.push(signature);
  return {
    'Content-Type': 'application/json',
    'X-Svc-Event-Id': (body as { eventId: string }).eventId,
    'X-Svc-Timestamp': timestamp,
    'X-Svc-Signature': signature,
  };
}

describe(`the hub's log through a working session, on ${hubTestEngine}`, () => {
  it('logs a laptop connecting, reading and reading through, each request once with its route and device', async () => {
    const practice = demo.runtime.practices[0]!;
    const [leadKey] = [...practice.leadNotes].find(([, notes]) => notes.length > 0)!;
    const bill = [...practice.bills.values()][0]!;
    for (const path of [
      '/entities/list?pageNumber=1',
      `/leads/${leadKey.toLowerCase()}/notes`,
      `/bills/${bill.billingId}`,
      `/bills/${bill.billingId}/pdf`,
    ])
      expect((await askHub(hub, path, laptop)).status).toBe(200);
    expect((await sendHint(hub, laptop, { resources: ['contacts'], clientKeys: [bill.entityKey] })).status).toBe(202);
    await waitFor(
      'the access lines',
      () => accessLines().filter((line) => line.device === laptop.id),
      (lines) => lines.some((line) => line.route === '/hub/v1/hints'),
    );
    const mine = accessLines().filter((line) => line.device === laptop.id);
    // The laptop's connect checked its credentials with the hub first.
    expect(mine.map((line) => line.route)).toEqual(
      expect.arrayContaining([
        '/api/v1/auth/validate',
        '/api/v1/entities/list',
        '/api/v1/leads/:leadKey/notes',
        '/api/v1/bills/:billingId',
        '/api/v1/bills/:id/pdf',
        '/hub/v1/hints',
      ]),
    );
    for (const line of mine) {
      expect(line).toMatchObject({ level: 'info', method: expect.any(String), status: expect.any(Number) });
      expect(typeof line.ms).toBe('number');
      expect(line.ms as number).toBeGreaterThanOrEqual(0);
      expect(typeof line.reqId).toBe('string');
      expect(Date.parse(line.time as string)).not.toBeNaN();
      // A route's pattern, never a path with its key or a query.
      expect(JSON.stringify(line)).not.toContain(leadKey.toLowerCase());
      expect(JSON.stringify(line)).not.toContain('pageNumber');
    }
  });

  it('logs the practice’s webhooks, signed, replayed and forged, without a signature or a secret', async () => {
    const sent = [...demo.runtime.practices[0]!.proposals.values()].find((p) => p.statusName === 'Sent')!;
    // The practice itself delivers this one, signed with the subscription's secret.
    acceptProposal(demo.runtime, sent.proposalKey);
    const [secret] = Object.values(readSecrets(bed.dataDir).webhooks);
    const delivery = {
      eventId: randomUUID(),
      event: 'eform.submitted',
      schemaVersion: 4,
      occurredOn: new Date().toISOString(),
      practiceKey: hub.practice.practiceKey,
      isTest: false,
      data: {},
    };
    const body = JSON.stringify(delivery);
    expect((await post(WEBHOOK_PATH, signed(delivery, secret!), body)).status).toBe(200);
    expect((await post(WEBHOOK_PATH, signed(delivery, secret!), body)).status).toBe(200);
    const forged = { ...delivery, eventId: randomUUID() };
    expect(
      (await post(WEBHOOK_PATH, signed(forged, 'whsec_someone_elses_0123456789'), JSON.stringify(forged))).status,
    ).toBe(401);
    await waitFor(
      'four deliveries logged',
      () => accessLines().filter((line) => line.route === WEBHOOK_PATH).length,
      (n) => n >= 5,
    );
    expect(entries()).toContainEqual(
      expect.objectContaining({ level: 'warn', outcome: 'bad_signature', msg: 'a webhook delivery was refused' }),
    );
  });

  it('logs wrong credentials of every kind as refusals, naming no one and copying none', async () => {
    const code = enrolmentCode(other);
    const list = '/api/v1/entities/list';
    const attempts: { target: string; headers: Record<string, string> }[] = [
      { target: list, headers: { 'X-Svc-Auth-ID': other.id, 'X-Svc-Auth-Key': `${other.token.slice(0, -2)}xx` } },
      // Swapped: the token where the id goes, so a log naming the unverified id would copy it.
      { target: list, headers: { 'X-Svc-Auth-ID': other.token, 'X-Svc-Auth-Key': other.id } },
      { target: list, headers: { Authorization: `Bearer ${other.token}` } },
      { target: `${list}?q=${other.token}`, headers: {} },
      { target: `${list}?X-Svc-Auth-Key=${other.token}`, headers: { 'X-Svc-Auth-ID': other.id } },
      { target: `/api/v1/hub/connect?invite=${code}`, headers: {} },
      { target: `/api/v1/${other.token}/list`, headers: {} },
      // Refused before routing: the target is not logged at all.
      { target: `/api/v1//entities/list?token=${other.token}`, headers: {} },
      { target: '/metrics', headers: { 'X-Forwarded-For': '198.51.100.4', Authorization: `Bearer ${metricsToken}x` } },
    ];
    for (const { target, headers } of attempts) {
      const answer = await rawRequest({ port: Number(new URL(hub.hubUrl).port), target, headers });
      expect([target, answer.status]).toEqual([target, target.includes('//') ? 400 : 401]);
    }
    // The right metrics token, from elsewhere: served.
    const metrics = await fetch(`${hub.hubUrl}/metrics`, {
      headers: { 'X-Forwarded-For': '198.51.100.4', Authorization: `Bearer ${metricsToken}` },
    });
    expect(metrics.status).toBe(200);
    await waitFor(
      'the refusals logged',
      () => accessLines().filter((line) => line.status === 401 || line.route === 'refused').length,
      (n) => n >= attempts.length,
    );
    const refusals = accessLines().filter((line) => line.status === 401);
    for (const line of refusals) expect(line.device).toBeNull();
    expect(refusals.map((line) => line.route)).toEqual(expect.arrayContaining(['unmatched', '/metrics']));
    expect(accessLines()).toContainEqual(expect.objectContaining({ route: 'refused', status: 400, method: 'GET' }));
  });

  it('logs a revocation and the cut stream, and the revoked laptop’s refusals', async () => {
    const stream = await openChangeStream(hub.hubUrl, other);
    expect(await hub.devices.revoke(other.id)).toBe(true);
    await stream.ended;
    expect((await askHub(hub, '/entities/list', other)).status).toBe(401);
    await waitFor(
      'the stream’s line',
      () => accessLines().filter((line) => line.route === '/hub/v1/changes' && line.device === other.id),
      (lines) => lines.length === 1,
    );
    expect(entries()).toContainEqual(expect.objectContaining({ device: other.id, msg: 'a device was revoked' }));
    expect(accessLines()).toContainEqual(
      expect.objectContaining({ route: '/hub/v1/changes', device: other.id, aborted: true }),
    );
  });

  it('keeps every line JSON, and no line carries a token, a code, a secret or a signature', async () => {
    await hub.settled();
    const secrets = [
      { kind: 'a device token', value: laptop.token },
      { kind: 'a device token', value: other.token },
      { kind: 'an enrolment code', value: enrolmentCode(other) },
      { kind: 'an enrolment code', value: enrolmentCode(laptop) },
      { kind: 'a Partner API secret', value: demo.practices[0]!.readWrite.secret },
      { kind: 'the metrics token', value: metricsToken },
      ...Object.values(readSecrets(bed.dataDir).webhooks).map((value) => ({ kind: 'a webhook secret', value })),
      ...signatures.map((value) => ({ kind: 'a webhook signature', value: value.replace('sha256=', '') })),
    ];
    const lines = bed.logs.lines();
    expect(lines.length).toBeGreaterThan(20);
    expect(hubLogFindings(lines, secrets)).toEqual([]);
    // The practice's own delivery was there to be logged.
    expect(accessLines().filter((line) => line.route === WEBHOOK_PATH).length).toBeGreaterThanOrEqual(5);
  });
});
