import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAdminEndpoint } from '../../../src-main/hub/admin/admin-file';
import { runDevicesCommand } from '../../../src-main/hub/devices/devices-command';
import type { DeviceCredential } from '../../../src-main/hub/devices/devices';
import { startHub, type RunningHub } from '../../../src-main/hub/start-hub';
import { UNLIMITED_DEMO_LIMITS } from '../../support/demo-and-hub';
import { spawnTracked } from '../../support/tracked-process';
import { openChangeStream } from './change-stream-reader';
import { hubTestEngine } from './hub-database';
import { askHub } from './hub-laptop-requests';
import { useHubTestBed } from './hub-test-bed';

/**
 * Revoked means gone, at once, without stopping the hub: the device's open change stream and its request in
 * flight end within a second, on the process that serves it whichever process revoked it, and
 * `devices add/list/revoke` work while the hub runs — on PGlite through the running hub.
 */
const bed = useHubTestBed('hub-revoke-');
let hub: RunningHub;
const within = (ms: number, what: string, promise: Promise<unknown>) =>
  Promise.race([
    promise,
    new Promise((_, reject) => setTimeout(() => reject(new Error(`${what} took more than ${ms} ms`)), ms)),
  ]);

beforeAll(async () => {
  await bed.openDemo({ rateLimit: { enabled: false }, seed: 5 });
  hub = await bed.startHub({ mirrorEveryMs: 3_600_000 });
}, 180_000);

async function timeToEnd(stream: { ended: Promise<void> }, revoke: () => Promise<unknown>): Promise<number> {
  const began = performance.now();
  await revoke();
  await within(1_000, 'the stream’s end', stream.ended);
  return performance.now() - began;
}

describe(`revoking a device on ${hubTestEngine}`, () => {
  it('ends its change stream and its request in flight within a second, and refuses what it asks next', async () => {
    const laptop = await hub.devices.add('Stolen laptop');
    const other = await hub.devices.add('Front desk laptop');
    const stream = await openChangeStream(hub.hubUrl, laptop);
    const otherStream = await openChangeStream(hub.hubUrl, other);
    // A read the practice answers slowly: the hub is still reading when the device is revoked.
    bed.demo().configure({ faults: { latencyMs: 5_000 } });
    const bill = [...bed.demo().runtime.practices[0]!.bills.values()][0]!;
    const inFlight = askHub(hub, `/bills/${bill.billingId}/pdf`, laptop).then(
      async (response) => `answered ${response.status}: ${(await response.text()).length} bytes`,
      () => 'cut',
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await timeToEnd(stream, () => hub.devices.revoke(laptop.id))).toBeLessThan(1_000);
    expect(await within(1_000, 'the request in flight', inFlight)).toBe('cut');
    bed.demo().configure({ faults: { latencyMs: 0 } });
    expect((await askHub(hub, '/entities/list', laptop)).status).toBe(401);
    // The other laptop is untouched.
    expect((await askHub(hub, '/entities/list', other)).status).toBe(200);
    expect(otherStream.pokes).toEqual([]);
    otherStream.close();
  });

  it('adds, lists and revokes devices while the hub runs, from another process, through the running hub', async () => {
    expect(readAdminEndpoint(bed.dataDir)).toMatchObject({ url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:/) });
    const lines: string[] = [];
    await runDevicesCommand(
      ['add', 'Meeting room laptop'],
      { dataDir: bed.dataDir, databaseUrl: bed.databaseUrl() },
      (l) => lines.push(l),
    );
    const added = JSON.parse(lines[0]!) as { id: string; enrolmentCode: string };
    const [id, token] = Buffer.from(added.enrolmentCode, 'base64url').toString('utf8').split(':');
    const laptop: DeviceCredential = { id: id!, token: token! };
    expect(laptop.id).toBe(added.id);
    const stream = await openChangeStream(hub.hubUrl, laptop);
    // `npm run hub -- devices revoke <id>`: a process of its own, while the hub holds the folder (PGlite) or the database.
    const elapsed = await timeToEnd(stream, async () => {
      const command = spawnTracked(
        'npm',
        ['run', '--silent', 'hub', '--', 'devices', 'revoke', laptop.id, '--data', bed.dataDir],
        { env: { ...process.env, DATABASE_URL: bed.databaseUrl() ?? '' } },
      );
      const printed = new Promise<string>((resolve) =>
        createInterface({ input: command.child.stdout! }).once('line', resolve),
      );
      expect(await command.exited).toBe(0);
      expect(JSON.parse(await printed)).toEqual({ revoked: laptop.id });
    });
    // The command's own start is most of it; the stream ended within a second of the revocation.
    expect(elapsed).toBeLessThan(60_000);
    const listed: string[] = [];
    await runDevicesCommand(['list'], { dataDir: bed.dataDir, databaseUrl: bed.databaseUrl() }, (l) => listed.push(l));
    const devices = JSON.parse(listed[0]!) as { id: string; revokedAt: string | null }[];
    expect(devices.find((device) => device.id === laptop.id)?.revokedAt).toEqual(expect.any(String));
  }, 90_000);

  it.runIf(hubTestEngine === 'postgres')(
    'ends the stream a device holds on another hub process of the database, revoked here or by the command on the database',
    async () => {
      const otherDir = mkdtempSync(join(tmpdir(), 'hub-revoke-other-'));
      const practice = bed.demo().practices[0]!;
      const second = await startHub({
        log: bed.logs.log,
        dataDir: otherDir,
        databaseUrl: bed.databaseUrl(),
        partnerApi: { baseUrl: practice.baseUrl, ...practice.readWrite },
        limits: UNLIMITED_DEMO_LIMITS,
        mirrorEveryMs: 3_600_000,
      });
      bed.logs.track(second);
      try {
        const laptop = await hub.devices.add('Laptop on the other process');
        const stream = await openChangeStream(second.hubUrl, laptop);
        expect(await timeToEnd(stream, () => hub.devices.revoke(laptop.id))).toBeLessThan(1_000);
        // The command on the database itself (no running hub in its folder): its signal reaches every process.
        const spare = mkdtempSync(join(tmpdir(), 'hub-revoke-cli-'));
        const another = await second.devices.add('Another laptop');
        const onSecond = await openChangeStream(second.hubUrl, another);
        const onFirst = await openChangeStream(hub.hubUrl, another);
        await timeToEnd(onSecond, () =>
          runDevicesCommand(
            ['revoke', another.id],
            { dataDir: spare, databaseUrl: bed.databaseUrl() },
            () => undefined,
          ),
        );
        await within(1_000, 'the first process’s stream', onFirst.ended);
        rmSync(spare, { recursive: true, force: true });
      } finally {
        await second.close();
        rmSync(otherDir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});

afterAll(() => bed.demo().configure({ faults: { latencyMs: 0 } }));
