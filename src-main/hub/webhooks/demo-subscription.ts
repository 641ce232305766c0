import { z } from 'zod';
import { webhookCreatedSchema } from '../../../src-preload/contract/partner-api';
import type { PartnerApiClient } from '../../partner-api/partner-api-client';

/**
 * Subscribes `hookUrl` to every event key the practice lists (one subscription per key, each with its own
 * secret) and returns the secrets by subscription id, for the secrets file. Then asks for a test delivery
 * of the first, so the caller can tell whether deliveries arrive.
 */
export async function subscribeToEvents(
  api: PartnerApiClient,
  hookUrl: string,
): Promise<{ secrets: Record<string, string>; testEventId: string | null }> {
  const keys = (await api.request('GET', '/webhooks/events', z.array(z.string()), { priority: 'interactive' })).data;
  const secrets: Record<string, string> = {};
  for (const event of keys) {
    const created = await api.request('POST', '/webhooks', webhookCreatedSchema, {
      body: { hookUrl, event },
      priority: 'interactive',
    });
    secrets[String(created.data.id)] = created.data.webhookSecret;
  }
  const first = Object.keys(secrets)[0];
  if (first === undefined) return { secrets, testEventId: null };
  const test = await api.request('POST', `/webhooks/${first}/test`, z.object({ eventId: z.string() }), {
    priority: 'interactive',
  });
  return { secrets, testEventId: test.data.eventId };
}
