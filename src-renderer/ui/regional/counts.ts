import { countOf as countWithNoun } from '../../../src-preload/contract/counts';
import { formatNumber } from './regional-format';

/**
 * A count with its noun in the practice's number format: "1 record", "304 records", "12 345 records"
 * (en-ZA). The plural rule itself is the contract's, shared with main; only the number format is the region's.
 * `plural` is needed where adding "s" is wrong ("1 entry", "2 entries").
 */
export function countOf(count: number, singular: string, region?: string, plural = `${singular}s`): string {
  return countWithNoun(count, singular, plural, (n) => formatNumber(n, region));
}
