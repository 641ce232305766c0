import type { Clock } from '../../../src-main/clock';
import type { DemoPractice } from '../../../src-main/demo-practice/create-demo-practice';
import type { BudgetTimer } from '../../../src-main/request-budget/budget-timer';
import { electronShapedFetch } from '../../support/electron-net-errors';
import { startNodeApp, unlimitedBudget, type NodeApp } from '../../support/node-companion';

/** One life of main: its services over real HTTP to the demo practice, until it is killed. */
export interface MainLife {
  app: NodeApp;
  practiceKey: string;
  dataDir: string;
  /** main exits: nothing more leaves it (a dead process neither retries nor reads), its services are gone. */
  kill(): Promise<void>;
}

/**
 * Starts main the way the app does after a restart: services built from what `dataDir` holds, the demo practice connected again. The demo outlives main (it is the practice,
 * not part of the laptop), so main's handle on it closes nothing. `faultShape` wraps main's fetch: the
 * campaign's unreachable-host and Electron error shapes.
 */
export async function bootMain(options: {
  demo: DemoPractice;
  dataDir: string;
  timeoutMs: number;
  online: boolean;
  /** The laptop's virtual time: main's clock, and its request budget's (whose waits move it on). */
  clock: Clock;
  budgetTimer: BudgetTimer;
  faultShape: (fetch: typeof globalThis.fetch) => typeof globalThis.fetch;
  electronShape: () => boolean;
}): Promise<MainLife> {
  let dead = false;
  const { demo } = options;
  const app = await startNodeApp({
    dataDir: options.dataDir,
    deps: {
      apiClient: { timeoutMs: options.timeoutMs, sleep: async () => undefined },
      budgetLimits: unlimitedBudget,
      clock: options.clock,
      budgetTimer: options.budgetTimer,
      startDemo: async () => ({ practices: demo.practices, close: async () => undefined }),
    },
    wrapFetch: (fetch) =>
      electronShapedFetch(
        options.faultShape(async (input, init) => {
          if (dead) throw new TypeError('fetch failed', { cause: new Error('main has exited') });
          return fetch(input, init);
        }),
        options.electronShape,
      ),
  });
  const connected = await app.companion.practice.connectDemo();
  if (!connected.ok) throw new Error(`main could not connect the demo practice: ${connected.message}`);
  app.network.setOnline(options.online);
  return {
    app,
    practiceKey: connected.practice.practiceKey,
    dataDir: options.dataDir,
    async kill() {
      dead = true;
      await app.close().catch(() => undefined);
    },
  };
}
