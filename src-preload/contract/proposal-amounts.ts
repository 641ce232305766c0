import { sumMoney } from './money';

/** How often a service's fee falls in a year, by its catalogue frequency (a one-off fee once). */
const timesAYear: Record<string, number> = {
  once: 1,
  annually: 1,
  yearly: 1,
  'half-yearly': 2,
  quarterly: 4,
  monthly: 12,
  fortnightly: 26,
  weekly: 52,
};
export const timesAYearOf = (frequency: string): number => timesAYear[frequency.trim().toLowerCase()] ?? 1;

/** The practice's frequencies in the order an accountant reads them: the recurring fees first, a one-off last. */
const ORDER = ['weekly', 'fortnightly', 'monthly', 'quarterly', 'half-yearly', 'annually', 'yearly', 'once'];
const orderOf = (frequency: string) => {
  const at = ORDER.indexOf(frequency.trim().toLowerCase());
  return at === -1 ? ORDER.length : at;
};

/** A proposal's amounts as the practice shows them: what the client pays in the first year, and each frequency's share. */
export interface ProposalAmounts {
  /** Each line's total as often as its frequency falls in a year: the headline. */
  firstYear: number;
  /** The total of the lines billed at each frequency (Monthly 660.00, Annually 715.00, Once 300.00), in reading order. */
  byFrequency: { frequency: string; amount: number }[];
}

/**
 * One rule for a proposal's headline wherever it is shown (a proposal's pricing, the list, a new proposal, the
 * Outbox): the first-year value, never the sum of one billing of each line, which mixes a monthly fee with an
 * annual one. Totals are as the practice computes them (tax included in a line's total).
 */
export function proposalAmounts(lines: readonly { total: number; frequency: string }[]): ProposalAmounts {
  const groups = new Map<string, { frequency: string; amounts: number[] }>();
  for (const line of lines) {
    const key = line.frequency.trim().toLowerCase();
    const group = groups.get(key) ?? { frequency: line.frequency.trim(), amounts: [] };
    group.amounts.push(line.total);
    groups.set(key, group);
  }
  return {
    firstYear: sumMoney(lines.map((line) => line.total * timesAYearOf(line.frequency))),
    byFrequency: [...groups.values()]
      .map((group) => ({ frequency: group.frequency, amount: sumMoney(group.amounts) }))
      .sort((a, b) => orderOf(a.frequency) - orderOf(b.frequency)),
  };
}

/** How a frequency reads after an amount: "a month", "a year", "once". */
export function frequencyWords(frequency: string): string {
  const words: Record<string, string> = {
    once: 'once',
    annually: 'a year',
    yearly: 'a year',
    'half-yearly': 'every six months',
    quarterly: 'a quarter',
    monthly: 'a month',
    fortnightly: 'a fortnight',
    weekly: 'a week',
  };
  return words[frequency.trim().toLowerCase()] ?? frequency.trim().toLowerCase();
}

/**
 * A proposal's amounts from its pricing as the practice answered it: each line's total at its service's
 * catalogue frequency. Null when a line's service is not in the catalogue (its frequency is unknown, so a
 * first-year value would be a guess).
 */
export function pricingAmounts(
  lines: readonly { serviceID: number; lineTotal: number }[],
  catalogue: readonly { serviceID: number; frequency: string }[],
): ProposalAmounts | null {
  const priced: { total: number; frequency: string }[] = [];
  for (const line of lines) {
    const service = catalogue.find((s) => s.serviceID === line.serviceID);
    if (!service) return null;
    priced.push({ total: line.lineTotal, frequency: service.frequency });
  }
  return proposalAmounts(priced);
}
