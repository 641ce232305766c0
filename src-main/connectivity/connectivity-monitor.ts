import type { Connectivity } from '../../src-preload/contract/connectivity';
import type { Clock } from '../clock';

export interface ConnectivityMonitorOptions {
  /** Resolves true when the network looks usable (Electron: net.isOnline; preview: its network switch). */
  probe: () => Promise<boolean>;
  clock: Clock;
  intervalMs: number;
  onChange: (state: Connectivity) => void;
}

/**
 * Main's single answer to "are we online?". It probes on an interval and on demand, and reports
 * only changes so the UI is not nagged. Requests that fail at the network level trigger a probe at once.
 */
export function createConnectivityMonitor(options: ConnectivityMonitorOptions) {
  let state: Connectivity = { online: true, checkedAt: options.clock.now().toISOString() };
  let timer: ReturnType<typeof setInterval> | undefined;
  let checking: Promise<Connectivity> | null = null;

  async function check(): Promise<Connectivity> {
    let online: boolean;
    try {
      online = await options.probe();
    } catch {
      online = false;
    }
    const changed = online !== state.online;
    state = { online, checkedAt: options.clock.now().toISOString() };
    if (changed) options.onChange(state);
    return state;
  }

  return {
    current: (): Connectivity => state,
    check,
    /**
     * A request failed at the network level: probe now rather than at the next interval, so "offline"
     * shows within a moment. Concurrent failures share one probe.
     */
    reportFailure(): void {
      checking ??= check().finally(() => {
        checking = null;
      });
    },
    start(): void {
      if (timer) return;
      void check();
      timer = setInterval(() => void check(), options.intervalMs);
      // The monitor must never keep a Node process (tests, preview) alive on its own.
      if (typeof timer === 'object' && 'unref' in timer) timer.unref();
    },
    stop(): void {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}
export type ConnectivityMonitor = ReturnType<typeof createConnectivityMonitor>;
