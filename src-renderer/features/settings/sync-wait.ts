import type { BudgetStatus } from '../../../src-preload/contract/budget';
import { formatTime } from '../../ui/regional/regional-format';

export interface SyncWaitInputs {
  paused: boolean;
  running: boolean;
  online: boolean;
  budget: BudgetStatus | null;
  now: number;
  region?: string | undefined;
}

/**
 * Why the sync is not reading right now, in words, or null when it is not waiting: paused by the user,
 * offline, or held by the request budget (the practice's pause after a 429, or a spent minute, hour or
 * day: until when, as far as it is known).
 */
export function syncWaitText({ paused, running, online, budget, now, region }: SyncWaitInputs): string | null {
  if (paused) return 'Sync is paused. Data on this laptop stays available; nothing new is fetched.';
  if (!online) return 'Offline: the sync waits for a connection. Data on this laptop stays available.';
  if (!running || !budget) return null;
  const pausedUntil = budget.pausedUntil ? Date.parse(budget.pausedUntil) : 0;
  if (pausedUntil > now)
    return `Syncing — waiting for the request budget: the practice asked for a pause until ${formatTime(pausedUntil, region)}.`;
  const { minute, hour, day } = budget.remaining;
  if (day === 0) return "Syncing — waiting for the request budget: today's requests are spent; it goes on tomorrow.";
  if (hour === 0)
    return "Syncing — waiting for the request budget: this hour's requests are spent; it goes on within the hour.";
  if (minute === 0)
    return "Syncing — waiting for the request budget: this minute's requests are spent; it goes on in under a minute.";
  return null;
}
