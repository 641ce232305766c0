import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemo, type TestDemo } from './support/demo';

interface Received {
  headers: IncomingMessage['headers'];
  raw: Buffer;
}

/** A receiver on 127.0.0.1 that records raw bodies and fails the first `failFirst` deliveries. */
async function startReceiver(failFirst = 0) {
  const received: Received[] = [];
  let failures = failFirst;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, raw: Buffer.concat(chunks) });
      if (failures > 0) {
        failures--;
        res.writeHead(503).end();
      } else res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    close: () => new Promise((r) => server.close(r)),
  };
}

/** Written from the contract's words, independently of the server's signing code. */
function expectedSignature(secret: string, timestamp: string, raw: Buffer): string {
  return `sha256=${createHmac('sha256', Buffer.from(secret, 'utf8'))
    .update(Buffer.concat([Buffer.from(`${timestamp}.`, 'utf8'), raw]))
    .digest('hex')}`;
}

/** A simulated client action: /demo-control takes the practice's read-write credentials. */
function demoControl(path: string) {
  const { clientId, secret } = t.demo.practices[0]!.readWrite;
  return fetch(`${t.demo.baseUrl}/demo-control${path}`, {
    method: 'POST',
    headers: { 'X-Svc-Auth-ID': clientId, 'X-Svc-Auth-Key': secret },
  });
}

let t: TestDemo;
beforeAll(async () => {
  t = await startDemo({ webhooks: { retryScheduleMs: [50, 100, 150], timeoutMs: 2_000 } });
});
afterAll(() => t.demo.close());

describe('Webhook subscriptions (contract: Events 1-3, 9)', () => {
  it('lists the supported events', async () => {
    expect((await t.call('GET', '/webhooks/events')).json).toEqual(
      expect.arrayContaining(['proposal.accepted', 'eform.submitted']),
    );
  });

  it('subscribes with hookUrl or the alias targetUrl, returns the secret only in the 201, and deletes by id', async () => {
    const a = await t.call('POST', '/webhooks', {
      body: { hookUrl: 'https://hooks.example.com/a', event: 'proposal.accepted' },
    });
    expect(a.status).toBe(201);
    expect(a.json.webhookSecret.length).toBeGreaterThanOrEqual(16);
    const b = await t.call('POST', '/webhooks', {
      body: {
        targetUrl: 'https://hooks.example.com/b',
        event: 'eform.submitted',
        webhookSecret: 'my-own-secret-0123456789',
      },
    });
    expect(b.json.webhookSecret).toBe('my-own-secret-0123456789');
    const list = await t.call('GET', '/webhooks');
    expect(JSON.stringify(list.json)).not.toContain(a.json.webhookSecret);
    expect(JSON.stringify((await t.call('GET', `/webhooks/${b.json.id}`)).json)).not.toContain('my-own-secret');
    expect((await t.call('DELETE', `/webhooks/${a.json.id}`)).status).toBe(200);
    expect((await t.call('GET', `/webhooks/${a.json.id}`)).status).toBe(404);
    expect((await t.call('DELETE', '/webhooks/proposal.accepted')).status).toBe(400);
  });

  it('requires HTTPS (the demo alone also takes http://127.0.0.1 and localhost), a URL, and a listed event', async () => {
    expect(
      (
        await t.call('POST', '/webhooks', {
          body: { hookUrl: 'http://hooks.example.com/x', event: 'proposal.accepted' },
        })
      ).status,
    ).toBe(400);
    expect((await t.call('POST', '/webhooks', { body: { event: 'proposal.accepted' } })).status).toBe(400);
    expect(
      (await t.call('POST', '/webhooks', { body: { hookUrl: 'https://hooks.example.com/x', event: 'invoice.paid' } }))
        .status,
    ).toBe(400);
    expect(
      (await t.call('POST', '/webhooks', { body: { hookUrl: 'http://localhost:9/x', event: 'eform.submitted' } }))
        .status,
    ).toBe(201);
  });
});

describe('Webhook deliveries (contract: Events 4-8)', () => {
  it('delivers proposal.accepted signed exactly as the contract says, verified by an independent HMAC', async () => {
    const receiver = await startReceiver();
    try {
      const sub = await t.call('POST', '/webhooks', { body: { hookUrl: receiver.url, event: 'proposal.accepted' } });
      const sent = [...t.state().proposals.values()].find((p) => p.statusName === 'Sent')!;
      const accepted = await demoControl(`/proposals/${sent.proposalKey}/accept`);
      expect(accepted.status).toBe(200);
      await t.demo.runtime.webhooks.idle();
      const delivery = receiver.received.find((r) => r.headers['x-svc-event'] === 'proposal.accepted')!;
      expect(delivery).toBeTruthy();
      const timestamp = String(delivery.headers['x-svc-timestamp']);
      expect(timestamp).toMatch(/^\d+$/);
      expect(delivery.headers['x-svc-signature']).toBe(
        expectedSignature(sub.json.webhookSecret, timestamp, delivery.raw),
      );
      const body = JSON.parse(delivery.raw.toString('utf8'));
      expect(body).toMatchObject({
        event: 'proposal.accepted',
        schemaVersion: 4,
        eventId: delivery.headers['x-svc-event-id'],
        isTest: false,
        data: { proposalKey: sent.proposalKey },
      });
      expect((await t.call('GET', `/proposals/${sent.proposalKey}`)).json.statusName).toBe('Accepted');
      expect(expectedSignature('wrong-secret-wrong-secret', timestamp, delivery.raw)).not.toBe(
        delivery.headers['x-svc-signature'],
      );
    } finally {
      await receiver.close();
    }
  });

  it('retries a failing receiver with the same event id and byte-identical body', async () => {
    const receiver = await startReceiver(2);
    try {
      const sub = await t.call('POST', '/webhooks', { body: { hookUrl: receiver.url, event: 'eform.submitted' } });
      const form = await t.call('POST', '/eforms', { body: { templateId: 101, recipientEmail: 'a@example.com' } });
      const submitted = await demoControl(`/eforms/${form.json.formKey}/submit`);
      expect(submitted.status).toBe(200);
      await t.demo.runtime.webhooks.idle();
      expect(receiver.received.length).toBe(3);
      const ids = new Set(receiver.received.map((r) => r.headers['x-svc-event-id']));
      expect(ids.size).toBe(1);
      const bodies = new Set(receiver.received.map((r) => r.raw.toString('base64')));
      expect(bodies.size).toBe(1);
      for (const r of receiver.received) {
        expect(r.headers['x-svc-signature']).toBe(
          expectedSignature(sub.json.webhookSecret, String(r.headers['x-svc-timestamp']), r.raw),
        );
      }
      expect(JSON.parse(receiver.received[0]!.raw.toString()).schemaVersion).toBe(1);
      expect((await t.call('GET', `/webhooks/${sub.json.id}`)).json.lastDeliveryStatus).toBe(200);
    } finally {
      await receiver.close();
    }
  });

  it('sends a signed test delivery that is marked as a test', async () => {
    const receiver = await startReceiver();
    try {
      const sub = await t.call('POST', '/webhooks', { body: { hookUrl: receiver.url, event: 'proposal.accepted' } });
      const test = await t.call('POST', `/webhooks/${sub.json.id}/test`);
      expect(test.status).toBe(200);
      await t.demo.runtime.webhooks.idle();
      expect(receiver.received).toHaveLength(1);
      const r = receiver.received[0]!;
      expect(JSON.parse(r.raw.toString())).toMatchObject({ isTest: true, eventId: test.json.eventId });
      expect(r.headers['x-svc-signature']).toBe(
        expectedSignature(sub.json.webhookSecret, String(r.headers['x-svc-timestamp']), r.raw),
      );
    } finally {
      await receiver.close();
    }
  });

  it('fires eform.submitted on submission, not on sending', async () => {
    const receiver = await startReceiver();
    try {
      await t.call('POST', '/webhooks', { body: { hookUrl: receiver.url, event: 'eform.submitted' } });
      const form = await t.call('POST', '/eforms', { body: { templateId: 101, recipientEmail: 'a@example.com' } });
      await t.demo.runtime.webhooks.idle();
      expect(receiver.received).toHaveLength(0);
      t.demo.submitForm(form.json.formKey);
      await t.demo.runtime.webhooks.idle();
      expect(receiver.received).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });
});
