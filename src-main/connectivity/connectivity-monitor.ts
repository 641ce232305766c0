import type { Connectivity, ConnectivityReason } from '../../src-preload/contract/connectivity';
import type { Clock } from '../clock';
import type { PracticeProbeResult } from './practice-probe';

export interface ConnectivityMonitorOptions {
  /** Link state: is there a network at all (Electron: net.isOnline; preview: its network switch). Cheap, asked first. */
  linkUp: () => Promise<boolean>;
  /**
   * Does the active practice answer through this network (./practice-probe)? Without it — or while
   * no practice is connected — link state alone decides.
   */
  probePractice?: () => Promise<PracticeProbeResult>;
  clock: Clock;
  /** How often link state is checked, and the practice probed while it is not known to answer. */
  intervalMs: number;
  /**
   * While the practice has answered within this long (any API answer counts), a check does not
   * probe it again. Default four intervals: an idle app asks the practice about once a minute.
   */
  answerFreshMs?: number;
  onChange: (state: Connectivity) => void;
}

/**
 * Main's single answer to "can we reach the practice?". Link down means offline without asking
 * anyone; with a link, the practice must have answered recently, or answer a probe — behind a
 * captive portal the link is up but the practice is unreachable. Reports only changes, so the UI is
 * not nagged. A request that fails makes it re-check at once; one that the practice answers makes it
 * online at once.
 */
export function createConnectivityMonitor(options: ConnectivityMonitorOptions) {
  const answerFreshMs = options.answerFreshMs ?? options.intervalMs * 4;
  let state: Connectivity = { online: true, reason: 'ok', checkedAt: options.clock.now().toISOString() };
  let lastAnswerAt: number | null = null;
  /** Counts reported answers, so a probe that failed while a real request got through does not win. */
  let answers = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  let checking: Promise<Connectivity> | null = null;

  const now = (): number => options.clock.now().getTime();

  function settle(reason: ConnectivityReason): Connectivity {
    const changed = reason !== state.reason;
    state = { online: reason === 'ok', reason, checkedAt: options.clock.now().toISOString() };
    if (changed) options.onChange(state);
    return state;
  }

  async function probe(): Promise<PracticeProbeResult> {
    if (!options.probePractice) return 'no-practice';
    try {
      return await options.probePractice();
    } catch {
      return 'unreachable';
    }
  }

  async function check(): Promise<Connectivity> {
    const answersAtStart = answers;
    let link: boolean;
    try {
      link = await options.linkUp();
    } catch {
      link = false;
    }
    if (!link) {
      // A new network after this one (another Wi-Fi, a portal) must prove itself again.
      lastAnswerAt = null;
      return settle('no-network');
    }
    if (lastAnswerAt !== null && now() - lastAnswerAt < answerFreshMs) return settle('ok');
    const result = await probe();
    if (result === 'answered') lastAnswerAt = now();
    if (result === 'unreachable' && answers === answersAtStart) return settle('practice-unreachable');
    return settle('ok');
  }

  return {
    current: (): Connectivity => state,
    check,
    /**
     * A request failed at the network level, or was answered by something that is not the practice:
     * probe now rather than at the next interval, so "offline" shows within a moment. Concurrent
     * failures share one probe.
     */
    reportFailure(): void {
      lastAnswerAt = null;
      checking ??= check().finally(() => {
        checking = null;
      });
    },
    /** The practice answered a request: that is proof enough, no probe needed (and none for a while). */
    reportAnswer(): void {
      lastAnswerAt = now();
      answers++;
      if (state.reason !== 'ok') settle('ok');
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
