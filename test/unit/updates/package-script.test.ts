import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The `package` script's packing step, run as npm would after `npm run build &&`, with electron-builder
 * replaced by a stand-in that prints the options it was given (so nothing is packed here; the packaging
 * integration test packs for real).
 */
const root = resolve(import.meta.dirname, '../../..');
const script = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
  .scripts.package;
const scriptFile = /^npm run build && node (\S+\.cjs)$/.exec(script ?? '')?.[1] ?? '';

const standIn = join(mkdtempSync(join(tmpdir(), 'pc-builder-')), 'stand-in.cjs');
writeFileSync(
  standIn,
  `const Module = require('node:module');
const load = Module._load;
Module._load = function (request, ...rest) {
  if (request === 'electron-builder')
    return { build: async (options) => { process.stdout.write('BUILD ' + JSON.stringify(options)); } };
  return load.call(this, request, ...rest);
};
`,
);

function runPackage(env: Record<string, string>) {
  const inherited = { ...process.env };
  delete inherited.PRACTICE_COMPANION_UPDATE_URL;
  delete inherited.PRACTICE_COMPANION_WIN_PUBLISHER;
  const result = spawnSync(process.execPath, ['-r', standIn, join(root, scriptFile), '--dir'], {
    env: { ...inherited, ...env },
    encoding: 'utf8',
  });
  const built = /BUILD (.+)$/.exec(result.stdout)?.[1];
  return {
    code: result.status,
    stderr: result.stderr,
    options: built ? (JSON.parse(built) as { config: Record<string, unknown> }) : null,
  };
}

describe('the package script and the update feed', () => {
  it('has the expected shape', () => expect(scriptFile).toBe('test/tools/package-app.cjs'));

  it('refuses to package with a feed that is not https, saying why', () => {
    for (const url of [
      'http://updates.example/feed/',
      'ftp://updates.example/',
      'not a url',
      'https://u:p@updates.example/',
    ]) {
      const run = runPackage({ PRACTICE_COMPANION_UPDATE_URL: url });
      expect(run.code, url).toBe(1);
      expect(run.options, url).toBeNull();
      expect(run.stderr).toContain('must be an https:// address');
    }
  });

  it('packs without a feed when none is given, and with it when it is https', () => {
    expect(runPackage({}).options?.config).toMatchObject({ publish: null });
    const run = runPackage({ PRACTICE_COMPANION_UPDATE_URL: 'https://updates.example/feed/' });
    expect(run.code).toBe(0);
    expect(run.options?.config).not.toHaveProperty('publish');
    // Without a publisher Windows would install unverified installers: the packager is told updates will be off there.
    expect(run.stderr).toContain('PRACTICE_COMPANION_WIN_PUBLISHER is not set');
    expect(run.options?.config).not.toHaveProperty('win');
  });

  it("names the Windows publisher, so app-update.yml carries it and electron-updater checks the installer's signature", () => {
    const run = runPackage({
      PRACTICE_COMPANION_UPDATE_URL: 'https://updates.example/feed/',
      PRACTICE_COMPANION_WIN_PUBLISHER: 'Practice Companion Ltd; Practice Companion Pty Ltd',
    });
    expect(run.code).toBe(0);
    expect(run.options?.config).toMatchObject({
      win: { signtoolOptions: { publisherName: ['Practice Companion Ltd', 'Practice Companion Pty Ltd'] } },
    });
    expect(run.stderr).not.toContain('PRACTICE_COMPANION_WIN_PUBLISHER');
  });
});
