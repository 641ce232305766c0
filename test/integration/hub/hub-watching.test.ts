import { randomBytes, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DemoPractice } from '../../../src-main/demo-practice/create-demo-practice';
import { openPostgres } from '../../../src-main/hub/db/database';
import type { DeviceCredential } from '../../../src-main/hub/devices/devices';
import { readSecrets, writeSecrets } from '../../../src-main/hub/secrets-file';
import type { RunningHub } from '../../../src-main/hub/start-hub';
import { WEBHOOK_PATH } from '../../../src-main/hub/webhooks/webhook-path';
import { signDelivery } from '../../../src-main/partner-api/webhook-signature';
import { hubResources } from '../../../src-main/hub/mirror/hub-resources';
import { parsePrometheusText, type Family } from '../../support/prometheus-text';
import { waitFor } from '../../support/wait-for';
import { openChangeStream } from './change-stream-reader';
import { hubTestEngine } from './hub-database';
import { askHub, sendHint } from './hub-laptop-requests';
import { useHubTestBed } from './hub-test-bed';

/**
 * How an administrator watches the hub: `/livez` and `/readyz` for anyone (no data), `/metrics` in
 * Prometheus text for this machine or the metrics token, every family there with values that follow what
 * the hub did, and a readiness that names what is not ready — a mirror out of its bound, a database gone.
 */
const bed = useHubTestBed('hub-watching-');
let demo: DemoPractice;
let hub: RunningHub;
let laptops: DeviceCredential[];

beforeAll(async () => {
  demo = await bed.openDemo({ rateLimit: { enabled: false }, seed: 7 });
  hub = await bed.startHub({
    subscribeWebhooks: true,
    mirrorEveryMs: 3_600_000,
    hintGapsMs: { device: 200, round: 200 },
    leaderPollMs: 200,
  });
  laptops = [await hub.devices.add('Front desk laptop'), await hub.devices.add('Partner laptop')];
}, 180_000);

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${hub.hubUrl}${path}`, { headers });
const readiness = async () => {
  const answer = await get('/readyz');
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
};
async function scrape(): Promise<Map<string, Family>> {
  const answer = await get('/metrics');
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusText(await answer.text());
}
/** A sample's value, by its name (a histogram's `_count` included) and labels. */
function valueOf(families: Map<string, Family>, name: string, labels: Record<string, string> = {}): number {
  const sample = [...families.values()]
    .flatMap((family) => family.samples)
    .find((s) => s.name === name && Object.entries(labels).every(([label, value]) => s.labels[label] === value));
  if (!sample) throw new Error(`No sample of ${name} with ${JSON.stringify(labels)}.`);
  return sample.value;
}

/** A delivery signed with one of the hub's subscriptions' secrets, as the practice sends it. */
function signedDelivery(body: object, secret = Object.values(readSecrets(bed.dataDir).webhooks)[0]!) {
  const raw = JSON.stringify(body);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const eventId = (body as { eventId: string }).eventId;
  return fetch(`${hub.hubUrl}${WEBHOOK_PATH}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Svc-Event': 'proposal.accepted',
      'X-Svc-Event-Id': eventId,
      'X-Svc-Timestamp': timestamp,
      'X-Svc-Signature': signDelivery(secret, timestamp, raw),
    },
    body: raw,
  });
}

describe(`watching the hub, on ${hubTestEngine}`, () => {
  it('answers /livez and /readyz to anyone, naming each check and carrying no data', async () => {
    const live = await get('/livez');
    expect([live.status, await live.json()]).toEqual([200, { status: 'live' }]);
    const { status, body } = await readiness();
    expect(status).toBe(200);
    expect(body).toEqual({
      status: 'ready',
      failing: [],
      checks: { serving: 'ok', database: 'ok', migrations: 'ok', leader: 'ok', mirror: 'ok' },
    });
    // A device's headers change nothing, and neither answer names the practice or a client.
    const text = await (await get('/readyz', { 'X-Svc-Auth-ID': laptops[0]!.id })).text();
    const client = [...demo.runtime.practices[0]!.entities.values()][0]!;
    for (const word of [hub.practice.practiceKey, hub.practice.practiceName, client.fullEntityName])
      expect(text).not.toContain(word);
  });

  it('serves /metrics as Prometheus text with every family, following what the hub did', async () => {
    const practice = demo.runtime.practices[0]!;
    const [leadKey] = [...practice.leadNotes].find(([, notes]) => notes.length > 0)!;
    // Laptops read a list, read through a lead's notes twice (a miss, then a hit), send a hint, hold a stream.
    expect((await askHub(hub, '/entities/list?pageNumber=1', laptops[0]!)).status).toBe(200);
    expect((await askHub(hub, `/leads/${leadKey.toLowerCase()}/notes`, laptops[0]!)).status).toBe(200);
    expect((await askHub(hub, `/leads/${leadKey.toLowerCase()}/notes`, laptops[1]!)).status).toBe(200);
    expect((await sendHint(hub, laptops[1]!, { resources: ['leads'], clientKeys: [] })).status).toBe(202);
    expect((await get('/api/v1/entities/list')).status).toBe(401);
    const stream = await openChangeStream(hub.hubUrl, laptops[1]!);
    // The practice's deliveries: one stored, the same again, one signed with a secret the hub never had.
    const entityKey = [...practice.entities.keys()][0]!;
    const delivery = {
      eventId: randomUUID(),
      event: 'proposal.accepted',
      schemaVersion: 4,
      occurredOn: new Date().toISOString(),
      practiceKey: hub.practice.practiceKey,
      isTest: false,
      data: { proposalKey: randomUUID(), entityKey },
    };
    expect((await (await signedDelivery(delivery)).json()) as object).toEqual({ received: true });
    expect(((await (await signedDelivery(delivery)).json()) as { reason: string }).reason).toBe('already received');
    expect((await signedDelivery({ ...delivery, eventId: randomUUID() }, 'whsec_not_the_hubs')).status).toBe(401);
    await waitFor(
      'the delivery worked',
      async () =>
        (
          await hub.db.query<{ n: string }>('SELECT count(*)::text AS n FROM webhook_inbox WHERE processed_at IS NULL')
        )[0]!.n,
      (n) => n === '0',
    );
    await hub.settled();

    const families = await scrape();
    const all = [...families.keys()];
    // The hub's own families, each with its type…
    const types = Object.fromEntries([...families.values()].map((f) => [f.name, f.type]));
    expect(types).toMatchObject({
      practice_hub_http_requests_total: 'counter',
      practice_hub_http_request_duration_seconds: 'histogram',
      practice_hub_partner_api_requests_total: 'counter',
      practice_hub_partner_api_rate_limited_total: 'counter',
      practice_hub_request_budget_remaining: 'gauge',
      practice_hub_request_budget_limit: 'gauge',
      practice_hub_mirror_lag_seconds: 'gauge',
      practice_hub_webhook_deliveries_total: 'counter',
      practice_hub_webhook_ack_seconds: 'histogram',
      practice_hub_webhook_inbox_backlog: 'gauge',
      practice_hub_hints_backlog: 'gauge',
      practice_hub_change_streams_open: 'gauge',
      practice_hub_devices_enrolled: 'gauge',
      practice_hub_devices_active: 'gauge',
      practice_hub_read_through_total: 'counter',
      practice_hub_mirror_leader: 'gauge',
      practice_hub_ready: 'gauge',
    });
    // …and the process's own.
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'process_start_time_seconds',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
    ])
      expect(all).toContain(name);
    expect(valueOf(families, 'process_resident_memory_bytes')).toBeGreaterThan(10_000_000);

    // Laptops' requests by route pattern, never by path.
    const http = 'practice_hub_http_requests_total';
    expect(valueOf(families, http, { route: '/api/v1/entities/list', status_class: '2xx' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(families, http, { route: '/api/v1/entities/list', status_class: '4xx' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(families, http, { route: '/api/v1/leads/:leadKey/notes', status_class: '2xx' })).toBe(2);
    expect(families.get(http)!.samples.some((s) => s.labels.route?.includes(leadKey.toLowerCase()))).toBe(false);
    // What the hub asked the practice: its first import, the check of its credentials, the lead's notes once.
    const partner = 'practice_hub_partner_api_requests_total';
    expect(valueOf(families, partner, { route: '/auth/validate', status_class: '2xx' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(families, partner, { route: '/entities/list', status_class: '2xx' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(families, partner, { route: '/leads/:id/notes', status_class: '2xx' })).toBe(1);
    for (const window of ['minute', 'hour', 'day']) {
      const remaining = valueOf(families, 'practice_hub_request_budget_remaining', { window });
      expect(remaining).toBeGreaterThan(0);
      expect(remaining).toBeLessThanOrEqual(valueOf(families, 'practice_hub_request_budget_limit', { window }));
    }
    // Every resource mirrored, none older than the test.
    const lags = families.get('practice_hub_mirror_lag_seconds')!.samples;
    expect(lags.map((s) => s.labels.resource).sort()).toEqual(hubResources.map((r) => r.name).sort());
    for (const lag of lags) expect(lag.value).toBeGreaterThanOrEqual(0);
    for (const lag of lags) expect(lag.value).toBeLessThan(600);
    // The subscription's test delivery, then the three above.
    const deliveries = 'practice_hub_webhook_deliveries_total';
    expect(valueOf(families, deliveries, { outcome: 'test' })).toBe(1);
    expect(valueOf(families, deliveries, { outcome: 'stored' })).toBe(1);
    expect(valueOf(families, deliveries, { outcome: 'duplicate' })).toBe(1);
    expect(valueOf(families, deliveries, { outcome: 'bad_signature' })).toBe(1);
    expect(valueOf(families, 'practice_hub_webhook_ack_seconds_count')).toBe(4);
    expect(valueOf(families, 'practice_hub_webhook_ack_seconds_sum')).toBeGreaterThan(0);
    expect(valueOf(families, 'practice_hub_webhook_ack_seconds_sum')).toBeLessThan(5);
    expect(valueOf(families, 'practice_hub_webhook_inbox_backlog')).toBe(0);
    expect(valueOf(families, 'practice_hub_change_streams_open')).toBe(1);
    expect(valueOf(families, 'practice_hub_devices_enrolled')).toBe(2);
    expect(valueOf(families, 'practice_hub_devices_active')).toBe(2);
    expect(valueOf(families, 'practice_hub_read_through_total', { result: 'miss' })).toBe(1);
    expect(valueOf(families, 'practice_hub_read_through_total', { result: 'hit' })).toBe(1);
    expect(valueOf(families, 'practice_hub_mirror_leader')).toBe(1);
    for (const check of ['serving', 'database', 'migrations', 'leader', 'mirror'])
      expect(valueOf(families, 'practice_hub_ready', { check })).toBe(1);

    stream.close();
    await waitFor(
      'the stream closed',
      async () => valueOf(await scrape(), 'practice_hub_change_streams_open'),
      (open) => open === 0,
    );
  });

  it('serves /metrics off this machine only with the metrics token, read from the secrets file as it changes', async () => {
    // A proxy on this machine connects from loopback on behalf of anyone: a forwarded request is from elsewhere.
    const elsewhere = { 'X-Forwarded-For': '203.0.113.7' };
    const refused = await get('/metrics', elsewhere);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer /);
    expect(await refused.text()).not.toContain('practice_hub_');
    const token = randomBytes(32).toString('hex');
    // No token set: none is accepted.
    expect((await get('/metrics', { ...elsewhere, Authorization: `Bearer ${token}` })).status).toBe(401);
    writeSecrets(bed.dataDir, { ...readSecrets(bed.dataDir), metricsToken: token });
    for (const wrong of [
      `Bearer ${token.slice(0, -1)}`,
      `Bearer ${token}x`,
      token,
      `Basic ${token}`,
      `bearer ${token}`,
    ])
      expect([wrong, (await get('/metrics', { ...elsewhere, Authorization: wrong })).status]).toEqual([wrong, 401]);
    const allowed = await get('/metrics', { ...elsewhere, Authorization: `Bearer ${token}` });
    expect(allowed.status).toBe(200);
    expect(parsePrometheusText(await allowed.text()).has('practice_hub_ready')).toBe(true);
    // /livez and /readyz stay open to anyone.
    expect((await get('/readyz', elsewhere)).status).toBe(200);
    expect((await get('/livez', elsewhere)).status).toBe(200);
  });

  it('is not ready while a mirrored list is older than its bound, and names it', async () => {
    const [cursor] = await hub.db.query<{ at: string }>(
      `SELECT cursor->>'lastCompletedAt' AS at FROM sync_cursors WHERE resource = 'contacts'`,
    );
    const setContacts = (at: string) =>
      hub.db.query(
        `UPDATE sync_cursors SET cursor = jsonb_set(cursor, '{lastCompletedAt}', to_jsonb($1::text)) WHERE resource = 'contacts'`,
        [at],
      );
    // Lists are read on every pass, at least hourly with no laptop: three hours is past the bound.
    await setContacts(new Date(Date.now() - 3 * 3_600_000).toISOString());
    const stale = await waitFor('not ready', readiness, (r) => r.status === 503);
    expect(stale.body).toMatchObject({ status: 'not ready', failing: ['mirror'] });
    expect((stale.body.checks as Record<string, string>).mirror).toBe(
      'older than its bound: contacts (the oldest 3 h)',
    );
    expect(valueOf(await scrape(), 'practice_hub_ready', { check: 'mirror' })).toBe(0);
    await setContacts(cursor!.at);
    await waitFor('ready again', readiness, (r) => r.status === 200);
  });

  it('answers 503 naming the database when the database is gone, and is ready again when it is back', async () => {
    let restore = async () => undefined as void;
    if (hubTestEngine === 'postgres') {
      // The server refuses the hub's database to everyone, and every connection to it is ended.
      const server = await openPostgres(process.env.HUB_TEST_DATABASE_URL!);
      // Not `new URL`: a socket address (`postgres://user@/db?host=/folder`) has an empty host it refuses.
      const name = /^postgres(?:ql)?:\/\/[^/?]*\/([a-z0-9_]+)/.exec(bed.databaseUrl()!)![1]!;
      await server.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
      await server.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
      restore = async () => {
        await server.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
        await server.close();
      };
    } else {
      // PGlite lives in the hub's process: closed under it, it answers nothing more.
      await hub.db.close();
    }
    try {
      const gone = await waitFor('not ready', readiness, (r) => r.status === 503);
      expect(gone.body.failing).toContain('database');
      const checks = gone.body.checks as Record<string, string>;
      expect(checks.database).toBe('unreachable: a query failed');
      expect(checks.migrations).toBe('not checked: the database does not answer');
      expect(checks.mirror).toBe('not checked: the database does not answer');
      // Nothing of where the database is, or who it lets in.
      const text = JSON.stringify(gone.body);
      for (const word of ['postgres', 'pglite', bed.dataDir, '/tmp']) expect(text).not.toContain(word);
      // The process still answers, and its metrics say which check fails.
      expect((await get('/livez')).status).toBe(200);
      const families = await scrape();
      expect(valueOf(families, 'practice_hub_ready', { check: 'database' })).toBe(0);
      // A count read from the database is unknown, not an old value.
      expect(valueOf(families, 'practice_hub_devices_enrolled')).toBeNaN();
      expect(families.get('practice_hub_mirror_lag_seconds')!.samples).toEqual([]);
    } finally {
      await restore();
    }
    if (hubTestEngine === 'postgres') await waitFor('ready again', readiness, (r) => r.status === 200, 20_000);
  }, 60_000);
});
