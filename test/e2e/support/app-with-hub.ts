import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createDemoPractice, type DemoPractice } from '../../../src-main/demo-practice/create-demo-practice';
import { startHub, type RunningHub } from '../../../src-main/hub/start-hub';
import { useHubLogWatch } from '../../support/hub-log-watch';
import { openApp, type AppUnderTest } from './app-under-test';

/**
 * For one test file: a demo practice of its own, a hub mirroring it (its log watched: registered first, so its
 * check runs after the hub closed) and the app in Chromium, not connected yet. `hubCredentials`: the Client ID the
 * hub reads with — the read-only one keeps the hub's import out of a direct laptop's minute of the budget.
 */
export function useAppWithHub(folderPrefix: string, hubCredentials: 'readWrite' | 'readOnly' = 'readWrite') {
  const logs = useHubLogWatch();
  const dataDir = mkdtempSync(join(tmpdir(), folderPrefix));
  let app: AppUnderTest | undefined;
  let demo: DemoPractice | undefined;
  let hub: RunningHub | undefined;
  beforeAll(async () => {
    demo = await createDemoPractice({});
    logs.knowDemo(demo);
    const practice = demo.practices[0]!;
    hub = logs.track(
      await startHub({
        log: logs.log,
        dataDir,
        partnerApi: { baseUrl: practice.baseUrl, ...practice[hubCredentials] },
        mirrorEveryMs: 3_600_000,
      }),
    );
    app = await openApp({ viewport: { width: 1280, height: 1000 } });
  }, 240_000);
  afterAll(async () => {
    await app?.close();
    await hub?.close();
    await demo?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const started = <T>(value: T | undefined, what: string): T => {
    if (!value) throw new Error(`${what} has not started yet.`);
    return value;
  };
  return {
    app: () => started(app, 'The app'),
    demo: () => started(demo, 'The demo practice'),
    hub: () => started(hub, 'The hub'),
  };
}
