import type { PersistedBudget } from './budget-store';
import { SANE_MAX_LIMITS } from './limit-adoption';
import { coalesceAll, expand, type PhantomBatch } from './phantom-batches';
import { MAX_RETRY_AFTER_MS } from './response-hints';
import {
  LONGEST_WINDOW_MS,
  WINDOW_MS,
  WINDOW_NAMES,
  insertMany,
  tidy,
  upperBound,
  type WindowName,
  type WindowTimeline,
} from './sliding-windows';

/**
 * The server compares its window when our request arrives; we compare when the response arrives. Sends
 * that left the window in between would look like requests we never saw, so the comparison (and
 * therefore the timelines) keep sends up to this much older than the window. We only give up a little
 * correction this way, never safety.
 */
export const HEADER_SLACK_MS = 5_000;

/**
 * A send is recorded when the budget lets it go; the server counts it when it arrives, which can be
 * later (a busy event loop, a queued socket). With windows of exactly W our slot frees before the
 * server's, and a send timed to that instant can arrive early and get a 429 (seen in the meeting-pack
 * bench against the real clock). The app keeps each send in its windows this much longer; it costs at
 * most 1/60 of the per-minute rate. (Virtual-time tests and benchmarks have no latency and use 0.)
 */
export const EDGE_GUARD_MS = 1_000;

export type LedgerWindow = WindowTimeline & { name: WindowName };

/**
 * Everything the server may have counted for our Client ID. Two views of the same facts: the persisted
 * record (own sends, and phantoms filed under the window whose headers revealed them) and one timeline
 * per window holding everything that counts there, which is what planning reads.
 */
export interface BudgetLedger {
  readonly windows: readonly LedgerWindow[];
  pausedUntil: number | null;
  recordSend(at: number): void;
  /** level: index of the window that revealed them; they count there and in every wider window. */
  recordPhantoms(at: number, level: number, count: number): void;
  /** Our own sends in (from, to]. */
  ownBetween(from: number, to: number): number;
  /**
   * Phantoms learned for the minute or the hour window in (from, to]: each is another laptop's send of that
   * hour, filed once however many windows count it. (A day-window phantom may be up to a day old: left out.)
   */
  othersBetween(from: number, to: number): number;
  /**
   * Forgets, for this window only, up to `count` of the oldest phantoms filed under it that it still holds:
   * the server has since shown they left it (wide-phantoms.ts). Wider windows keep them.
   */
  forgetPhantoms(now: number, level: number, count: number): void;
  /**
   * The timelines with only what is known for sure in the hour and the day: our own sends and the minute's
   * phantoms, not the phantoms learned for those windows, which count as if sent when learned and so stay
   * longer than the sends they stand for.
   */
  knownWindows(): WindowTimeline[];
  /** Forgets what no window can see any more and an expired pause. */
  tidy(now: number): void;
  toPersisted(): PersistedBudget;
}

const sanitize = (list: readonly number[]): number[] => list.filter((t) => Number.isFinite(t)).sort((a, b) => a - b);

const between = (list: readonly number[], from: number, to: number): number =>
  Math.max(0, upperBound(list, to) - upperBound(list, from));

export function createBudgetLedger(state: PersistedBudget | undefined, now: number, edgeGuardMs = 0): BudgetLedger {
  const sent = sanitize(state?.sent ?? []);
  const batches = state?.serverHints?.batches;
  const legacy = state?.serverHints?.phantoms;
  const phantoms = {} as Record<WindowName, number[]>;
  for (const name of WINDOW_NAMES) {
    const listed = legacy?.[name] ?? [];
    phantoms[name] = sanitize(expand([...(batches?.[name] ?? []), ...listed.map((at): PhantomBatch => [at, 1])]));
  }
  const windows: LedgerWindow[] = WINDOW_NAMES.map((name, i) => {
    let times = sent;
    WINDOW_NAMES.forEach((phantomName, level) => {
      if (level <= i) times = times.concat(phantoms[phantomName]);
    });
    return {
      name,
      ms: WINDOW_MS[name] + edgeGuardMs,
      times: times === sent ? sent.slice() : times.sort((a, b) => a - b),
    };
  });
  const storedPause = state?.pausedUntil ?? null;
  // A corrupt far-future pause must not lock the app out for good.
  const pausedUntil =
    storedPause !== null && Number.isFinite(storedPause) ? Math.min(storedPause, now + MAX_RETRY_AFTER_MS) : null;

  const ledger: BudgetLedger = {
    windows,
    pausedUntil,
    recordSend(at) {
      insertMany(sent, at, 1);
      for (const window of windows) insertMany(window.times, at, 1);
    },
    recordPhantoms(at, level, asked) {
      const name = WINDOW_NAMES[level] as WindowName;
      // However many a header implies, no window holds more than its sane maximum (limit-adoption.ts).
      const count = Math.max(0, Math.min(asked, SANE_MAX_LIMITS[name]));
      const list = phantoms[name];
      insertMany(list, at, count);
      // A day can hold no more than the day's sane maximum: older entries beyond it are not kept.
      if (list.length > SANE_MAX_LIMITS.day) list.splice(0, list.length - SANE_MAX_LIMITS.day);
      windows.forEach((window, i) => {
        if (i >= level) insertMany(window.times, at, count);
      });
    },
    forgetPhantoms(now, level, count) {
      const name = WINDOW_NAMES[level] as WindowName;
      const list = phantoms[name];
      const first = upperBound(list, now - WINDOW_MS[name]);
      const gone = list.splice(first, Math.min(count, list.length - first));
      // Gone from this window, not from the wider ones: they are filed under the next wider window.
      const wider = WINDOW_NAMES[level + 1];
      for (const at of gone) {
        if (wider) insertMany(phantoms[wider], at, 1);
        const times = (windows[level] as LedgerWindow).times;
        const index = upperBound(times, at) - 1;
        if (index >= 0 && times[index] === at) times.splice(index, 1);
      }
    },
    knownWindows: () =>
      windows.map((window, i) =>
        i === 0 ? window : { ms: window.ms, times: [...sent, ...phantoms.minute].sort((a, b) => a - b) },
      ),
    ownBetween: (from, to) => between(sent, from, to),
    othersBetween: (from, to) => between(phantoms.minute, from, to) + between(phantoms.hour, from, to),
    tidy(at) {
      tidy(sent, at, at - LONGEST_WINDOW_MS);
      for (const name of WINDOW_NAMES) tidy(phantoms[name], at, at - LONGEST_WINDOW_MS);
      for (const window of windows) tidy(window.times, at, at - window.ms - HEADER_SLACK_MS);
      if (ledger.pausedUntil !== null && ledger.pausedUntil <= at) ledger.pausedUntil = null;
    },
    toPersisted() {
      const persisted: PersistedBudget = { version: 1, sent: sent.slice(), pausedUntil: ledger.pausedUntil };
      if (WINDOW_NAMES.some((name) => phantoms[name].length > 0)) {
        persisted.serverHints = { batches: coalesceAll(phantoms) };
      }
      return persisted;
    },
  };
  ledger.tidy(now);
  return ledger;
}
