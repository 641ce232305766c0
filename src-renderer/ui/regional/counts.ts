import { formatNumber, localeOf } from './regional-format';

/**
 * A count with its noun, agreeing: "1 record", "304 records", "12 345 records" (en-ZA). English has two
 * forms; Intl.PluralRules picks between them, so "0 records" and "1.5 pages" come out right too.
 * `plural` is needed where adding "s" is wrong ("1 entry", "2 entries").
 */
export function countOf(count: number, singular: string, region?: string, plural = `${singular}s`): string {
  const form = new Intl.PluralRules(localeOf(region)).select(count) === 'one' ? singular : plural;
  return `${formatNumber(count, region)} ${form}`;
}
