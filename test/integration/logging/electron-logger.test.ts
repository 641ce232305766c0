import { mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import log from 'electron-log/node';
import { describe, expect, it } from 'vitest';
import { createElectronLogger } from '../../../src-main/electron/logging';
import { registerSecret } from '../../../src-main/logging/redact';
import { LOG_MAX_BYTES } from '../../../src-main/logging/rotation';
import { allSecrets, BEARER, SECRET, secretMessages, SIGNED_URL } from '../../unit/logging/secret-samples';

// electron-log loads without Electron (its Node build), so the app's own logger is tried here for real.
log.transports.console.level = false;
const dir = mkdtempSync(join(tmpdir(), 'pc-electron-logs-'));
const logger = createElectronLogger(dir, { routeConsole: false });
const allLogText = () =>
  readdirSync(dir)
    .map((name) => readFileSync(join(dir, name), 'utf8'))
    .join('\n');

describe("the app's logger (electron-log)", () => {
  it('writes no secret to main.log, whether logged through the logger or through electron-log directly', () => {
    registerSecret(SECRET);
    for (const [kind, message] of Object.entries(secretMessages)) logger.warn(kind, message);
    logger.error(
      'Sync run failed',
      Object.assign(new Error(`GET ${SIGNED_URL}`), { headers: { Authorization: `Bearer ${BEARER}` } }),
    );
    log.info('direct', { body: { secret: SECRET }, url: SIGNED_URL });
    const text = allLogText();
    expect(text).toContain('Sync run failed');
    expect(text).toContain('direct');
    expect(allSecrets.filter((secret) => text.includes(secret))).toEqual([]);
  });

  it('rotates to 5 files of at most 1 MB each (electron-log alone would keep one .old file)', () => {
    const line = 'z'.repeat(10_000);
    for (let i = 0; i < 650; i++) logger.info(`bulk ${String(i).padStart(4, '0')} ${line}`);
    const files = readdirSync(dir).sort();
    expect(files).toEqual(['main.1.log', 'main.2.log', 'main.3.log', 'main.4.log', 'main.log']);
    for (const file of files) expect(statSync(join(dir, file)).size).toBeLessThanOrEqual(LOG_MAX_BYTES);
    expect(allLogText()).not.toContain('bulk 0000 ');
    expect(readFileSync(join(dir, 'main.log'), 'utf8')).toContain('bulk 0649 ');
  });
});
