import { readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DemoPractice } from '../../../src-main/demo-practice/create-demo-practice';
import { writeSecrets } from '../../../src-main/hub/secrets-file';
import type { RunningHub } from '../../../src-main/hub/start-hub';
import { WEBHOOK_PATH } from '../../../src-main/hub/webhooks/webhook-path';
import { runWebhooksCommand } from '../../../src-main/hub/webhooks/webhooks-command';
import { useHubTestBed } from './hub-test-bed';

/**
 * `npm run hub -- webhooks subscribe --url …`, run beside the running hub against the demo practice (which
 * delivers to loopback): one subscription per event key, the secrets in the 0600 file, and the test
 * delivery reported as arrived — or, when nothing receives it, the hub said to run on polling.
 */
const bed = useHubTestBed('hub-webhooks-subscribe-');
const dataDir = bed.dataDir;
let demo: DemoPractice;
let hub: RunningHub;

beforeAll(async () => {
  demo = await bed.openDemo({ port: 0 });
  demo.configure({ rateLimit: { enabled: false } });
  writeSecrets(dataDir, { partnerApi: demo.practices[0]!.readWrite, webhooks: {} });
  hub = await bed.startHub({ mirrorEveryMs: 3_600_000 });
}, 240_000);

const subscribe = async (url: string, waitMs?: number) => {
  const lines: string[] = [];
  const code = await runWebhooksCommand(
    ['subscribe'],
    { dataDir, apiUrl: demo.practices[0]!.baseUrl, url, ...(waitMs ? { waitMs } : {}) },
    (line) => lines.push(line),
  );
  expect(lines).toHaveLength(1);
  return { code, printed: JSON.parse(lines[0]!) as Record<string, unknown> };
};
const storedWebhooks = () =>
  Object.keys((JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')) as { webhooks: object }).webhooks);
const subscriptionsAtPractice = () => [...demo.runtime.practices[0]!.webhooks.keys()].map(String);

describe('webhooks subscribe', () => {
  it('subscribes the running hub to every event key and reports that the test delivery arrived', async () => {
    const { code, printed } = await subscribe(`${hub.hubUrl}${WEBHOOK_PATH}`);
    expect(printed).toMatchObject({ subscriptions: 2, testArrived: true, replaced: 0 });
    expect(printed.message).toContain('reached the hub');
    expect(code).toBe(0);
    expect(storedWebhooks().sort()).toEqual(subscriptionsAtPractice().sort());
    expect(statSync(join(dataDir, 'secrets.json')).mode & 0o777).toBe(0o600);
    // The Partner API credentials stay beside the webhook secrets.
    expect(readFileSync(join(dataDir, 'secrets.json'), 'utf8')).toContain(demo.practices[0]!.readWrite.secret);
  }, 60_000);

  it('replaces its earlier subscriptions when run again, so no event is delivered twice', async () => {
    const before = storedWebhooks();
    const { printed } = await subscribe(`${hub.hubUrl}${WEBHOOK_PATH}`);
    expect(printed).toMatchObject({ subscriptions: 2, testArrived: true, replaced: 2 });
    const after = storedWebhooks();
    expect(after.filter((id) => before.includes(id))).toEqual([]);
    expect(subscriptionsAtPractice().sort()).toEqual(after.sort());
  }, 60_000);

  it('says the hub runs on polling when the test delivery does not arrive', async () => {
    // An address where nothing listens: the practice's delivery never reaches a hub.
    const free = createServer();
    const port = await new Promise<number>((resolve) =>
      free.listen(0, '127.0.0.1', () => resolve((free.address() as { port: number }).port)),
    );
    await new Promise((resolve) => free.close(resolve));
    const { code, printed } = await subscribe(`http://127.0.0.1:${port}${WEBHOOK_PATH}`, 1_500);
    expect(printed).toMatchObject({ subscriptions: 2, testArrived: false });
    expect(printed.message).toContain('runs on polling');
    expect(code).toBe(1);
  }, 60_000);

  it('refuses an address that is not the webhook path', async () => {
    await expect(subscribe(`${hub.hubUrl}/somewhere`)).rejects.toThrow(WEBHOOK_PATH);
  });
});
