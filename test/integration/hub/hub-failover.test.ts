import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { webhookCreatedSchema } from '../../../src-preload/contract/partner-api';
import { createDemoPractice, type DemoPractice } from '../../../src-main/demo-practice/create-demo-practice';
import { acceptProposal, submitForm } from '../../../src-main/demo-practice/routes/demo-control';
import { openPostgres, type HubDatabase } from '../../../src-main/hub/db/database';
import { createDeviceRegistry } from '../../../src-main/hub/devices/devices';
import { readSecrets, writeSecrets } from '../../../src-main/hub/secrets-file';
import { spawnTracked, type TrackedProcess } from '../../support/tracked-process';
import { openChangeStream, type StreamReader } from './change-stream-reader';
import { hubTestEngine, useHubDatabaseUrl } from './hub-database';

/** One Partner API read a hub process sent, as its own proxy saw it. */
interface Read {
  at: number;
  url: string;
}

const databaseUrl = useHubDatabaseUrl();
const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/**
 * A proxy in front of the demo practice for one hub process: it counts that process's reads (both hubs
 * share one Client ID, so the practice's own log cannot tell them apart).
 */
async function countingProxy(target: string, reads: Read[]): Promise<string> {
  const origin = new URL(target);
  const proxy: Server = createServer((incoming, answer) => {
    if (!incoming.url!.includes('/auth/validate')) reads.push({ at: Date.now(), url: incoming.url! });
    const upstream = httpRequest(
      {
        host: origin.hostname,
        port: origin.port,
        path: incoming.url,
        method: incoming.method,
        headers: incoming.headers,
      },
      (response) => {
        answer.writeHead(response.statusCode ?? 502, response.headers);
        response.pipe(answer);
      },
    );
    upstream.on('error', () => answer.destroy());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => proxy.close(resolve)));
  return `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
}

/** `tsx src-main/hub/cli.ts` in its own process group, on the shared database; resolves with its JSON line. */
async function startHubProcess(
  apiUrl: string,
  credentials: { clientId: string; secret: string },
): Promise<{ process: TrackedProcess; hubUrl: string; webhookUrl: string; dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hub-failover-test-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  writeSecrets(dataDir, { partnerApi: credentials, webhooks: {} });
  const hub = spawnTracked(
    join(process.cwd(), 'node_modules/.bin/tsx'),
    ['src-main/hub/cli.ts', '--api-url', apiUrl, '--port', '0', '--data', dataDir],
    { env: { ...process.env, DATABASE_URL: databaseUrl(), HUB_LEADER_POLL_MS: '250' } },
  );
  cleanups.push(() => hub.stop(10_000));
  let stderr = '';
  hub.child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: hub.child.stdout! }).once('line', resolve);
    void hub.exited.then((code) => reject(new Error(`the hub exited with ${code}: ${stderr}`)));
  });
  const printed = JSON.parse(line) as { hubUrl: string; webhookUrl: string };
  return { process: hub, hubUrl: printed.hubUrl, webhookUrl: printed.webhookUrl, dataDir };
}

async function until(condition: () => boolean | Promise<boolean>, ms: number, what: string): Promise<void> {
  for (const start = Date.now(); !(await condition()); await new Promise((resolve) => setTimeout(resolve, 50)))
    if (Date.now() - start > ms) throw new Error(`${what}: not within ${ms} ms`);
}

describe.runIf(hubTestEngine === 'postgres')('two hub processes on one PostgreSQL database', () => {
  it('when the leader is killed, the other takes over from the committed cursors and loses no event', async () => {
    const demo: DemoPractice = await createDemoPractice({ rateLimit: { enabled: false }, seed: 5 });
    cleanups.push(() => demo.close());
    const practice = demo.practices[0]!;
    const state = demo.runtime.practices[0]!;
    const db: HubDatabase = await openPostgres(databaseUrl()!);
    cleanups.push(() => db.close());
    const readsA: Read[] = [];
    const readsB: Read[] = [];
    const apiPath = new URL(practice.baseUrl).pathname;

    // A starts first: it wins the Client ID's lock and imports before it prints its line. B only serves.
    const a = await startHubProcess(`${await countingProxy(demo.baseUrl, readsA)}${apiPath}`, practice.readWrite);
    const importReads = readsA.length;
    expect(importReads).toBeGreaterThan(10);
    const b = await startHubProcess(`${await countingProxy(demo.baseUrl, readsB)}${apiPath}`, practice.readWrite);

    // The practice delivers both events to B (a load balancer could pick either); B keeps the secrets.
    const asPractice = {
      'X-Svc-Auth-ID': practice.readWrite.clientId,
      'X-Svc-Auth-Key': practice.readWrite.secret,
      'Content-Type': 'application/json',
    };
    const secrets: Record<string, string> = {};
    for (const event of ['eform.submitted', 'proposal.accepted']) {
      const created = await fetch(`${practice.baseUrl}/api/v1/webhooks`, {
        method: 'POST',
        headers: asPractice,
        body: JSON.stringify({ hookUrl: b.webhookUrl, event }),
      });
      const { id, webhookSecret } = webhookCreatedSchema.parse(await created.json());
      secrets[String(id)] = webhookSecret;
    }
    writeSecrets(b.dataDir, { ...readSecrets(b.dataDir), webhooks: secrets });
    const device = await createDeviceRegistry(db).add('Front desk laptop');
    const laptopOnB: StreamReader = await openChangeStream(b.hubUrl, device);
    cleanups.push(() => laptopOnB.close());

    const sentForms = [...state.onboardings.values()].filter((o) => {
      const form = state.eforms.get(o.formKey);
      return form?.status === 'sent' && !form.stackKey && !!o.entityKey && o.statusID !== 4 && o.statusID !== 3;
    });
    expect(sentForms.length).toBeGreaterThanOrEqual(2);
    const [first, second] = sentForms as [(typeof sentForms)[number], (typeof sentForms)[number]];
    const inbox = () =>
      db.query<{ event_key: string; processed: boolean }>(
        'SELECT event_key, processed_at IS NOT NULL AS processed FROM webhook_inbox ORDER BY received_at',
      );

    // 1. B stores the delivery; A, the leader, hears of it at once and re-reads; B's laptop gets the poke.
    submitForm(demo.runtime, first.formKey);
    await laptopOnB.poke(
      (p) => p.lists.includes('onboardings') && !!p.clients?.includes(first.entityKey!),
      10_000,
      'a',
    );
    // Marked once all its work is done (the poke comes with the pass's first commit, maybe before).
    await until(async () => (await inbox())[0]?.processed === true, 10_000, 'the delivery marked processed');
    expect(await inbox()).toEqual([{ event_key: 'eform.submitted', processed: true }]);
    expect(readsB).toEqual([]);
    const passReads = readsA.length - importReads;
    expect(passReads).toBeGreaterThan(0);
    expect(passReads).toBeLessThan(importReads);

    // 2. The leader hangs, then dies. Meanwhile a client accepts a proposal and another submits a form: B
    // stores both deliveries, and nobody does their work.
    process.kill(-a.process.pid, 'SIGSTOP');
    const proposal = [...state.proposals.values()].find((p) => p.statusName === 'Sent');
    expect(proposal).toBeDefined();
    acceptProposal(demo.runtime, proposal!.proposalKey);
    submitForm(demo.runtime, second.formKey);
    await until(async () => (await inbox()).length === 3, 10_000, 'both deliveries stored by B');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await inbox()).filter((row) => row.processed)).toHaveLength(1);
    expect(readsB).toEqual([]);
    const killedAt = Date.now();
    process.kill(-a.process.pid, 'SIGKILL');
    await a.process.exited;

    // 3. B takes over within a bound, does the stored work in its one catch-up pass, and pokes its laptop.
    await laptopOnB.poke((p) => !!p.clients?.includes(second.entityKey!), 10_000, 'the takeover poke');
    expect(readsB[0]!.at - killedAt).toBeLessThan(4_000);
    await until(async () => (await inbox()).every((row) => row.processed), 5_000, 'every delivery processed');
    expect((await inbox()).map((row) => row.event_key).sort()).toEqual([
      'eform.submitted',
      'eform.submitted',
      'proposal.accepted',
    ]);
    const [mirrored] = await db.query<{ status: number }>(
      `SELECT (record->>'statusID')::int AS status FROM mirror_records WHERE resource = 'onboardings' AND key = $1`,
      [second.onboardingKey],
    );
    expect(mirrored).toEqual({ status: 3 });
    // The accepted proposal is in the mirror: its client's proposals were re-read for the event.
    const [accepted] = await db.query<{ status: string }>(
      `SELECT record->>'statusName' AS status FROM mirror_records WHERE resource = 'proposals' AND key = $1`,
      [proposal!.proposalKey.toLowerCase()],
    );
    expect(accepted).toEqual({ status: 'Accepted' });
    // No duplicate reads: one incremental pass from A's committed cursors (as many reads as A's last pass),
    // every list read asking only for changes, and the one read the accepted proposal names; no page of an
    // import read again.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const clientRead = `entityKey=${proposal!.entityKey.toLowerCase()}`;
    expect(readsB.filter((read) => read.url.includes('/proposals/list?'))).toHaveLength(1);
    expect(readsB.find((read) => read.url.includes('/proposals/list?'))!.url).toContain(clientRead);
    const passOfB = readsB.filter((read) => !read.url.includes('/proposals/list?'));
    expect(passOfB).toHaveLength(passReads);
    for (const read of passOfB) if (read.url.includes('/list')) expect(read.url).toContain('lastUpdated=');
    // Every event the practice raised was acknowledged (a retry, under load, is deduplicated by its id).
    const attempts = demo.runtime.webhooks.attempts();
    const events = new Set(attempts.map((attempt) => attempt.eventId));
    expect(events.size).toBe(3);
    for (const eventId of events)
      expect(attempts.some((attempt) => attempt.eventId === eventId && attempt.status === 200)).toBe(true);
  }, 60_000);
});
