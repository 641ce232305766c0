import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createNetworkSwitch } from '../../../src-main/browser-preview/network-switch';
import { nodeMainDeps } from '../../../src-main/browser-preview/node-pieces';
import { createMainServices, type MainServices } from '../../../src-main/compose';
import type { UpdateSource } from '../../../src-main/updates/update-policy';
import { registryCaller } from '../../support/registry-caller';

let services: MainServices | undefined;
const folders: string[] = [];
afterEach(async () => {
  await services?.dispose();
  services = undefined;
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** Main composed with Node pieces over a real policy file, and an update feed that would check if let. */
function mainWith(policy: object | string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'policy-main-'));
  folders.push(dataDir);
  const policyFile = join(dataDir, 'policy.json');
  writeFileSync(policyFile, typeof policy === 'string' ? policy : JSON.stringify(policy));
  let checks = 0;
  const updates: UpdateSource = {
    feed: 'configured',
    updater: {
      checkForUpdates: async () => void checks++,
      quitAndInstall: () => undefined,
      autoInstallOnAppQuit: true,
      onEvent: () => () => undefined,
    },
  };
  services = createMainServices({
    ...nodeMainDeps({ dataDir, network: createNetworkSwitch(fetch), policyFile }),
    updates,
  });
  return { call: registryCaller(services.handlers), checks: () => checks, policyFile };
}

describe("main obeys the administrator's policy", () => {
  it('turns updates off, fixes the regional host, and tells the window what it set', async () => {
    const app = mainWith({ updates: 'off', regionHosts: { UK: 'https://uk.partner.contoso.example' } });
    expect(await app.call('app.policy', {})).toEqual({
      managed: { updates: 'off', regionHosts: { UK: 'https://uk.partner.contoso.example' } },
      from: app.policyFile,
      problem: null,
    });
    services!.start();
    expect(await app.call('desktop.updateStatus', {})).toMatchObject({
      state: 'off',
      message: 'Updates are off: your administrator turned them off and installs new versions.',
    });
    expect(app.checks()).toBe(0);
    expect((await app.call('desktop.regionHosts', {})).hosts.UK).toBe('https://uk.partner.contoso.example');
  });

  it('ignores a malformed policy as a whole, says so, and writes it in the log', async () => {
    const app = mainWith({ updates: 'off', hubUrl: 'http://hub.office.example' });
    const status = await app.call('app.policy', {});
    expect(status.managed).toEqual({});
    expect(status.problem).toContain('is ignored: "hubUrl" the address must start with https://');
    services!.start();
    expect(await app.call('desktop.updateStatus', {})).not.toMatchObject({ state: 'off' });
    expect((await app.call('desktop.diagnostics', {})).text).toContain('is ignored');
  });
});
