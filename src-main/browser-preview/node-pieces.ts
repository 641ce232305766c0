import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createSessionCipher } from '../cipher/session-cipher';
import { systemClock, type Clock } from '../clock';
import type { MainDeps } from '../main-deps';
import { createFileLogger } from '../logging/file-logger';
import { nodePolicyReader, POLICY_ENV_VAR } from '../policy/policy-sources';
import { createJsonFileSettings } from '../settings/json-file-settings';
import type { HubPins } from '../security/hub-pins';
import type { NetworkSwitch } from './network-switch';

const packageJson = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  productName?: string;
  name: string;
  version: string;
};

/** Node's implementation of main's injected pieces, for the browser preview and tests. */
export function nodeMainDeps(options: {
  dataDir: string;
  network: NetworkSwitch;
  /** The pins the network's fetch honours (built over createPinnedNodeFetch), so main can fill them. */
  hubPins?: HubPins;
  clock?: Clock;
  connectivityIntervalMs?: number;
  /** Receives every "Open in system viewer" path (the preview starts no other program). */
  openedPaths?: string[];
  /** The administrator's policy file (tests); default this machine's, as the app reads it (src-main/policy). */
  policyFile?: string;
}): MainDeps {
  return {
    runtime: {
      name: packageJson.productName ?? packageJson.name,
      version: packageJson.version,
      platform: process.platform,
      arch: process.arch,
      runtime: 'browser-preview',
      versions: { node: process.versions.node },
    },
    paths: {
      userData: options.dataDir,
      logs: join(options.dataDir, 'logs'),
      cache: join(options.dataDir, 'cache'),
    },
    settings: createJsonFileSettings(join(options.dataDir, 'settings.json')),
    cipher: createSessionCipher(),
    fetch: options.network.fetch,
    ...(options.hubPins ? { hubPins: options.hubPins } : {}),
    clock: options.clock ?? systemClock,
    // The demo practice runs at the contract's real limits, so the app is tried as it will be used. Loaded only
    // when someone chooses to explore it: its server (Fastify), data generators and pdf-lib stay out of start-up.
    startDemo: async () => (await import('../demo-practice/create-demo-practice')).createDemoPractice({}),
    linkUp: async () => options.network.isOnline(),
    // Nothing is spawned in the preview: the request is recorded and logged, and reported as done.
    openPath: async (absolutePath) => {
      options.openedPaths?.push(absolutePath);
      console.log(`[preview] open in system viewer (not started in the preview): ${absolutePath}`);
      return '';
    },
    // The app's log format and rotation in the preview's data folder, so "Copy diagnostics" has lines to show.
    log: createFileLogger({ dir: join(options.dataDir, 'logs'), echo: true }),
    ...(options.connectivityIntervalMs ? { connectivityIntervalMs: options.connectivityIntervalMs } : {}),
    policy: nodePolicyReader(options.policyFile ? { [POLICY_ENV_VAR]: options.policyFile } : process.env),
  };
}
