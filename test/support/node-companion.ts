import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createNetworkSwitch } from '../../src-main/browser-preview/network-switch';
import { nodeMainDeps } from '../../src-main/browser-preview/node-pieces';
import { createPinnedNodeFetch } from '../../src-main/browser-preview/pinned-node-fetch';
import { createHubPins } from '../../src-main/security/hub-pins';
import { createMainServices } from '../../src-main/compose';
import type { MainDeps } from '../../src-main/main-deps';
import { createDemoPractice, type DemoPractice } from '../../src-main/demo-practice/create-demo-practice';
import type { DemoOptionsInput } from '../../src-main/demo-practice/options';
import { createIpcRegistry } from '../../src-main/ipc/registry';
import { methodNames } from '../../src-preload/contract/bridge-names';
import { createCompanion, unwrapReply, type Companion } from '../../src-preload/contract/companion';
import { createSkippableTimer } from './skippable-timer';

/**
 * Main composed with Node pieces, and a Companion that reaches it through the real registry (the same
 * validation as Electron IPC) — the renderer's code can run against it in Node. The demo practice is
 * kept so tests can read the server's state.
 */
export async function startNodeApp(
  options: {
    demo?: DemoOptionsInput;
    deps?: Partial<MainDeps>;
    wrapFetch?: (fetch: typeof globalThis.fetch) => typeof globalThis.fetch;
    /** Main's data folder; a restart passes the one the main before it used, so it reads what that one persisted. */
    dataDir?: string;
  } = {},
) {
  // As in the browser preview: a pinned hub's certificate is checked by the transport inside the network switch.
  const hubPins = createHubPins();
  const network = createNetworkSwitch(createPinnedNodeFetch(hubPins, fetch));
  let demo: DemoPractice | undefined;
  const budgetTimer = createSkippableTimer();
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'node-app-'));
  const pieces = nodeMainDeps({ dataDir, network, hubPins });
  const services = createMainServices({
    ...pieces,
    // wrapFetch: main's fetch seen through a test's lens (Electron-shaped errors), the network switch inside it.
    ...(options.wrapFetch ? { fetch: options.wrapFetch(pieces.fetch) } : {}),
    startDemo: async () => (demo = await createDemoPractice(options.demo ?? {})),
    // Real time, unless a test gives the budget its own (virtual) timer.
    ...(options.deps?.budgetTimer ? {} : { budgetTimer, budgetTimerIsReal: true }),
    ...options.deps,
  });
  const registry = createIpcRegistry<null>({ handlers: services.handlers, isTrustedSender: () => true });
  const companion: Companion = createCompanion(methodNames, {
    invoke: async (method, input) => unwrapReply(await registry.dispatch(null, { method, input })),
    subscribe: (listener) => services.events.connect(listener),
  });
  return {
    services,
    companion,
    network,
    demo: () => {
      if (!demo) throw new Error('The demo practice has not been started (connectDemo first).');
      return demo;
    },
    /**
     * The request budget's minute passes at once, on both sides: main's budget clock moves a minute ahead and
     * the demo practice's limiter starts afresh (for tests with nothing to prove by waiting out the window).
     */
    aMinutePasses() {
      budgetTimer.skip(60_000);
      demo?.configure({ rateLimit: {} });
    },
    async close() {
      await services.dispose();
    },
  };
}
export type NodeApp = Awaited<ReturnType<typeof startNodeApp>>;

// Within what a budget event may report (the bridge caps each figure at a million).
export const unlimitedBudget = { perMinute: 100_000, perHour: 1_000_000, perDay: 1_000_000 };

/**
 * The app with the demo's first practice connected read-write, and no request limits on either side:
 * for tests of what is sent, not of the budget. `deps` and `wrapFetch` as for startNodeApp.
 */
export async function startConnectedDemo(options: Parameters<typeof startNodeApp>[0] = {}) {
  const app = await startNodeApp({ ...options, deps: { budgetLimits: unlimitedBudget, ...options.deps } });
  const connected = await app.companion.practice.connectDemo();
  if (!connected.ok) throw new Error(connected.message);
  const demo = app.demo();
  demo.configure({ rateLimit: { enabled: false } });
  return { app, practiceKey: connected.practice.practiceKey, demo, state: demo.runtime.practices[0]! };
}
