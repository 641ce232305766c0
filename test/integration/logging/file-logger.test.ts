import { mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFileLogger } from '../../../src-main/logging/file-logger';
import { registerSecret } from '../../../src-main/logging/redact';
import { LOG_MAX_BYTES } from '../../../src-main/logging/rotation';
import { allSecrets, BEARER, SECRET, secretMessages, SIGNED_URL } from '../../unit/logging/secret-samples';

const freshDir = () => mkdtempSync(join(tmpdir(), 'pc-logs-'));
const allLogText = (dir: string) =>
  readdirSync(dir)
    .map((name) => readFileSync(join(dir, name), 'utf8'))
    .join('\n');

describe('the file logger (browser preview and tests; the app uses electron-log with the same redaction and rotation)', () => {
  it('writes no secret to the file, whatever shape it was logged in', () => {
    const dir = freshDir();
    const log = createFileLogger({ dir });
    registerSecret(SECRET);
    for (const [kind, message] of Object.entries(secretMessages)) log.warn(kind, message);
    const cause = new Error(`body was ${JSON.stringify({ secret: SECRET })}`);
    log.error(
      'Sync run failed',
      Object.assign(new Error(`GET ${SIGNED_URL}`, { cause }), { headers: { Authorization: `Bearer ${BEARER}` } }),
    );
    log.info({ request: { url: SIGNED_URL, headers: { 'X-Svc-Auth-Key': SECRET } }, body: { secret: SECRET } });

    const text = allLogText(dir);
    expect(text).toContain('Sync run failed');
    expect(text).toContain('doc.pdf?[redacted]');
    expect(text.split('\n').filter(Boolean).length).toBeGreaterThanOrEqual(Object.keys(secretMessages).length + 2);
    expect(allSecrets.filter((secret) => text.includes(secret))).toEqual([]);
    expect(allSecrets.filter((secret) => log.recentLines().join('\n').includes(secret))).toEqual([]);
  });

  it('is owner-only on disk', () => {
    const dir = freshDir();
    createFileLogger({ dir }).info('hello');
    if (process.platform !== 'win32') expect(statSync(join(dir, 'main.log')).mode & 0o777).toBe(0o600);
  });

  it('rotates at 1 MB and keeps 5 files: main.log and main.1.log … main.4.log, the oldest dropped', () => {
    const dir = freshDir();
    const log = createFileLogger({ dir });
    const line = 'x'.repeat(10_000);
    // 7 MB written: more than the 5 files can hold, so the oldest lines must have gone.
    for (let i = 0; i < 7 * 105; i++) log.info(`line ${String(i).padStart(4, '0')} ${line}`);
    const files = readdirSync(dir).sort();
    expect(files).toEqual(['main.1.log', 'main.2.log', 'main.3.log', 'main.4.log', 'main.log']);
    for (const file of files) expect(statSync(join(dir, file)).size).toBeLessThanOrEqual(LOG_MAX_BYTES);
    const text = allLogText(dir);
    expect(text).not.toContain('line 0000 ');
    expect(text).toContain(`line ${String(7 * 105 - 1).padStart(4, '0')} `);
    // The newest lines are in main.log, older ones in the numbered files.
    expect(readFileSync(join(dir, 'main.log'), 'utf8')).toContain(`line ${String(7 * 105 - 1).padStart(4, '0')} `);
  });

  it('continues an existing file after a restart and rotates it when it is full', () => {
    const dir = freshDir();
    writeFileSync(join(dir, 'main.log'), 'y'.repeat(LOG_MAX_BYTES - 10));
    createFileLogger({ dir }).info('after restart');
    expect(readdirSync(dir).sort()).toEqual(['main.1.log', 'main.log']);
    expect(readFileSync(join(dir, 'main.log'), 'utf8')).toContain('after restart');
  });

  it('keeps the last 200 lines in memory for diagnostics', () => {
    const log = createFileLogger({ dir: freshDir() });
    for (let i = 0; i < 250; i++) log.info(`entry ${i}`);
    const lines = log.recentLines();
    expect(lines).toHaveLength(200);
    expect(lines[0]).toContain('entry 50');
    expect(lines[199]).toContain('entry 249');
  });
});
