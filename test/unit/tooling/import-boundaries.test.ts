import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** Lints a snippet as if it lived at `filePath`, returning the ids of the rules it breaks. */
async function violations(filePath: string, code: string): Promise<string[]> {
  const eslint = new ESLint();
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('import boundaries between main, preload and renderer', () => {
  it('stops the renderer importing main, the preloads, Electron or Node built-ins', async () => {
    const file = 'src-renderer/features/clients/Probe.ts';
    for (const code of [
      "import { createMainServices } from '../../../src-main/compose';\nexport const x = createMainServices;",
      "import '../../../src-preload/index';",
      "import { ipcRenderer } from 'electron';\nexport const x = ipcRenderer;",
      "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;",
      "import { Select } from '@radix-ui/themes';\nexport const x = Select;", // injects <style>: breaks the CSP
      "import { Dialog } from '@radix-ui/themes';\nexport const x = Dialog;", // scroll lock injects <style>
    ]) {
      expect(await violations(file, code), code).toContain('no-restricted-imports');
    }
  });

  it('lets the renderer import the shared contract', async () => {
    const code = "import type { AppInfo } from '../../../src-preload/contract/app-info';\nexport type X = AppInfo;";
    expect(await violations('src-renderer/features/clients/Probe.ts', code)).toEqual([]);
  });

  it('stops main importing the renderer or the preload entry, and non-glue main importing Electron', async () => {
    expect(
      await violations(
        'src-main/compose-probe.ts',
        "import { App } from '../src-renderer/app/App';\nexport const x = App;",
      ),
    ).toContain('no-restricted-imports');
    expect(await violations('src-main/compose-probe.ts', "import '../src-preload/index';")).toContain(
      'no-restricted-imports',
    );
    expect(
      await violations('src-main/ipc/probe.ts', "import { app } from 'electron';\nexport const x = app;"),
    ).toContain('no-restricted-imports');
    expect(
      await violations('src-main/electron/probe.ts', "import { app } from 'electron';\nexport const x = app;"),
    ).toEqual([]);
  });

  it('keeps the browser preview out of the shipped Electron entry', async () => {
    const code =
      "import { startPreviewServer } from '../browser-preview/preview-server';\nexport const x = startPreviewServer;";
    expect(await violations('src-main/electron/probe.ts', code)).toContain('no-restricted-imports');
  });

  it('keeps the practice hub and its database drivers out of main and the shipped Electron entry', async () => {
    for (const [file, code] of [
      [
        'src-main/compose-probe.ts',
        "import { createHubServer } from './hub/http/hub-server';\nexport const x = createHubServer;",
      ],
      ['src-main/sync/probe.ts', "import { migrate } from '../hub/db/migrations';\nexport const x = migrate;"],
      ['src-main/electron/probe.ts', "import { openPglite } from '../hub/db/database';\nexport const x = openPglite;"],
      ['src-main/sync/probe.ts', "import { PGlite } from '@electric-sql/pglite';\nexport const x = PGlite;"],
      ['src-main/sync/probe.ts', "import pg from 'pg';\nexport const x = pg;"],
    ]) {
      expect(await violations(file!, code!), `${file}: ${code}`).toContain('no-restricted-imports');
    }
    // The hub itself may use main's sync engine and its drivers.
    const hubCode =
      "import { createSyncEngine } from '../../sync/sync-engine';\nimport { PGlite } from '@electric-sql/pglite';\nexport const x = [createSyncEngine, PGlite];";
    expect(await violations('src-main/hub/mirror/probe.ts', hubCode)).toEqual([]);
  });

  it('keeps the contract free of Electron and Node', async () => {
    expect(
      await violations('src-preload/contract/probe.ts', "import { app } from 'electron';\nexport const x = app;"),
    ).toContain('no-restricted-imports');
  });
});
