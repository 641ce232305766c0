import { WINDOW_NAMES, type WindowName } from './sliding-windows';

/** A Client ID's request limits, one per sliding window. */
export interface BudgetLimits {
  perMinute: number;
  perHour: number;
  perDay: number;
}

/**
 * A Client ID may have limits other than the contract's defaults. The server never says which window a
 * header describes: every counted response carries X-RateLimit-Limit/-Remaining of the binding window
 * (the one with the fewest requests left). A Limit equal to one of our windows' limits is that window.
 *
 * The rule for any other Limit (mapAnnouncedLimit):
 * 1. it names the window whose current limit is nearest in ratio (|log(Limit / limit)|; a tie goes to the
 *    narrower window). At the defaults the boundaries are the geometric midpoints, about 245 (minute or
 *    hour) and 3162 (hour or day), so any Client ID whose limits are the defaults scaled by up to 3× either
 *    way is read right, window by window, as each becomes the binding one. The minute comes first: after a
 *    quiet spell the minute is the window with the fewest left;
 * 2. it must keep minute ≤ hour ≤ day (where the limits were in that order), else it is ignored;
 * 3. it must agree with what we know the server counted: Limit − Remaining (what the window holds) cannot
 *    be fewer than our own sends it surely holds (sent well inside the window and long enough ago to have
 *    arrived). A Limit seen after a quiet minute with nearly all of it left cannot be the hour's while we
 *    sent hundreds this hour; such a Limit is ignored rather than guessed.
 * X-RateLimit-Reset is not used: its units are not in the contract, and read against a laptop clock that
 * is off it would point at the wrong window. A 429 never adopts anything (its Limit may be another quota).
 * An ignored Limit changes nothing: the budget keeps planning by the limits it has.
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
}

/**
 * The window (index in WINDOW_NAMES) an unknown Limit belongs to, or −1 to ignore it (see the rule above).
 * surelyCounted(i): our own sends the server has certainly counted in window i right now.
 */
/** How far (in ratio) an announced limit may be from the window's current one and still be taken for it. */
const MAX_ADOPTION_DISTANCE = Math.log(10);

export function mapAnnouncedLimit(
  hint: AnnouncedHint,
  current: WindowLimits,
  surelyCounted: (level: number) => number,
): number {
  if (!(Number.isInteger(hint.limit) && hint.limit >= 1 && hint.limit <= MAX_LIMIT)) return -1;
  let level = -1;
  let nearest = Number.POSITIVE_INFINITY;
  WINDOW_NAMES.forEach((name, i) => {
    const distance = Math.abs(Math.log(hint.limit / current[name]));
    if (distance < nearest) {
      nearest = distance;
      level = i;
    }
  });
  const name = WINDOW_NAMES[level];
  if (name === undefined) return -1;
  // Ten times or a tenth of a window's limit is another quota (an eForm quota on a route's answer), not it.
  if (nearest > MAX_ADOPTION_DISTANCE) return -1;
  if (!keepsOrder(current, { ...current, [name]: hint.limit }, [name])) return -1;
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
    const merged = { ...base, ...stored };
    const names = WINDOW_NAMES.filter((name) => stored[name] !== undefined);
    // Stored values that break the order are not ours to trust (a hand-edited or half-written file).
    if (keepsOrder(base, merged, names)) {
      Object.assign(current, merged);
      for (const name of names) announced[name] = merged[name];
    }
  }

  return {
    /** Read by the planner; changed in place by announce(). */
    current,
    /** Index of the window whose limit this is, or −1. */
    levelOf: (limit: number): number => WINDOW_NAMES.findIndex((name) => current[name] === limit),
    source: (): LimitsSource => (WINDOW_NAMES.some((name) => announced[name] !== undefined) ? 'server' : 'default'),
    /** Records that the server named this window's limit; true when that changed what is kept. */
    announce(level: number, limit: number): boolean {
      const name = WINDOW_NAMES[level];
      if (name === undefined || announced[name] === limit) return false;
      announced[name] = limit;
      current[name] = limit;
      return true;
    },
    limits: (): BudgetLimits => toBudgetLimits(current),
    toPersisted: (): AnnouncedLimits | undefined =>
      WINDOW_NAMES.some((name) => announced[name] !== undefined) ? { ...announced } : undefined,
  };
}
export type LimitBook = ReturnType<typeof createLimitBook>;
