import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signDelivery } from '../../../src-main/partner-api/webhook-signature';
import { registerWebhookReceiver } from '../../../src-main/hub/webhooks/webhook-receiver';
import type { WebhookDelivery } from '../../../src-preload/contract/partner-api';
import { useHubDatabase } from './hub-database';

const hub = useHubDatabase();
const secret = 'whsec_the_hubs_own_secret_0123456789';
const practiceKey = '33333333-3333-4333-8333-333333333333';
const events: WebhookDelivery[] = [];
let url = '';
let close: () => Promise<void> = async () => undefined;

beforeAll(async () => {
  const app = Fastify();
  registerWebhookReceiver(app, {
    db: hub.db(),
    practiceKey,
    secrets: () => ['whsec_another_subscription_secret', secret],
    onEvent: (delivery) => events.push(delivery),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/webhooks/partner`;
  close = () => app.close();
}, 180_000);
afterAll(() => close());

function delivery(overrides: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    eventId: randomUUID(),
    event: 'proposal.accepted',
    schemaVersion: 4,
    occurredOn: new Date().toISOString(),
    practiceKey,
    isTest: false,
    data: { proposalKey: randomUUID() },
    ...overrides,
  };
}

function send(
  body: WebhookDelivery,
  options: { key?: string; at?: number; headerId?: string; raw?: string } = {},
): Promise<Response> {
  const raw = options.raw ?? JSON.stringify(body);
  const timestamp = String(Math.floor((options.at ?? Date.now()) / 1000));
  return fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Svc-Event': body.event,
      'X-Svc-Event-Id': options.headerId ?? body.eventId,
      'X-Svc-Timestamp': timestamp,
      'X-Svc-Signature': signDelivery(options.key ?? secret, timestamp, JSON.stringify(body)),
    },
    body: raw,
  });
}

const stored = async () =>
  Number((await hub.db().query<{ n: string }>('SELECT count(*)::text AS n FROM webhook_inbox'))[0]!.n);
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('the hub’s webhook receiver', () => {
  it('stores a signed delivery once, answers at once and does the work after; a replay changes nothing', async () => {
    const event = delivery();
    const started = performance.now();
    const first = await send(event);
    expect(first.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(200);
    await settle();
    expect(events.map((e) => e.eventId)).toEqual([event.eventId]);
    expect(await stored()).toBe(1);
    // The practice retries with the same id, a new timestamp and signature: acknowledged, not done again.
    const replay = await send(event, { at: Date.now() + 2_000 });
    expect(replay.status).toBe(200);
    await settle();
    expect(events).toHaveLength(1);
    expect(await stored()).toBe(1);
  });

  it('refuses forged, tampered, stale and mismatched deliveries without storing or doing anything', async () => {
    const before = await stored();
    const event = delivery();
    const refusals = [
      await send(event, { key: 'whsec_a_secret_the_hub_never_had' }),
      await send(event, { raw: JSON.stringify({ ...event, data: { proposalKey: randomUUID() } }) }),
      await send(event, { at: Date.now() - 301_000 }),
      await send(event, { at: Date.now() + 301_000 }),
      await send(event, { headerId: randomUUID() }),
    ];
    expect(refusals.map((r) => r.status)).toEqual([401, 401, 401, 401, 400]);
    await settle();
    expect(await stored()).toBe(before);
    expect(events.map((e) => e.eventId)).not.toContain(event.eventId);
  });

  it('answers 200 to test deliveries, unknown event keys and other practices, and ignores them', async () => {
    const before = await stored();
    const ignored = [
      delivery({ isTest: true }),
      delivery({ event: 'invoice.paid' }),
      delivery({ practiceKey: '44444444-4444-4444-8444-444444444444' }),
    ];
    for (const event of ignored) expect((await send(event)).status).toBe(200);
    await settle();
    expect(await stored()).toBe(before);
    expect(events.map((e) => e.eventId)).not.toEqual(expect.arrayContaining([ignored[0]!.eventId]));
    expect(events).toHaveLength(1);
  });
});
