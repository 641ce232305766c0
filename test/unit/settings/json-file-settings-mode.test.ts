import { chmodSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createJsonFileSettings } from '../../../src-main/settings/json-file-settings';

const mode = (path: string) => statSync(path).mode & 0o777;

describe.skipIf(process.platform === 'win32')('the settings file is private to the user', () => {
  it('is written 0600, in a folder created 0700', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'settings-')), 'nested');
    const file = join(dir, 'settings.json');
    createJsonFileSettings(file).set('vault.practices', []);
    expect(mode(file)).toBe(0o600);
    expect(mode(dir)).toBe(0o700);
  });

  it('an existing readable file, or a temp file left by a crash, becomes 0600 at the next write', () => {
    const dir = mkdtempSync(join(tmpdir(), 'settings-'));
    const file = join(dir, 'settings.json');
    writeFileSync(file, '{"a":1}');
    chmodSync(file, 0o644);
    writeFileSync(`${file}.${process.pid}.tmp`, 'half');
    chmodSync(`${file}.${process.pid}.tmp`, 0o644);
    const settings = createJsonFileSettings(file);
    expect(settings.get('a')).toBe(1);
    settings.set('b', 2);
    expect(mode(file)).toBe(0o600);
  });
});
