import { WINDOW_MS, WINDOW_NAMES, type WindowName } from './sliding-windows';

/** A Client ID's request limits, one per sliding window. */
export interface BudgetLimits {
  perMinute: number;
  perHour: number;
  perDay: number;
}

/**
 * A Client ID may have limits other than the contract's defaults. The server never says which window a
 * header describes: every counted response carries X-RateLimit-Limit/-Remaining of the binding window
 * (the one with the fewest requests left) and X-RateLimit-Reset, when that window frees its next request.
 *
 * The rule for a Limit (mapAnnouncedLimit):
 * 0. The limit in force of a window the server already named (before it named any: of any window) is that
 *    window's, whatever Reset says.
 * 1. Reset rules windows out: a window frees its next request within one window length, so a Reset more
 *    than a minute away cannot be the minute's, more than an hour away not the hour's. (Unreadable or
 *    absent: no window is ruled out.)
 * 2. Of the windows left, the one whose expected limit it is, narrowest first. A window's expected limit
 *    is what the server announced for it; for one it has not named yet, once it named any, the contract's
 *    ratio (60 : 1000 : 10000) scaled to the announced ones (a Client ID at 5/min is expected at about
 *    83/h); before it named any, the limits in force (the defaults).
 * 3. Otherwise, before the server named any window and with a Reset, the narrowest window left: after a
 *    quiet spell the minute is the binding window, and the minute always frees within a minute, so a 600
 *    with a Reset 40 s away is the minute's, not the hour's (nearer in ratio).
 * 4. Otherwise the window left whose expected limit is nearest in ratio (|log(Limit / expected)|; a tie goes
 *    to the narrower window): a 50 after the minute was named 5 is the hour's.
 * 5. It must keep minute ≤ hour ≤ day (where the limits were in that order), else it is ignored;
 * 6. it must agree with what we know the server counted: Limit − Remaining (what the window holds) cannot
 *    be fewer than our own sends it surely holds (sent well inside the window and long enough ago to have
 *    arrived). Such a Limit is ignored rather than guessed.
 * A Limit is then clamped to its window's sane range (SANE_MAX_LIMITS): far more than any Client ID is
 * given is a header mistake, and planning by it, or learning other laptops' use from it, would be unbounded.
 * A rate-limit 429 adopts too (its Remaining is 0); the daily eForm quota's 429 never reaches this rule
 * (eform-quota.ts). An ignored Limit changes nothing: the budget keeps planning by the limits it has.
 */

export type WindowLimits = Record<WindowName, number>;
/** Limits the server announced, per window (persisted). */
export type AnnouncedLimits = Partial<WindowLimits>;
export type LimitsSource = 'default' | 'server';

/** The headers' nine digits. */
export const MAX_LIMIT = 999_999_999;

export const toWindowLimits = (limits: BudgetLimits): WindowLimits => ({
  minute: limits.perMinute,
  hour: limits.perHour,
  day: limits.perDay,
});

export const toBudgetLimits = (limits: WindowLimits): BudgetLimits => ({
  perMinute: limits.minute,
  perHour: limits.hour,
  perDay: limits.day,
});

/**
 * minute ≤ hour ≤ day for every neighbouring pair that involves a changed window and held before the
 * change (tests configure deliberately unordered limits to isolate one window; those pairs are left alone).
 */
export function keepsOrder(before: WindowLimits, after: WindowLimits, changed: readonly WindowName[]): boolean {
  for (let i = 1; i < WINDOW_NAMES.length; i += 1) {
    const narrow = WINDOW_NAMES[i - 1] as WindowName;
    const wide = WINDOW_NAMES[i] as WindowName;
    if (!changed.includes(narrow) && !changed.includes(wide)) continue;
    if (before[narrow] <= before[wide] && after[narrow] > after[wide]) return false;
  }
  return true;
}

export interface AnnouncedHint {
  limit: number;
  remaining: number;
  /** X-RateLimit-Reset as a delay from the answer (response-hints.ts), when readable. */
  resetInMs?: number | undefined;
}

/** The contract's default limits: their ratio is what an unnamed window is expected to keep. */
const CONTRACT_LIMITS: WindowLimits = { minute: 60, hour: 1000, day: 10_000 };
/** The most a window is planned by, whatever a header says: fifty times the contract's defaults. */
export const SANE_MAX_LIMITS: Readonly<WindowLimits> = { minute: 3_000, hour: 50_000, day: 500_000 };
/** Reset is in whole seconds and read after the exchange: a window may seem to free a little later. */
const RESET_SLACK_MS = 5_000;

export const clampLimit = (name: WindowName, limit: number): number =>
  Math.min(SANE_MAX_LIMITS[name], Math.max(1, Math.round(limit)));

/** What each window is expected to allow (rule 2 above). */
function expectedLimits(current: WindowLimits, announced: AnnouncedLimits): WindowLimits {
  const named = WINDOW_NAMES.filter((name) => announced[name] !== undefined);
  if (named.length === 0) return { ...current };
  const logScale =
    named.reduce((sum, name) => sum + Math.log((announced[name] as number) / CONTRACT_LIMITS[name]), 0) / named.length;
  const expected = { ...current };
  for (const name of WINDOW_NAMES) expected[name] = announced[name] ?? CONTRACT_LIMITS[name] * Math.exp(logScale);
  return expected;
}

/**
 * The window (index in WINDOW_NAMES) a Limit belongs to, or −1 to ignore it (see the rule above).
 * surelyCounted(i): our own sends the server has certainly counted in window i right now.
 */
export function mapAnnouncedLimit(
  hint: AnnouncedHint,
  current: WindowLimits,
  surelyCounted: (level: number) => number,
  announced: AnnouncedLimits = {},
): number {
  if (!(Number.isInteger(hint.limit) && hint.limit >= 1 && hint.limit <= MAX_LIMIT)) return -1;
  const namedAny = WINDOW_NAMES.some((name) => announced[name] !== undefined);
  // Rule 0: the limit in force of a window the server named (or, before it named any, of any window) is that
  // window's, whatever Reset says: a refusal's Reset may be far off (a 429 storm), and confirming changes nothing.
  const confirmed = WINDOW_NAMES.findIndex(
    (name) => current[name] === hint.limit && (!namedAny || announced[name] !== undefined),
  );
  if (confirmed >= 0) return hint.limit - hint.remaining < surelyCounted(confirmed) ? -1 : confirmed;
  const reset = hint.resetInMs;
  const allowed = WINDOW_NAMES.map((name) => reset === undefined || reset <= WINDOW_MS[name] + RESET_SLACK_MS);
  const expected = expectedLimits(current, announced);
  const candidates = WINDOW_NAMES.map((_, i) => i).filter((i) => allowed[i]);
  const nameOf = (i: number) => WINDOW_NAMES[i] as WindowName;
  let level = candidates.find((i) => expected[nameOf(i)] === hint.limit) ?? -1;
  if (level < 0 && !namedAny && reset !== undefined) level = candidates[0] ?? -1;
  if (level < 0) {
    let nearest = Number.POSITIVE_INFINITY;
    for (const i of candidates) {
      const distance = Math.abs(Math.log(hint.limit / expected[nameOf(i)]));
      if (distance < nearest) {
        nearest = distance;
        level = i;
      }
    }
  }
  if (level < 0) return -1;
  const name = nameOf(level);
  if (!keepsOrder(current, { ...current, [name]: clampLimit(name, hint.limit) }, [name])) return -1;
  if (hint.limit - hint.remaining < surelyCounted(level)) return -1;
  return level;
}

/**
 * The limits in force for one Client ID: the configured ones (the contract's defaults in the app), each
 * replaced by what the server announced for its window. Announcements are persisted, so a restart plans
 * by the Client ID's own limits from its first request.
 */
export function createLimitBook(configured: BudgetLimits, stored: AnnouncedLimits | undefined) {
  const base = toWindowLimits(configured);
  const announced: AnnouncedLimits = {};
  const current: WindowLimits = { ...base };
  if (stored) {
    const names = WINDOW_NAMES.filter((name) => stored[name] !== undefined);
    const merged = { ...base };
    for (const name of names) merged[name] = clampLimit(name, stored[name] as number);
    // Stored values that break the order are not ours to trust (a hand-edited or half-written file).
    if (keepsOrder(base, merged, names)) {
      Object.assign(current, merged);
      for (const name of names) announced[name] = merged[name];
    }
  }

  return {
    /** Read by the planner; changed in place by announce(). */
    current,
    /** Index of the window a header's Limit describes, or −1 (mapAnnouncedLimit). */
    windowOf: (hint: AnnouncedHint, surelyCounted: (level: number) => number): number =>
      mapAnnouncedLimit(hint, current, surelyCounted, announced),
    source: (): LimitsSource => (WINDOW_NAMES.some((name) => announced[name] !== undefined) ? 'server' : 'default'),
    /** Records that the server named this window's limit (clamped); true when that changed what is kept. */
    announce(level: number, announcedLimit: number): boolean {
      const name = WINDOW_NAMES[level];
      if (name === undefined) return false;
      const limit = clampLimit(name, announcedLimit);
      if (announced[name] === limit) return false;
      announced[name] = limit;
      current[name] = limit;
      return true;
    },
    limits: (): BudgetLimits => toBudgetLimits(current),
    toPersisted: (): AnnouncedLimits | undefined =>
      WINDOW_NAMES.some((name) => announced[name] !== undefined) ? { ...announced } : undefined,
  };
}
