import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { inNewPidNamespace } from '../../support/pid-namespace';
import { spawnTracked, type TrackedProcess } from '../../support/tracked-process';

/**
 * A hub in a container: every start is a fresh PID namespace, so a hub killed with -9 is followed by one with
 * the very same pid. `unshare` makes such a namespace (as root; as another user, inside a user namespace of
 * its own). The data folder is one the hub has to make.
 */
const scratch = mkdtempSync(join(tmpdir(), 'hub-pid-namespace-'));
const dataDir = join(scratch, 'not', 'made', 'yet');
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function startInNamespace(): { hub: TrackedProcess; line: Promise<string> } {
  const [unshare, ...namespace] = inNewPidNamespace();
  const hub = spawnTracked(unshare!, [
    ...namespace,
    process.execPath,
    '--import',
    'tsx',
    'src-main/hub/cli.ts',
    '--demo',
    '--port',
    '0',
    '--data',
    dataDir,
  ]);
  let stderr = '';
  hub.child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const line = new Promise<string>((resolve, reject) => {
    createInterface({ input: hub.child.stdout! }).once('line', resolve);
    hub.child.once('exit', (code) => reject(new Error(`the hub exited with ${code}: ${stderr}`)));
    setTimeout(() => reject(new Error(`no JSON line within 150 s: ${stderr}`)), 150_000);
  });
  return { hub, line };
}

describe('a hub restarted in a new PID namespace', () => {
  it('makes its data folder, and starts again after a kill -9 although its pid is the dead one’s', async () => {
    const first = startInNamespace();
    try {
      expect(JSON.parse(await first.line)).toMatchObject({ hubUrl: expect.stringMatching(/^http:/) });
    } finally {
      // The namespace's first process is the hub: killing it ends the namespace, with no chance to clean up.
      process.kill(-first.hub.pid, 'SIGKILL');
      await first.hub.stop(0);
    }
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    const lock = JSON.parse(readFileSync(join(dataDir, 'hub.lock'), 'utf8')) as { pid: number };
    // In its own namespace the hub was pid 1, and the next one will be too.
    expect(lock.pid).toBe(1);

    const second = startInNamespace();
    try {
      expect(JSON.parse(await second.line)).toMatchObject({ hubUrl: expect.stringMatching(/^http:/) });
    } finally {
      // SIGTERM lets the hub drain (up to HUB_DRAIN_SECONDS, 10 s by default) while its first import is
      // still under way, and close its database: a grace shorter than that would SIGKILL it mid-close.
      await second.hub.stop(30_000);
    }
    // Stopped cleanly this time: SIGTERM reaches the whole group, unshare (which blocks it and waits) and the
    // hub (which as PID 1 hears it only because it listens from the start of its start, however soon after
    // its line it comes); stop() waited for both. The lock went with it.
    expect(existsSync(join(dataDir, 'hub.lock'))).toBe(false);
  }, 330_000);
});
