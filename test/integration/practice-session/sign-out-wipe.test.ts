import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createNetworkSwitch } from '../../../src-main/browser-preview/network-switch';
import { nodeMainDeps } from '../../../src-main/browser-preview/node-pieces';
import { createMainServices, type MainServices } from '../../../src-main/compose';
import { createDemoPractice, type DemoPractice } from '../../../src-main/demo-practice/create-demo-practice';
import { removeForgottenPracticeFolders } from '../../../src-main/documents/forgotten-practice-folders';
import { registryCaller } from '../../support/registry-caller';

const running: { services: MainServices; demo?: DemoPractice }[] = [];
/** Files made immutable by a test; made mutable again whatever happens, or the temp folder could never be deleted. */
const locked: string[] = [];
afterEach(async () => {
  for (const file of locked.splice(0)) execFileSync('chattr', ['-i', file]);
  for (const app of running.splice(0)) {
    await app.services.dispose();
    await app.demo?.close();
  }
});

/** Main composed with Node pieces over `dataDir` (a restart is a new call over the same folder), started as the app starts it. */
function startMain(dataDir: string) {
  const app: { services: MainServices; demo?: DemoPractice } = {
    services: createMainServices({
      ...nodeMainDeps({ dataDir, network: createNetworkSwitch(fetch) }),
      startDemo: async () => (app.demo = await createDemoPractice({})),
    }),
  };
  running.push(app);
  app.services.start();
  const call = registryCaller(app.services.handlers);
  return { app, call };
}

const lock = (file: string): void => {
  execFileSync('chattr', ['+i', file]);
  locked.push(file);
};

describe('sign-out when the saved documents cannot be deleted', () => {
  it('reports the documents part as failed with a sentence for the user, and the next start deletes the folder', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sign-out-wipe-'));
    const first = startMain(dataDir);
    const { practice } = await first.call('practice.connectDemo');
    const practiceKey = practice.practiceKey as string;
    const practiceDir = join(dataDir, 'cache', 'practices', practiceKey);
    const documentsDir = join(practiceDir, 'documents');
    // A saved PDF (written here rather than downloaded: what is tested is the wipe, not the download).
    const saved = join(documentsDir, 'bill-1.pdf');
    mkdirSync(documentsDir, { recursive: true });
    writeFileSync(saved, '%PDF-1.7 stand-in');
    // An immutable file cannot be unlinked, so its folder cannot be deleted (as with a file another program holds on Windows).
    lock(saved);

    const result = await first.call('practice.signOut', { practiceKey });
    expect(result).toMatchObject({ removed: true, wiped: { credentials: true, documents: false } });
    expect(result.message).toEqual(expect.any(String));
    expect(result.message.length).toBeGreaterThan(10);
    // Signed out all the same: the practice is no longer listed, so the user is not left with a half-removed practice.
    expect((await first.call('practice.list')).practices).toEqual([]);
    expect(existsSync(documentsDir)).toBe(true);
    await first.app.services.dispose();
    await first.app.demo?.close();
    running.splice(0);

    execFileSync('chattr', ['-i', saved]);
    locked.splice(0);
    const second = startMain(dataDir);
    // practice.list answers once the vault is read; the folder removal follows it.
    expect((await second.call('practice.list')).practices).toEqual([]);
    await expect.poll(() => existsSync(practiceDir), { timeout: 10_000 }).toBe(false);
  });
});

describe('forgotten practice folders at start', () => {
  const known = '11111111-1111-4111-8111-111111111111';
  const forgotten = '22222222-2222-4222-8222-222222222222';

  it('the app start removes the documents of a practice this laptop no longer knows, and keeps those of a restored one', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'forgotten-start-'));
    const first = startMain(dataDir);
    const { practice } = await first.call('practice.connectDemo');
    const keptDir = join(dataDir, 'cache', 'practices', practice.practiceKey as string, 'documents');
    const strayDir = join(dataDir, 'cache', 'practices', forgotten, 'documents');
    // A bill really opened, so the practice's documents key is kept at rest and its sealed file written (a
    // practice with no key at rest has nothing anyone could open again: its files go at the next start).
    const bill = [...first.app.demo!.runtime.practices[0]!.bills.values()].find((b) => b.statusName !== 'Draft')!;
    const ref = { kind: 'bill', id: String(bill.billingId) };
    expect(
      await first.call('documents.open', { practiceKey: practice.practiceKey, ref, entityKey: bill.entityKey }),
    ).toMatchObject({ ok: true });
    const writtenByCache = readdirSync(keptDir);
    expect(writtenByCache.length).toBeGreaterThan(0);
    // A sealed file (named as the encrypted cache names them) and a plain PDF a version without encryption left.
    const sealed = `${'a'.repeat(40)}.bin`;
    mkdirSync(strayDir, { recursive: true });
    for (const dir of [keptDir, strayDir]) {
      writeFileSync(join(dir, 'bill-1.pdf'), '%PDF-1.7 stand-in');
      writeFileSync(join(dir, sealed), 'sealed stand-in');
    }
    await first.app.services.dispose();
    await first.app.demo?.close();
    running.splice(0);

    const second = startMain(dataDir);
    expect((await second.call('practice.list')).practices.map((p: { practiceKey: string }) => p.practiceKey)).toEqual([
      practice.practiceKey,
    ]);
    await expect
      .poll(() => existsSync(join(dataDir, 'cache', 'practices', forgotten)), { timeout: 10_000 })
      .toBe(false);
    // The restored practice keeps what the encrypted cache wrote; its plain leftover goes too.
    await expect
      .poll(() => readdirSync(keptDir).sort(), { timeout: 10_000 })
      .toEqual([...writtenByCache, sealed].sort());
  });

  it('removes the folders of practices no longer known and keeps the others', async () => {
    const cacheRoot = mkdtempSync(join(tmpdir(), 'forgotten-folders-'));
    for (const key of [known, forgotten]) {
      mkdirSync(join(cacheRoot, 'practices', key, 'documents'), { recursive: true });
      writeFileSync(join(cacheRoot, 'practices', key, 'documents', 'manifest.json'), '{}');
    }
    const report = await removeForgottenPracticeFolders(cacheRoot, [known.toUpperCase()]);
    expect(report).toEqual({ removed: [forgotten], failed: [] });
    expect(readdirSync(join(cacheRoot, 'practices'))).toEqual([known]);
  });

  it('a folder that cannot be removed is reported, the others still go; nothing cached yet is no error', async () => {
    const cacheRoot = mkdtempSync(join(tmpdir(), 'forgotten-folders-'));
    expect(await removeForgottenPracticeFolders(cacheRoot, [])).toEqual({ removed: [], failed: [] });
    const other = '33333333-3333-4333-8333-333333333333';
    for (const key of [forgotten, other]) mkdirSync(join(cacheRoot, 'practices', key), { recursive: true });
    const report = await removeForgottenPracticeFolders(cacheRoot, [known], async (dir) => {
      if (dir.endsWith(forgotten)) throw new Error('EPERM: operation not permitted');
    });
    expect(report).toEqual({
      removed: [other],
      failed: [{ name: forgotten, error: 'EPERM: operation not permitted' }],
    });
  });
});
