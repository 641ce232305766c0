import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeSecrets } from '../../../src-main/hub/secrets-file';
import { inNewPidNamespace } from '../../support/pid-namespace';
import { spawnTracked } from '../../support/tracked-process';
import { waitUntil } from '../../support/wait-for';

/**
 * `systemctl stop` or `docker stop` while the hub is still starting. The practice never answers the start's first
 * Partner API request, so the signal lands inside the start every time. The hub must hear it (as PID 1 of a
 * container it would otherwise be dropped; as a plain process it would kill the hub mid-start), give up the
 * request it waits for instead of waiting for the practice, close what it opened and exit 0: a stop, not a
 * failure, with no lock left and nothing announced.
 */
const cleanups: (() => Promise<unknown> | unknown)[] = [];
// A hub that did not hear the stop is stopped here, given its drain: more than a hook's default 10 s.
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
}, 90_000);

/** A Partner API that takes requests and never answers them: the start waits on its first. */
async function silentPractice() {
  const asked: string[] = [];
  const server = createServer((incoming) => void asked.push(incoming.url ?? ''));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, asked };
}

describe.each([
  { form: 'a plain process', prefix: [] as string[] },
  { form: 'PID 1 of its own namespace, as in a container', prefix: inNewPidNamespace() },
])('a stop asked while the hub starts, as $form', ({ prefix }) => {
  it('is heard: the start gives up the practice’s answer, closes what it opened, and exits 0 with no lock left', async () => {
    const practice = await silentPractice();
    const dataDir = mkdtempSync(join(tmpdir(), 'hub-stop-during-start-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    writeSecrets(dataDir, {
      partnerApi: { clientId: 'hub-stop-test', secret: 'a-secret-nobody-checks' },
      webhooks: {},
    });

    const [command, ...args] = [
      ...prefix,
      process.execPath,
      '--import',
      'tsx',
      'src-main/hub/cli.ts',
      '--api-url',
      practice.url,
      '--port',
      '0',
      '--data',
      dataDir,
    ];
    const hub = spawnTracked(command!, args, { env: { ...process.env, DATABASE_URL: '' } });
    cleanups.push(() => hub.stop(30_000));
    let stdout = '';
    let stderr = '';
    hub.child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    hub.child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));

    await waitUntil('the start’s first Partner API request', () => practice.asked.length > 0, 150_000);
    expect(existsSync(join(dataDir, 'hub.lock'))).toBe(true);
    const signalledAt = Date.now();
    process.kill(-hub.pid, 'SIGTERM');
    await waitUntil('the hub saying it heard the stop', () => stderr.includes('the start gives up'), 30_000).catch(
      (error: Error) => {
        throw new Error(`${error.message}; its stderr: ${stderr.slice(-2000)}`);
      },
    );

    // Without the practice ever answering, and without asking it anything more: the request was given up, not
    // waited out (a Partner API request waits 30 s for an answer, and a read is then tried again).
    expect(await hub.exited).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(15_000);
    expect(practice.asked).toEqual(['/api/v1/auth/validate']);
    expect(stdout).toBe('');
    expect(stderr).toContain('the start was given up: the hub was asked to stop');
    expect(stderr).toContain('The hub stopped before it served.');
    expect(stderr).not.toContain('"level":"error"');
    expect(existsSync(join(dataDir, 'hub.lock'))).toBe(false);
  }, 240_000);
});
