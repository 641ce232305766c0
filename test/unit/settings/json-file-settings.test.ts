import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createJsonFileSettings } from '../../../src-main/settings/json-file-settings';

describe('JSON file settings', () => {
  it('persists values across instances', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'settings-')), 'nested', 'settings.json');
    const first = createJsonFileSettings(file);
    first.set('windowState', { width: 1000 });
    first.set('gone', 1);
    first.delete('gone');
    const second = createJsonFileSettings(file);
    expect(second.get('windowState')).toEqual({ width: 1000 });
    expect(second.get('gone')).toBeUndefined();
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ windowState: { width: 1000 } });
  });

  it('starts empty, without throwing, when the file is corrupt', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'settings-')), 'settings.json');
    writeFileSync(file, '{ half a file');
    const settings = createJsonFileSettings(file);
    expect(settings.get('anything')).toBeUndefined();
    settings.set('ok', true);
    expect(createJsonFileSettings(file).get('ok')).toBe(true);
  });
});
