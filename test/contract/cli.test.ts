import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { spawnTracked } from '../support/tracked-process';

describe('npm run practice (issue: entry points)', () => {
  it("serves on 127.0.0.1 and prints exactly one JSON line with baseUrl and both practices' credentials", async () => {
    // npm starts a shell, tsx and the server: stopping npm alone would leave the server running.
    const practiceCli = spawnTracked('npm', [
      'run',
      '--silent',
      'practice',
      '--',
      '--port',
      '0',
      '--page-size',
      '50',
      '--no-rate-limit',
    ]);
    const { child } = practiceCli;
    try {
      const lines: string[] = [];
      const first = await new Promise<string>((resolve, reject) => {
        const rl = createInterface({ input: child.stdout! });
        rl.on('line', (line) => {
          lines.push(line);
          resolve(line);
        });
        child.on('exit', (code) => reject(new Error(`practice exited with ${code}`)));
        setTimeout(() => reject(new Error('no JSON line within 30 s')), 30_000);
      });
      const printed = JSON.parse(first) as {
        baseUrl: string;
        practices: {
          name: string;
          region: string;
          baseUrl: string;
          readWrite: { clientId: string; secret: string };
          readOnly: { clientId: string; secret: string };
        }[];
      };
      expect(printed.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(printed.practices).toHaveLength(3);
      expect(printed.practices.map((p) => p.region)).toEqual(['ANZ', 'UK', 'ZA']);
      const southAfrican = printed.practices[2]!;
      const asSouthAfrican = await fetch(`${southAfrican.baseUrl}/api/v1/auth/validate`, {
        headers: { 'X-Svc-Auth-ID': southAfrican.readWrite.clientId, 'X-Svc-Auth-Key': southAfrican.readWrite.secret },
      });
      expect(await asSouthAfrican.json()).toMatchObject({ canWrite: true, region: 'ZA' });
      const practice = printed.practices[0]!;
      const headers = { 'X-Svc-Auth-ID': practice.readWrite.clientId, 'X-Svc-Auth-Key': practice.readWrite.secret };
      const validate = await fetch(`${printed.baseUrl}/api/v1/auth/validate`, { headers });
      expect(await validate.json()).toMatchObject({ canWrite: true, region: 'ANZ' });
      const page = (await (await fetch(`${practice.baseUrl}/api/v1/entities/list`, { headers })).json()) as unknown[];
      expect(page).toHaveLength(50);
      const readOnly = await fetch(`${printed.baseUrl}/api/v1/auth/validate`, {
        headers: { 'X-Svc-Auth-ID': practice.readOnly.clientId, 'X-Svc-Auth-Key': practice.readOnly.secret },
      });
      expect(((await readOnly.json()) as { canWrite: boolean }).canWrite).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(lines).toHaveLength(1);
    } finally {
      await practiceCli.stop();
    }
  }, 60_000);

  it('refuses bad flags with a clear message', async () => {
    const practiceCli = spawnTracked('npm', ['run', '--silent', 'practice', '--', '--size', 'huge']);
    let stderr = '';
    practiceCli.child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    let code: number | null;
    try {
      code = await practiceCli.exited;
    } finally {
      await practiceCli.stop();
    }
    expect(code).not.toBe(0);
    expect(stderr).toMatch(/--size must be small or large/);
  }, 60_000);
});
