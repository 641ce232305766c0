import type { BudgetStatus } from '../../../src-preload/contract/budget';
import { formatNumber, formatTime } from '../regional/regional-format';
import { countOf } from '../regional/counts';

/** "under a minute", "about 12 min", "about 2 h 05 min" — an ETA is a rough figure; say so. */
export function formatDuration(seconds: number): string {
  if (seconds < 60) return 'under a minute';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `about ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return `about ${hours} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** "57 of 60 this minute · 983 of 1,000 this hour · 9,983 of 10,000 today" */
export function remainingText(budget: BudgetStatus, region?: string): string {
  const { remaining: r, limits: l } = budget;
  const count = (n: number) => formatNumber(n, region);
  return `${count(r.minute)} of ${count(l.perMinute)} this minute · ${count(r.hour)} of ${count(l.perHour)} this hour · ${count(r.day)} of ${count(l.perDay)} today`;
}

/**
 * What the running sync still needs. A first import's size is unknown (the API gives no totals), so
 * its figures are lower bounds and are worded as such rather than shown as a confident ETA.
 */
export function runText(run: NonNullable<BudgetStatus['run']>, region?: string): string {
  const requests = countOf(run.requestsLeft, 'request', region);
  if (run.requestsLeft === 0) return 'Finishing…';
  if (run.etaSeconds === null)
    return run.sized
      ? `${requests} left; the time depends on when the server allows them.`
      : `At least ${requests} left.`;
  return run.sized
    ? `${requests} left, ${formatDuration(run.etaSeconds)} at the current budget.`
    : `At least ${requests} left (${formatDuration(run.etaSeconds)} or more): a first import's size is known only once each list has been read.`;
}

export function pausedText(budget: BudgetStatus, now: number, region?: string): string | null {
  if (!budget.pausedUntil) return null;
  const until = Date.parse(budget.pausedUntil);
  if (until <= now) return null;
  return `The server asked us to wait: requests resume at ${formatTime(until, region)}.`;
}
