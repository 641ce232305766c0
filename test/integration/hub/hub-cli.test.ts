import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { runDevicesCommand } from '../../../src-main/hub/devices/devices-command';
import { spawnTracked } from '../../support/tracked-process';
import { useHubDatabaseUrl } from './hub-database';

interface Printed {
  hubUrl: string;
  webhookUrl: string;
  practiceKey: string;
  fingerprint: string | null;
  webhooks: { subscriptions: number; testArrived: boolean };
  demo: { baseUrl: string; practices: { baseUrl: string; readWrite: { clientId: string; secret: string } }[] };
  device: { id: string; token: string; enrolmentCode: string };
}

const databaseUrl = useHubDatabaseUrl();
const dataDir = mkdtempSync(join(tmpdir(), 'hub-cli-test-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function allPages(url: string, headers: Record<string, string>): Promise<{ entityKey: string }[]> {
  const all: { entityKey: string }[] = [];
  for (let pageNumber = 1; ; pageNumber++) {
    const page = (await (await fetch(`${url}?pageNumber=${pageNumber}`, { headers })).json()) as {
      entityKey: string;
    }[];
    if (page.length === 0) return all;
    all.push(...page);
  }
}

describe('npm run hub', () => {
  it('with --demo, mirrors the demo practice and prints one JSON line a laptop can use at once', async () => {
    // npm starts a shell, tsx and the hub: stopping npm alone would leave the hub running.
    const env = { ...process.env, DATABASE_URL: databaseUrl() ?? '' };
    const hub = spawnTracked('npm', ['run', '--silent', 'hub', '--', '--demo', '--port', '0', '--data', dataDir], {
      env,
    });
    try {
      const lines: string[] = [];
      const first = await new Promise<string>((resolve, reject) => {
        createInterface({ input: hub.child.stdout! }).on('line', (line) => {
          lines.push(line);
          resolve(line);
        });
        hub.child.on('exit', (code) => reject(new Error(`hub exited with ${code}`)));
        setTimeout(() => reject(new Error('no JSON line within 170 s')), 170_000);
      });
      const printed = JSON.parse(first) as Printed;
      expect(printed.hubUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      // Plain http on loopback: no certificate, so no fingerprint and nothing for the code to pin.
      expect(printed.fingerprint).toBeNull();
      expect(printed.webhookUrl).toBe(`${printed.hubUrl}/webhooks/partner`);
      const practice = printed.demo.practices[0]!;
      const asPractice = { 'X-Svc-Auth-ID': practice.readWrite.clientId, 'X-Svc-Auth-Key': practice.readWrite.secret };
      const validation = (await (
        await fetch(`${practice.baseUrl}/api/v1/auth/validate`, { headers: asPractice })
      ).json()) as {
        practiceKey: string;
      };
      expect(printed.practiceKey).toBe(validation.practiceKey);
      // Subscribed to each event key the demo lists, and the signed test delivery arrived.
      expect(printed.webhooks).toEqual({ subscriptions: 2, testArrived: true });
      const secrets = JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')) as { webhooks: object };
      expect(Object.keys(secrets.webhooks)).toHaveLength(2);

      const asDevice = { 'X-Svc-Auth-ID': printed.device.id, 'X-Svc-Auth-Key': printed.device.token };
      expect(Buffer.from(printed.device.enrolmentCode, 'base64url').toString()).toBe(
        `${printed.device.id}:${printed.device.token}`,
      );
      const fromHub = await allPages(`${printed.hubUrl}/api/v1/entities/list`, asDevice);
      const fromPractice = await allPages(`${practice.baseUrl}/api/v1/entities/list`, asPractice);
      expect(fromHub.map((e) => e.entityKey).sort()).toEqual(fromPractice.map((e) => e.entityKey).sort());
      expect((await fetch(`${printed.hubUrl}/api/v1/entities/list`)).status).toBe(401);
      // The Partner API secret is in a 0600 file in the data folder.
      expect(statSync(join(dataDir, 'secrets.json')).mode & 0o777).toBe(0o600);
      expect(lines).toHaveLength(1);
    } finally {
      await hub.stop(15_000);
    }
    // Closed cleanly on SIGTERM: the lock is gone, so the devices command can open the folder.
    expect(existsSync(join(dataDir, 'hub.lock'))).toBe(false);
    const out: string[] = [];
    expect(
      await runDevicesCommand(['add', 'Front desk laptop'], { dataDir, databaseUrl: databaseUrl() }, (line) =>
        out.push(line),
      ),
    ).toBe(0);
    const added = JSON.parse(out[0]!) as { id: string; enrolmentCode: string };
    expect(Buffer.from(added.enrolmentCode, 'base64url').toString()).toMatch(new RegExp(`^${added.id}:.{40,}$`));
    expect(
      await runDevicesCommand(['revoke', added.id], { dataDir, databaseUrl: databaseUrl() }, (line) => out.push(line)),
    ).toBe(0);
    expect(await runDevicesCommand(['list'], { dataDir, databaseUrl: databaseUrl() }, (line) => out.push(line))).toBe(
      0,
    );
    const listed = JSON.parse(out.at(-1)!) as { id: string; name: string; revokedAt: string | null }[];
    expect(listed.map((d) => [d.name, d.revokedAt !== null])).toEqual([
      ['Demo laptop', false],
      ['Front desk laptop', true],
    ]);
    expect(JSON.stringify(listed)).not.toContain('token');
  }, 240_000);
});
