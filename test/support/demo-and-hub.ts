import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { createDemoPractice, type DemoPractice } from '../../src-main/demo-practice/create-demo-practice';
import type { DemoOptionsInput } from '../../src-main/demo-practice/options';
import { startHub as startRunningHub, type RunningHub, type StartHubOptions } from '../../src-main/hub/start-hub';
import { useHubLogWatch, type HubLogWatch } from './hub-log-watch';

/**
 * The limits a hub plans by when its demo practice limits nothing: generous, so a test's laptop reads right
 * after the hub's first import do not wait for the contract's minute to free (they are capped below the
 * minute's limit, behind webhook work). A test of the hub's budget runs its demo with its limiter on.
 */
export const UNLIMITED_DEMO_LIMITS = { perMinute: 3_000, perHour: 50_000, perDay: 500_000 } as const;

/** What a test may choose of a hub's start; the data folder and the database are the bed's. */
export type BedHubOptions = Omit<StartHubOptions, 'dataDir' | 'databaseUrl' | 'partnerApi'> & {
  partnerApi?: StartHubOptions['partnerApi'];
};

/** The demo practice, a hub mirroring it and the hub's data folder, for one test file. */
export interface DemoAndHub {
  /** Made at once (a test may write secrets or a certificate into it before the first start). */
  readonly dataDir: string;
  /** The demo practice once `openDemo` has made it. */
  demo(): DemoPractice;
  /** The hub `startHub` started, until `stopHub`. */
  hub(): RunningHub;
  openDemo(options?: DemoOptionsInput): Promise<DemoPractice>;
  /**
   * Starts a hub on the data folder (and on the run's database, when there is one) that mirrors the demo's
   * first practice with its read-write Client ID unless `partnerApi` says otherwise. One at a time: a second
   * while one runs is refused, so no hub outlives the file.
   */
  startHub(options?: BedHubOptions): Promise<RunningHub>;
  /** Stops the running hub (to restart it, or to see what a laptop does without it). */
  stopHub(): Promise<void>;
  /**
   * The log of every hub the bed starts (and of any other a test starts with `logs.log`), checked after the
   * file: one JSON object a line, and no secret the file's hubs, practice and folder held.
   */
  readonly logs: HubLogWatch;
}

/**
 * The core of the hubs' test bed, for integration and end-to-end tests alike; after the file it stops the
 * hub, then the practice, then removes the folder. Vitest runs `afterAll` hooks last-registered first, so
 * what a file starts after calling this (a laptop, a browser) is closed before the hub it talks to.
 */
export function useDemoAndHub(options: { folderPrefix: string; databaseUrl?: () => string | undefined }): DemoAndHub {
  // First, so its check runs after the hub below has closed and written its last lines.
  const logs = useHubLogWatch();
  const dataDir = mkdtempSync(join(tmpdir(), options.folderPrefix));
  let demo: DemoPractice | undefined;
  let hub: RunningHub | undefined;
  afterAll(async () => {
    await hub?.close();
    await demo?.close();
    // The webhook secrets and metrics token the file's hubs read, before the folder goes.
    logs.knowFolder(dataDir);
    rmSync(dataDir, { recursive: true, force: true });
    // A hub's close may take its whole drain (10 s by default) and then its database's close, on a loaded machine.
  }, 60_000);
  const theDemo = (): DemoPractice => {
    if (!demo) throw new Error('No demo practice yet: call openDemo first.');
    return demo;
  };
  return {
    dataDir,
    demo: theDemo,
    hub: () => {
      if (!hub) throw new Error('No hub is running: call startHub first.');
      return hub;
    },
    async openDemo(demoOptions = {}) {
      if (demo) throw new Error('The demo practice is open already.');
      demo = await createDemoPractice(demoOptions);
      logs.knowDemo(demo);
      return demo;
    },
    async startHub(hubOptions = {}) {
      if (hub) throw new Error('A hub is running already: stop it first.');
      const practice = theDemo().practices[0]!;
      const limitless = !theDemo().runtime.options.rateLimit.enabled;
      hub = await startRunningHub({
        partnerApi: { baseUrl: practice.baseUrl, ...practice.readWrite },
        ...(limitless ? { limits: UNLIMITED_DEMO_LIMITS } : {}),
        log: logs.log,
        ...hubOptions,
        dataDir,
        databaseUrl: options.databaseUrl?.(),
      });
      logs.knowFolder(dataDir);
      return logs.track(hub);
    },
    async stopHub() {
      const stopping = hub;
      hub = undefined;
      await stopping?.close();
    },
    logs,
  };
}
