import type { BudgetStatus } from '../../../src-preload/contract/budget';
import { ACTIVE_EVERY_MS, IDLE_EVERY_MS, syncEveryMs, type Presence } from '../../../src-preload/contract/sync-cadence';
import { countOf } from '../../ui/regional/counts';
import { formatNumber } from '../../ui/regional/regional-format';

/** "every 5 minutes", "hourly", "every 2 hours": how often a run starts, as a person says it. */
export function everyWords(ms: number, region?: string): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes === 60) return 'hourly';
  if (minutes % 60 === 0) return `every ${countOf(minutes / 60, 'hour', region)}`;
  return `every ${countOf(minutes, 'minute', region)}`;
}

const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** The cadence as a rule: "Every 5 minutes while you work, hourly when the window is hidden or you are away; …" */
export function cadenceRuleText(region?: string): string {
  return `${capitalised(everyWords(ACTIVE_EVERY_MS, region))} while you work, ${everyWords(IDLE_EVERY_MS, region)} when the window is hidden or you are away; nothing while the laptop sleeps.`;
}

const whereWords: Readonly<Record<Presence, string>> = {
  active: 'you are working',
  idle: 'you are away',
  hidden: 'the window is hidden',
  asleep: 'the laptop is asleep',
};

/** Where the cadence stands now: "Now: every 5 minutes — you are working"; paused and offline come first. */
export function cadenceNowText(input: {
  presence: Presence;
  paused: boolean;
  online: boolean;
  region?: string | undefined;
}): string {
  if (input.paused) return 'Now: nothing — sync is paused';
  if (!input.online) return 'Now: nothing until the connection is back';
  const every = syncEveryMs(input.presence);
  if (every === null) return `Now: nothing — ${whereWords[input.presence]}`;
  return `Now: ${everyWords(every, input.region)} — ${whereWords[input.presence]}`;
}

/** What a sync costs an hour at each cadence: "About 48 requests an hour while you work, 4 while you are away." */
export function cadenceCostText(cadence: BudgetStatus['cadence'], region?: string): string {
  return `This laptop's sync costs about ${countOf(cadence.activePerHour, 'request', region)} an hour while you work, about ${formatNumber(cadence.idlePerHour, region)} an hour while you are away.`;
}

/**
 * What the Client ID's hourly limit allows, shared by every laptop of the practice: "This Client ID allows 1,000
 * requests an hour: this laptop used 54 in the last hour, others sharing it about 230. At this cadence it carries
 * about 17 laptops." Says whether the limit is the server's own or the usual one.
 */
export function budgetShareText(budget: BudgetStatus, region?: string): string {
  const n = (value: number) => formatNumber(value, region);
  // The server's headers reveal others' use only as this laptop sends; none seen is not "about 0".
  const others = (count: number) =>
    count === 0 ? 'and no other use of it has been seen' : `others sharing it about ${n(count)}`;
  const { usage, cadence, limits } = budget;
  const source =
    budget.limitsSource === 'server'
      ? ' These are the limits the server announced for this Client ID.'
      : ' These are the usual limits; the server has not announced others for this Client ID.';
  return (
    `This Client ID allows ${countOf(limits.perHour, 'request', region)} an hour: this laptop used ${n(usage.thisLaptopLastHour)} in the last hour, ` +
    `${others(usage.othersLastHour)}. At this cadence it carries about ${countOf(cadence.laptopsCarried, 'laptop', region)}.${source}`
  );
}

/** The budget panel's use line: "Used in the last hour: 54 by this laptop, about 284 by the whole Client ID." */
export function usageText(budget: BudgetStatus, region?: string): string {
  const { thisLaptopLastHour, othersLastHour } = budget.usage;
  return `Used in the last hour: ${formatNumber(thisLaptopLastHour, region)} by this laptop, about ${formatNumber(thisLaptopLastHour + othersLastHour, region)} by the whole Client ID.`;
}
