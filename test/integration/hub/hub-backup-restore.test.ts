import 'fake-indexeddb/auto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunningHub } from '../../../src-main/hub/start-hub';
import type { SyncPageEvent } from '../../../src-preload/contract/practice';
import { connectLaptopThroughHub } from '../../support/hub-enrolment';
import type { NodeApp } from '../../support/node-companion';
import { startRecordingLaptop } from '../../support/recording-laptop';
import { syncIntoDexie } from '../../support/sync-into-dexie';
import { spawnTracked } from '../../support/tracked-process';
import { waitFor } from '../../support/wait-for';
import { hubTestEngine } from './hub-database';
import { restingSnapshot, snapshotPlace, wipeHub, type DatabaseSnapshot } from './hub-database-snapshot';
import { useHubTestBed } from './hub-test-bed';

/**
 * A hub's whole life on its disk: a mirrored hub with devices, cursors, processed webhook deliveries and held
 * clients is backed up while it runs (on PGlite through the running hub), everything is lost, the backup is
 * restored with the command line, and the hub started on it carries on as if nothing happened.
 */
const bed = useHubTestBed('hub-backup-test-');
const scratch = mkdtempSync(join(tmpdir(), 'hub-backup-files-'));
let laptop: NodeApp | undefined;
afterAll(async () => {
  await laptop?.close();
  rmSync(scratch, { recursive: true, force: true });
});

const PASSPHRASE = 'a long passphrase for the practice hub';
const place = () => ({ dataDir: bed.dataDir, databaseUrl: bed.databaseUrl() });

/** The hub's command line as an administrator runs it (the built hub, through npm). */
async function hubCommand(args: string[], env: Record<string, string> = {}) {
  const run = spawnTracked('npm', ['run', '--silent', 'hub', '--', ...args, '--data', bed.dataDir], {
    env: { ...process.env, DATABASE_URL: bed.databaseUrl() ?? '', HUB_BACKUP_PASSPHRASE: PASSPHRASE, ...env },
  });
  let stdout = '';
  let stderr = '';
  run.child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  run.child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  try {
    return { code: await run.exited, stdout, stderr };
  } finally {
    await run.stop();
  }
}

/** The Partner API paths a hub reads (not the credentials check), in order. */
function countingFetch(reads: string[]): typeof fetch {
  return (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (!url.pathname.endsWith('/auth/validate')) reads.push(`${url.pathname}${url.search}`);
    return fetch(input, init);
  };
}

/** How many records of each list one sync run of the laptop received from the hub. */
async function laptopSync(app: NodeApp, practiceKey: string): Promise<Record<string, number>> {
  const received: Record<string, number> = {};
  const off = app.companion.on('sync.page', (page: SyncPageEvent) => {
    received[page.resource] = (received[page.resource] ?? 0) + page.records.length;
  });
  try {
    await syncIntoDexie(app.companion, practiceKey, 'full');
  } finally {
    off();
  }
  return received;
}

describe('backing up and restoring the hub', () => {
  let port = 0;
  /** The database as the backup was made: what every restore of it must give back. */
  let before: DatabaseSnapshot;
  const backupFile = join(scratch, 'hub.backup');

  it('backup, wipe, restore: the same records served, the laptop carries on from its cursors, devices still verify, no delivery worked twice', async () => {
    const demo = await bed.openDemo({ port: 0, rateLimit: { enabled: false } });
    const state = demo.runtime.practices[0]!;
    // The backstop every 20 minutes: none runs during the test, and a client just read is not due again.
    const start = (reads: string[]) =>
      bed.startHub({ subscribeWebhooks: true, mirrorEveryMs: 20 * 60_000, port, fetch: countingFetch(reads) });
    const importReads: string[] = [];
    let hub: RunningHub = await start(importReads);
    port = Number(new URL(hub.hubUrl).port);
    expect(hub.webhooks.testArrived).toBe(true);

    // A client held (a device asked for its proposals), then accepting one: the delivery is done and marked.
    const accepted = [...state.proposals.values()].find((p) => p.statusName === 'Sent')!;
    const reader = await hub.devices.add('Reception laptop');
    const asReader = { 'X-Svc-Auth-ID': reader.id, 'X-Svc-Auth-Key': reader.token };
    const proposalsOf = (entityKey: string) =>
      fetch(`${hub.hubUrl}/api/v1/proposals/list?entityKey=${entityKey}`, { headers: asReader });
    expect((await proposalsOf(accepted.entityKey)).status).toBe(200);
    demo.acceptProposal(accepted.proposalKey);
    const processed = () =>
      hub.db.query<{ eventId: string; processedAt: string | null }>(
        `SELECT event_id AS "eventId", processed_at::text AS "processedAt" FROM webhook_inbox
          WHERE event_key = 'proposal.accepted'`,
      );
    await waitFor('the delivery done', processed, (rows) => rows.length === 1 && rows[0]!.processedAt !== null);
    const revoked = await hub.devices.add('Stolen laptop');
    await hub.devices.revoke(revoked.id);
    // The mirror as an hour-old one would be: a laptop's watermark is then past every record's change time.
    await hub.db.query(`UPDATE mirror_records SET changed_at = changed_at - interval '1 hour'`);

    laptop = await startRecordingLaptop([]);
    const { practice } = await connectLaptopThroughHub(laptop, hub);
    await syncIntoDexie(laptop.companion, practice.practiceKey);
    // What a laptop that has everything receives from a sync of every list: the mirror's changes since its cursors.
    const laptopControl = await laptopSync(laptop, practice.practiceKey);
    expect(laptopControl.entities ?? 0).toBe(0);

    // What a plain restart of this hub reads: its cursors' incremental pass, no import.
    await bed.stopHub();
    const restartReads: string[] = [];
    hub = await start(restartReads);
    expect(restartReads.length).toBeLessThan(importReads.length / 2);

    // Backed up while it runs, by the command line (on PGlite the hub holds its folder: through the hub).
    await hub.settled();
    before = await restingSnapshot(hub.db);
    const processedBefore = await processed();
    const backup = await hubCommand(['backup', '--to', backupFile]);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    const summary = JSON.parse(backup.stdout) as { tables: Record<string, number>; files: string[] };
    expect(summary.tables.mirror_records).toBe(before.tables.mirror_records!.length);
    expect(summary.files).toEqual(['secrets.json']);
    await bed.stopHub();

    // Everything lost; a wrong passphrase restores nothing and says why.
    await wipeHub(place());
    const wrong = await hubCommand(['restore', '--from', backupFile], { HUB_BACKUP_PASSPHRASE: 'not the passphrase' });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('The passphrase does not open this backup');
    expect(existsSync(join(bed.dataDir, 'secrets.json'))).toBe(false);
    expect(existsSync(join(bed.dataDir, 'pglite'))).toBe(false);

    const restore = await hubCommand(['restore', '--from', backupFile]);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    // Every row of every table and every sequence, exactly.
    expect(await snapshotPlace(place())).toEqual(before);

    // The restored hub: an incremental pass like a plain restart's, and the processed delivery not worked again.
    const restoredReads: string[] = [];
    hub = await start(restoredReads);
    // The lists read, without the webhook subscription's own calls (each start subscribes anew).
    const paths = (reads: string[]) =>
      reads
        .map((read) => read.split('?')[0]!)
        .filter((path) => !path.includes('/webhooks'))
        .sort();
    expect(paths(restoredReads)).toEqual(paths(restartReads));
    expect(restoredReads.filter((read) => read.includes(accepted.entityKey))).toEqual([]);
    expect(await processed()).toEqual(processedBefore);

    // The laptop carries on from its cursors: exactly what it received before, not a re-import.
    expect(await laptopSync(laptop, practice.practiceKey)).toEqual(laptopControl);
    // Devices verify as before; the revoked one stays refused; the held client is served without a read.
    const validate = (headers: Record<string, string>) =>
      fetch(`${hub.hubUrl}/api/v1/auth/validate`, { headers }).then((r) => r.status);
    expect(await validate(asReader)).toBe(200);
    expect(await validate({ 'X-Svc-Auth-ID': revoked.id, 'X-Svc-Auth-Key': revoked.token })).toBe(401);
    const readsBefore = restoredReads.length;
    expect((await proposalsOf(accepted.entityKey)).status).toBe(200);
    expect(restoredReads.length).toBe(readsBefore);

    // The webhook secrets came back too: the next delivery verifies and is done, once.
    const next = [...state.proposals.values()].find(
      (p) => p.statusName === 'Sent' && p.entityKey !== accepted.entityKey,
    )!;
    demo.acceptProposal(next.proposalKey);
    await waitFor('the new delivery done', processed, (rows) => rows.length === 2 && rows.every((r) => r.processedAt));
  }, 480_000);

  it.runIf(hubTestEngine === 'postgres')(
    'restores the same backup into PGlite: one form for both engines',
    async () => {
      const folder = mkdtempSync(join(tmpdir(), 'hub-backup-pglite-'));
      try {
        const run = spawnTracked(
          'npm',
          ['run', '--silent', 'hub', '--', 'restore', '--from', backupFile, '--data', folder],
          { env: { ...process.env, DATABASE_URL: '', HUB_BACKUP_PASSPHRASE: PASSPHRASE } },
        );
        expect(await run.exited).toBe(0);
        await run.stop();
        expect(await snapshotPlace({ dataDir: folder, databaseUrl: undefined })).toEqual(before);
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
    240_000,
  );
});
