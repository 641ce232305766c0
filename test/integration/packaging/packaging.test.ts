import { createRequire } from 'node:module';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { listPackage } from '@electron/asar';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStubElectron, readFuseStates } from '../../support/stub-electron';
import { runTracked } from '../../support/tracked-process';
import { mainRuntimeImports, packageName, packageOfEntry, productionClosure } from './asar-contents';

/**
 * Packs the built app the way `npm run package:dir` does — the node command of the `package` script, with
 * ELECTRON_DIST pointing at a stub Electron — in a scratch copy of the project (so dist/ and out/ of the
 * working tree are left alone), then reads back what would ship.
 */
const root = resolve(import.meta.dirname, '../../..');
const packageJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };

/** What main loads at run time (the bare imports of out/main's chunks); everything else in node_modules is theirs. */
const RUNTIME_ROOTS = ['electron-log', 'electron-store', 'electron-updater', 'fastify', 'fflate', 'pdf-lib', 'zod'];
/** Packages only the practice hub uses (`npm run hub`): development dependencies, never in app.asar. */
const HUB_ONLY = ['@electric-sql/pglite', 'pg', 'pg-pool', 'pg-protocol', 'pg-types', '@types/pg'];
/** Bundled into out/renderer by Vite: a copy under node_modules would only add weight. */
const RENDERER_ONLY = [
  'react',
  'react-dom',
  'react-router',
  '@radix-ui',
  '@tanstack',
  'dexie',
  'dexie-react-hooks',
  'pdfjs-dist',
  'zustand',
  '@internationalized',
];
/** Measured 18.6 MB (out/renderer 7.3 MB, out/main 0.55 MB, node_modules 10.7 MB); the ceiling leaves ~25 % headroom. */
const ASAR_CEILING_BYTES = 23 * 1024 * 1024;

/** The `package` script's packing step, exactly as npm runs it after `npm run build &&`. */
function packScript(): string {
  const script = packageJson.scripts.package ?? '';
  const match = /^npm run build && node (\S+\.cjs)$/.exec(script);
  if (!match?.[1]) throw new Error(`package.json "package" script has an unexpected shape: ${script}`);
  return match[1];
}

async function pack(projectDir: string, env: Record<string, string>): Promise<string> {
  const inherited = { ...process.env };
  delete inherited.PRACTICE_COMPANION_UPDATE_URL;
  const result = await runTracked(process.execPath, [join(projectDir, packScript()), '--dir'], {
    cwd: projectDir,
    env: { ...inherited, ...env },
  });
  if (result.code !== 0) throw new Error(`Packing failed (${result.code}):\n${result.stdout}\n${result.stderr}`);
  return join(projectDir, 'dist/linux-unpacked');
}

/** Copied into the scratch project; every other top-level entry (sources, tests, docs, node_modules) is linked. */
const COPIED = ['out', 'resources', 'package.json', 'package-lock.json', 'electron-builder.yml'];

/** A scratch project that looks like the working tree (so a too-wide `files` list would pick up src-*, test/, docs/). */
function scratchProject(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pc-pack-'));
  for (const entry of COPIED) cpSync(join(root, entry), join(dir, entry), { recursive: true });
  for (const entry of readdirSync(root)) {
    if (COPIED.includes(entry) || ['dist', '.git'].includes(entry)) continue;
    symlinkSync(join(root, entry), join(dir, entry));
  }
  return dir;
}

const scratch: string[] = [];
let stub: string;
let appDir: string;
let asarPath: string;

beforeAll(async () => {
  if (!existsSync(join(root, 'out/main/index.js')) || !existsSync(join(root, 'out/renderer/index.html'))) {
    throw new Error('out/ is not built: run `npm run build` first (npm test does it before vitest).');
  }
  stub = createStubElectron();
  scratch.push(stub);
  const project = scratchProject();
  scratch.push(project);
  appDir = await pack(project, { ELECTRON_DIST: stub });
  asarPath = join(appDir, 'resources/app.asar');
}, 180_000);

afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

describe('npm run package:dir', () => {
  it('is the package script with --dir, and packs with the Electron named by ELECTRON_DIST', () => {
    expect(packageJson.scripts['package:dir']).toBe('npm run package -- --dir');
    expect(readFileSync(join(appDir, 'version'), 'utf8')).toBe(readFileSync(join(stub, 'version'), 'utf8'));
    expect(existsSync(asarPath)).toBe(true);
    // No loose app folder next to the archive (onlyLoadAppFromAsar would refuse it anyway).
    expect(existsSync(join(appDir, 'resources/app'))).toBe(false);
  });

  it('ships only out/, package.json, the window icon and the production dependencies main loads', () => {
    const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
    // By package name: electron-builder lays node_modules out its own way (it hoists what npm nested).
    const allowedNames = new Set([...productionClosure(lock, RUNTIME_ROOTS)].map(packageName));
    const entries = listPackage(asarPath, { isPack: false }).map((entry) => entry.replaceAll('\\', '/'));
    const outsideList = entries.filter((entry) => {
      if (['/out', '/package.json', '/resources', '/resources/icon.png', '/node_modules'].includes(entry)) return false;
      if (/^\/out\/(main|preload|renderer)(\/|$)/.test(entry)) return /\.map$/.test(entry);
      const owner = packageOfEntry(entry);
      if (owner === undefined) return true;
      return owner !== '' && !allowedNames.has(packageName(owner));
    });
    expect(outsideList).toEqual([]);

    const shippedNames = new Set(
      entries
        .map(packageOfEntry)
        .filter((owner): owner is string => !!owner)
        .map(packageName),
    );
    expect(
      RENDERER_ONLY.flatMap((name) =>
        [...shippedNames].filter((shipped) => shipped === name || shipped.startsWith(`${name}/`)),
      ),
    ).toEqual([]);
    // The practice hub (src-main/hub) is a separate process: its database drivers never ship.
    expect([...shippedNames].filter((name) => HUB_ONLY.includes(name))).toEqual([]);
    // No native modules (npmRebuild is off), no sources, maps or type declarations.
    expect(entries.filter((entry) => /\.(node|map|ts|cts|mts)$/.test(entry))).toEqual([]);
    expect(entries).toContain('/out/main/index.js');
    expect(entries).toContain('/out/preload/index.cjs');
    expect(entries).toContain('/out/renderer/index.html');
    // The window icon: src-main/index.ts's `?asset` import resolves to <app>/resources/icon.png.
    expect(entries).toContain('/resources/icon.png');
  });

  it('holds every package main imports at run time (the app can start)', () => {
    // index.js and the chunks it loads on demand (the demo practice is one): all of them must be packed.
    const chunks = readdirSync(join(root, 'out/main')).filter((file) => file.endsWith('.js'));
    const mainSource = chunks.map((file) => readFileSync(join(root, 'out/main', file), 'utf8')).join('\n');
    // The browser preview (src-main/browser-preview) stays out of main's bundle.
    expect(mainSource).not.toMatch(/__preview|preview-server/);
    // Nor does the practice hub: its tables are nowhere in main's bundle (main only names the change stream's
    // address, as a client of it).
    expect(mainSource).not.toMatch(/mirror_records|hub_change_seq|webhook_inbox|hub_practice|mirrored_clients/);
    const entries = new Set(listPackage(asarPath, { isPack: false }).map((entry) => entry.replaceAll('\\', '/')));
    for (const file of chunks) expect(entries, `out/main/${file} is packed`).toContain(`/out/main/${file}`);
    const imports = mainRuntimeImports(mainSource);
    expect(imports.length).toBeGreaterThan(0);
    for (const name of imports)
      expect(entries.has(`/node_modules/${name}/package.json`), `${name} is imported by main`).toBe(true);
    // Every package main imports is one the allowed list was built from: a new import must be added here on purpose.
    expect(imports.filter((name) => !RUNTIME_ROOTS.includes(name))).toEqual([]);
  });

  it(`keeps app.asar under ${ASAR_CEILING_BYTES / 1024 / 1024} MB`, () => {
    const size = readFileSync(asarPath).length;
    console.log(`app.asar: ${(size / 1024 / 1024).toFixed(1)} MB (ceiling ${ASAR_CEILING_BYTES / 1024 / 1024} MB)`);
    expect(size).toBeLessThan(ASAR_CEILING_BYTES);
  });

  it('is configured for managed deployment: a per-machine MSI beside the per-user NSIS, and a macOS pkg', async () => {
    // The configuration as electron-builder resolves it and validates it against its own schema (a misspelt option
    // fails here): the MSI and the pkg need Windows' and macOS' tools to build, which these machines do not have.
    const require = createRequire(import.meta.url);
    const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config') as {
      getConfig(projectDir: string, configPath: string | null, options: null): Promise<Record<string, unknown>>;
      validateConfiguration(config: Record<string, unknown>, logger: unknown): Promise<void>;
    };
    const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };
    const effective = (await getConfig(root, null, null)) as unknown as {
      win: { target: string[] };
      nsis: { perMachine: boolean; oneClick: boolean };
      msi: { perMachine: boolean; upgradeCode: string };
      mac: { target: string[] };
      pkg: { installLocation: string; isRelocatable: boolean };
    };
    await validateConfiguration(effective as unknown as Record<string, unknown>, new DebugLogger(false));
    expect(effective.win.target).toEqual(['nsis', 'msi']);
    expect(effective.nsis).toMatchObject({ perMachine: false, oneClick: true });
    expect(effective.msi).toMatchObject({ perMachine: true });
    expect(effective.msi.upgradeCode).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(effective.mac.target).toContain('pkg');
    expect(effective.pkg).toMatchObject({ installLocation: '/Applications', isRelocatable: false });
  });

  it('writes no update feed when PRACTICE_COMPANION_UPDATE_URL is unset', () => {
    expect(existsSync(join(appDir, 'resources/app-update.yml'))).toBe(false);
  });

  it('flips the fuses in the packed binary', async () => {
    const binary = join(appDir, 'practice-companion');
    // The stub starts from Electron's defaults, so an unflipped wire would fail below.
    expect(readFuseStates(join(stub, 'electron'))).toBe('10110001');
    const wire = await getCurrentFuseWire(binary);
    const state = (fuse: FuseV1Options): string => String.fromCharCode(wire[fuse] as number);
    expect({
      runAsNode: state(FuseV1Options.RunAsNode),
      enableCookieEncryption: state(FuseV1Options.EnableCookieEncryption),
      enableNodeOptionsEnvironmentVariable: state(FuseV1Options.EnableNodeOptionsEnvironmentVariable),
      enableNodeCliInspectArguments: state(FuseV1Options.EnableNodeCliInspectArguments),
      enableEmbeddedAsarIntegrityValidation: state(FuseV1Options.EnableEmbeddedAsarIntegrityValidation),
      onlyLoadAppFromAsar: state(FuseV1Options.OnlyLoadAppFromAsar),
      loadBrowserProcessSpecificV8Snapshot: state(FuseV1Options.LoadBrowserProcessSpecificV8Snapshot),
      grantFileProtocolExtraPrivileges: state(FuseV1Options.GrantFileProtocolExtraPrivileges),
    }).toEqual({
      runAsNode: '0',
      enableCookieEncryption: '1',
      enableNodeOptionsEnvironmentVariable: '0',
      enableNodeCliInspectArguments: '0',
      enableEmbeddedAsarIntegrityValidation: '1',
      onlyLoadAppFromAsar: '1',
      loadBrowserProcessSpecificV8Snapshot: '0',
      grantFileProtocolExtraPrivileges: '0',
    });
  });

  it('writes a generic update feed from PRACTICE_COMPANION_UPDATE_URL when it is set', async () => {
    const project = scratchProject();
    scratch.push(project);
    const url = 'https://updates.practice.example/companion/';
    const withFeed = await pack(project, { ELECTRON_DIST: stub, PRACTICE_COMPANION_UPDATE_URL: url });
    const feed = readFileSync(join(withFeed, 'resources/app-update.yml'), 'utf8');
    expect(feed).toContain('provider: generic');
    expect(feed).toContain(`url: ${url}`);
  }, 180_000);
});
