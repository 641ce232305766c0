import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signDelivery } from '../../../src-main/partner-api/webhook-signature';
import { readSecrets } from '../../../src-main/hub/secrets-file';
import { createVirtualTimer } from '../../../src-main/request-budget/budget-timer';
import { clockOf, createVirtualTimeFetch } from '../../support/virtual-time-http';
import { driveVirtualClock } from '../../support/virtual-clock-driver';
import { hubTestEngine } from './hub-database';
import { useHubTestBed } from './hub-test-bed';

/**
 * A flood of genuine, signed deliveries — every client accepting a proposal at once, forms submitted in
 * between — at the practice's default limits: the hub does all of it within its request budget and the
 * practice never answers it 429.
 */
const bed = useHubTestBed('hub-flood-');

describe(`a flood of signed deliveries, on ${hubTestEngine}`, () => {
  it('is worked through within the request budget: every client read, no 429 from the practice', async () => {
    const timer = createVirtualTimer(Date.parse('2026-11-03T09:00:00.000Z'));
    const demo = await bed.openDemo({ seed: 5, clock: clockOf(timer), rateLimit: { enabled: true } });
    const http = createVirtualTimeFetch(timer);
    const hub = await bed.startHub({ fetch: http.fetch, timer, subscribeWebhooks: true });
    const secret = Object.values(readSecrets(bed.dataDir).webhooks)[0]!;
    // The test moves the clock: unheld, it would jump to the hub's next backstop pass between two deliveries.
    const clock = driveVirtualClock(timer, hub);
    const clients = [...demo.runtime.practices[0]!.entities.keys()].map((key) => key.toLowerCase());
    const deliver = async (event: string, data: Record<string, unknown>) => {
      const eventId = randomUUID();
      const body = JSON.stringify({
        eventId,
        event,
        schemaVersion: event === 'proposal.accepted' ? 4 : 1,
        occurredOn: new Date(timer.now()).toISOString(),
        practiceKey: hub.practice.practiceKey,
        isTest: false,
        data,
      });
      const timestamp = String(Math.floor(timer.now() / 1000));
      const response = await fetch(`${hub.hubUrl}/webhooks/partner`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-svc-timestamp': timestamp,
          'x-svc-signature': signDelivery(secret, timestamp, body),
          'x-svc-event-id': eventId,
        },
        body,
      });
      return response.status;
    };
    const statuses: number[] = [];
    for (let i = 0; i < clients.length; i += 10)
      statuses.push(
        ...(await Promise.all([
          ...clients.slice(i, i + 10).map((entityKey) => deliver('proposal.accepted', { entityKey })),
          deliver('eform.submitted', { formKey: randomUUID() }),
        ])),
      );
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    // Until every delivery's work is done (the budget paces it over virtual minutes).
    for (const started = Date.now(); ; await clock.until(new Promise((resolve) => setTimeout(resolve, 50)))) {
      const [row] = await hub.db.query<{ left: string }>(
        'SELECT count(*)::text AS left FROM webhook_inbox WHERE processed_at IS NULL',
      );
      if (Number(row!.left) === 0) break;
      if (Date.now() - started > 120_000) throw new Error(`${row!.left} deliveries never done`);
    }
    const [held] = await hub.db.query<{ n: string }>(
      "SELECT count(*)::text AS n FROM mirrored_clients WHERE resource = 'proposals'",
    );
    expect(Number(held!.n)).toBe(clients.length);
    expect(http.log.filter((r) => r.status === 429)).toEqual([]);
    expect(demo.runtime.requestLog.filter((r) => r.status === 429)).toEqual([]);
    clock.release();
  }, 240_000);
});
