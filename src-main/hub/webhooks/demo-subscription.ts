import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { webhookCreatedSchema } from '../../../src-preload/contract/partner-api';
import type { PartnerApiClient } from '../../partner-api/partner-api-client';
import { readSecrets, writeSecrets } from '../secrets-file';
import { realTimer } from '../../request-budget/budget-timer';

/*
 * The one way the hub subscribes to the practice's events, used by `--demo` at start and by
 * `webhooks subscribe`: one subscription per event key the practice lists (each with its own secret),
 * the secrets stored in the secrets file BEFORE the test delivery is asked for (the receiver verifies
 * with them), then a test delivery, and whether the receiving hub saw it arrive and verify.
 */

/** The running hub records the test deliveries that arrived here, so a separate command can see them. */
const ARRIVALS_FILE = 'webhook-test-arrivals.json';
const arrivalsSchema = z.array(z.string()).catch([]);

const readArrivals = (dataDir: string): string[] => {
  const path = join(dataDir, ARRIVALS_FILE);
  return existsSync(path) ? arrivalsSchema.parse(JSON.parse(readFileSync(path, 'utf8'))) : [];
};

/** Called by the hub's receiver for a verified test delivery; keeps the last 20 event ids. */
export function recordTestArrival(dataDir: string, eventId: string): void {
  const path = join(dataDir, ARRIVALS_FILE);
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify([...readArrivals(dataDir), eventId].slice(-20)));
  renameSync(temporary, path);
}

export interface SubscriptionOutcome {
  subscriptions: number;
  /** Whether the test delivery arrived and verified within the wait (else the hub runs on polling). */
  testArrived: boolean;
  /** Earlier subscriptions of this hub that were removed (replaced by these). */
  replaced: number;
}

export async function subscribeToEvents(
  api: PartnerApiClient,
  options: { dataDir: string; hookUrl: string; waitMs: number; replaceEarlier?: boolean },
): Promise<SubscriptionOutcome> {
  const interactive = { priority: 'interactive' } as const;
  const keys = (await api.request('GET', '/webhooks/events', z.array(z.string()), interactive)).data;
  const secrets: Record<string, string> = {};
  for (const event of keys) {
    const created = await api.request('POST', '/webhooks', webhookCreatedSchema, {
      ...interactive,
      body: { hookUrl: options.hookUrl, event },
    });
    secrets[String(created.data.id)] = created.data.webhookSecret;
  }
  const earlier = options.replaceEarlier ? readSecrets(options.dataDir).webhooks : {};
  const stored = readSecrets(options.dataDir);
  writeSecrets(options.dataDir, {
    ...stored,
    webhooks: { ...(options.replaceEarlier ? {} : stored.webhooks), ...secrets },
  });
  // Removed after the new ones are stored, so no delivery finds the hub without a secret for it; one the
  // practice no longer knows is gone already.
  let replaced = 0;
  for (const id of Object.keys(earlier)) {
    if (id in secrets) continue;
    await api.request('DELETE', `/webhooks/${encodeURIComponent(id)}`, z.unknown(), interactive).then(
      () => replaced++,
      () => undefined,
    );
  }
  const first = Object.keys(secrets)[0];
  if (first === undefined) return { subscriptions: 0, testArrived: false, replaced };
  const test = await api.request('POST', `/webhooks/${first}/test`, z.object({ eventId: z.string() }), interactive);
  const eventId = test.data.eventId;
  for (const start = Date.now(); Date.now() - start < options.waitMs;) {
    if (readArrivals(options.dataDir).includes(eventId))
      return { subscriptions: Object.keys(secrets).length, testArrived: true, replaced };
    await realTimer.sleep(100);
  }
  return { subscriptions: Object.keys(secrets).length, testArrived: false, replaced };
}
