import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { WebhookDelivery } from '../../../src-preload/contract/partner-api';
import { submitForm } from '../../../src-main/demo-practice/routes/demo-control';
import { openHubDatabase } from '../../../src-main/hub/db/database';
import { useHubTestBed } from './hub-test-bed';

const bed = useHubTestBed('hub-inbox-test-');

describe('the webhook inbox', () => {
  it('a delivery stored by a hub that died before doing its work is done by the next leader, in its first pass', async () => {
    const demo = await bed.openDemo({ rateLimit: { enabled: false }, seed: 5 });
    const practice = demo.practices[0]!;
    const state = demo.runtime.practices[0]!;
    const reads: string[] = [];
    const start = () =>
      bed.startHub({
        fetch: (input, init) => {
          const url = new URL(input instanceof Request ? input.url : String(input));
          if (!url.pathname.endsWith('/auth/validate')) reads.push(url.pathname);
          return fetch(input, init);
        },
      });
    await start();
    await bed.stopHub();

    // While no hub runs, a client submits a form; the delivery had been stored, its work never done.
    const onboarding = [...state.onboardings.values()].find((o) => {
      const form = state.eforms.get(o.formKey);
      return form?.status === 'sent' && !form.stackKey && o.statusID !== 4 && o.statusID !== 3;
    })!;
    submitForm(demo.runtime, onboarding.formKey);
    const delivery: WebhookDelivery = {
      eventId: randomUUID(),
      event: 'eform.submitted',
      schemaVersion: 1,
      occurredOn: new Date().toISOString(),
      practiceKey: practice.practiceKey,
      isTest: false,
      data: { formKey: onboarding.formKey, entityKey: onboarding.entityKey },
    };
    const db = await openHubDatabase({ dataDir: bed.dataDir, databaseUrl: bed.databaseUrl() });
    await db.query(`INSERT INTO webhook_inbox (event_id, event_key, payload) VALUES ($1, $2, $3::jsonb)`, [
      delivery.eventId,
      delivery.event,
      JSON.stringify(delivery),
    ]);
    await db.close();

    reads.length = 0;
    const hub = await start();
    try {
      const [row] = await hub.db.query<{ processed: boolean }>(
        'SELECT processed_at IS NOT NULL AS processed FROM webhook_inbox WHERE event_id = $1',
        [delivery.eventId],
      );
      expect(row).toEqual({ processed: true });
      const [mirrored] = await hub.db.query<{ status: number }>(
        `SELECT (record->>'statusID')::int AS status FROM mirror_records WHERE resource = 'onboardings' AND key = $1`,
        [onboarding.onboardingKey],
      );
      expect(mirrored).toEqual({ status: 3 });
      // The catch-up pass and the stored delivery's work shared one pass: no list read twice.
      expect(reads.length).toBeGreaterThan(0);
      expect(new Set(reads).size).toBe(reads.length);
    } finally {
      await bed.stopHub();
    }
  }, 240_000);
});
