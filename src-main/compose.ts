import { describeApp, type AppPaths, type RuntimeFacts } from './app-info/app-info';
import type { Cipher } from './cipher/cipher';
import type { Clock } from './clock';
import { createConnectivityMonitor } from './connectivity/connectivity-monitor';
import { createEventHub } from './ipc/event-hub';
import type { Handlers } from './ipc/registry';
import type { SettingsStore } from './settings/settings-store';

/**
 * Everything main needs from its host. Electron's entry passes Electron's pieces (net.fetch,
 * safeStorage, electron-store, app.getPath); the browser preview and the tests pass Node's.
 */
export interface MainDeps {
  runtime: RuntimeFacts;
  paths: AppPaths & { cache: string };
  settings: SettingsStore;
  /** Consumed by the vault (issue 4); injected now so no service ever reaches for safeStorage itself. */
  cipher: Cipher;
  /** Consumed by the Partner API client (issue 4); Electron passes net.fetch so proxies and the OS CA store apply. */
  fetch: typeof globalThis.fetch;
  clock: Clock;
  probeOnline: () => Promise<boolean>;
  connectivityIntervalMs?: number;
}

/** The one composition function: builds main's services and the bridge handlers over them. */
export function createMainServices(deps: MainDeps) {
  const events = createEventHub();
  const connectivity = createConnectivityMonitor({
    probe: deps.probeOnline,
    clock: deps.clock,
    intervalMs: deps.connectivityIntervalMs ?? 15_000,
    onChange: (state) => events.emit('connectivity.changed', state),
  });

  const handlers: Handlers = {
    'app.info': () => describeApp(deps.runtime, deps.paths),
    'connectivity.status': () => connectivity.check(),
  };

  return {
    handlers,
    events,
    connectivity,
    settings: deps.settings,
    start(): void {
      connectivity.start();
    },
    async dispose(): Promise<void> {
      connectivity.stop();
    },
  };
}
export type MainServices = ReturnType<typeof createMainServices>;
