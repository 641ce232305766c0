import { describe, expect, it, vi } from 'vitest';
import { demoOptionsSchema } from '../../../src-main/demo-practice/options';
import { isLoopbackAddress } from '../../../src-main/security/loopback';
import { createWebhookDeliverer } from '../../../src-main/demo-practice/webhooks/webhook-deliverer';

/**
 * The demo practice delivers webhooks only to this machine (unless told otherwise): a name that
 * merely looks local is refused before any lookup or request, so no DNS is needed here.
 */

const clock = { now: () => new Date('2026-11-20T10:00:00.000Z') };

function deliverer(options: { allowExternalHosts?: boolean; addresses?: string[] } = {}) {
  const settings = {
    ...demoOptionsSchema.parse({}).webhooks,
    retryScheduleMs: [],
    allowExternalHosts: options.allowExternalHosts ?? false,
  };
  const fetch = vi.fn(async () => new Response('ok', { status: 200 }));
  const lookup = vi.fn(async () => (options.addresses ?? ['127.0.0.1']).map((address) => ({ address })));
  const webhooks = createWebhookDeliverer({ clock, settings: () => settings, fetch, lookup });
  async function send(url: string) {
    const onResult = vi.fn();
    webhooks.deliver({
      eventId: 'e1',
      event: 'proposal.accepted',
      subscriptionId: 1,
      url,
      secret: 's'.repeat(32),
      body: '{}',
      onResult,
    });
    await webhooks.idle();
    return webhooks.attempts().at(-1)!;
  }
  return { send, fetch, lookup };
}

describe('demo webhook deliveries go only to this machine', () => {
  it.each([
    'http://127.attacker.example/hook',
    'http://127.0.0.1.nip.io/hook',
    'https://hooks.example.com/hook',
    'http://10.0.0.5/hook',
    'http://[::2]/hook',
    'http://[::ffff:10.0.0.1]/hook',
    'http://0.0.0.0/hook',
  ])('refuses %s before any lookup or request, and does not retry it', async (url) => {
    const { send, fetch, lookup } = deliverer();
    const attempt = await send(url);
    expect(attempt.status).toBeNull();
    expect(attempt.error).toMatch(/^blocked: /);
    expect(fetch).not.toHaveBeenCalled();
    expect(lookup).not.toHaveBeenCalled();
  });

  it.each([
    'http://127.0.0.1:4321/hook',
    'http://127.8.9.10/hook',
    'http://[::1]:4321/hook',
    'http://[::ffff:127.0.0.1]/hook',
    'http://0x7f000001/hook',
  ])('delivers to the literal loopback address %s without a lookup', async (url) => {
    const { send, fetch, lookup } = deliverer();
    expect((await send(url)).status).toBe(200);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(lookup).not.toHaveBeenCalled();
  });

  it('delivers to localhost at the loopback address it resolved to, and refuses it when any address is not loopback', async () => {
    const local = deliverer({ addresses: ['127.0.0.1', '::1'] });
    expect((await local.send('http://localhost:4321/hook')).status).toBe(200);
    expect(String((local.fetch.mock.calls[0] as unknown[])[0])).toBe('http://127.0.0.1:4321/hook');

    const rebound = deliverer({ addresses: ['127.0.0.1', '93.184.216.34'] });
    expect((await rebound.send('http://localhost:4321/hook')).error).toMatch(/^blocked: /);
    expect(rebound.fetch).not.toHaveBeenCalled();
  });

  it('delivers anywhere only when the demo is told to', async () => {
    const { send, fetch } = deliverer({ allowExternalHosts: true });
    expect((await send('http://127.attacker.example/hook')).status).toBe(200);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('knows loopback addresses', () => {
    for (const address of ['127.0.0.1', '127.255.255.254', '::1', '::ffff:127.0.0.1', '::ffff:7f00:1'])
      expect(isLoopbackAddress(address), address).toBe(true);
    for (const address of ['128.0.0.1', '0.0.0.0', '::', '::ffff:a00:1', 'localhost', '127.attacker.example', ''])
      expect(isLoopbackAddress(address), address).toBe(false);
  });
});
