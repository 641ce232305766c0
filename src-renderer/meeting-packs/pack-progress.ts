import type { MeetingPack, PackItem } from '../data/meeting-pack-types';
import { isListItem } from './pack-plan';

/**
 * A pack's progress in numbers that never move backwards or change their total. The details of a pack
 * can only be planned once the client's four lists are read (how many bills, statements, proposals), so
 * progress comes in two phases, each with a total fixed when it starts: "Reading the client's lists
 * (2 of 4)", then "N of M items" where M is every detail planned — an item with nothing to fetch (a
 * draft bill's PDF, no identity certificate) counts as settled, so M does not shrink when one turns out
 * empty. Planning against the estimate instead would give a total that is only a guess when a list was
 * never read.
 */
export interface PackProgress {
  phase: 'lists' | 'items';
  settled: number;
  total: number;
  /** Settled items with nothing to fetch. */
  none: number;
  /** Items not on this laptop with a reason: failed, or waiting after the run stopped or between tries. */
  missing: PackItem[];
}

const settled = (i: PackItem) => i.state === 'done' || i.state === 'none';

export function packProgress(pack: Pick<MeetingPack, 'items'>): PackProgress {
  const details = pack.items.filter((i) => !isListItem(i));
  const missing = pack.items.filter((i) => i.state === 'failed' || (i.state === 'waiting' && i.message !== null));
  if (details.length === 0) {
    const lists = pack.items.filter(isListItem);
    return { phase: 'lists', settled: lists.filter(settled).length, total: lists.length, none: 0, missing };
  }
  return {
    phase: 'items',
    settled: details.filter(settled).length,
    total: details.length,
    none: details.filter((i) => i.state === 'none').length,
    missing,
  };
}

/** The line under the pack's state: "Reading the client's lists (2 of 4)" or "40 of 41 items on this laptop". */
export function progressText(p: PackProgress): string {
  if (p.phase === 'lists') return `Reading the client's lists (${p.settled} of ${p.total})`;
  const none = p.none > 0 ? ` (${p.none} with nothing to fetch)` : '';
  return `${p.settled} of ${p.total} items on this laptop${none}`;
}
