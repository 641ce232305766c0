import type { Entity } from '../../src-preload/contract/partner-api';
import type { ClientSort } from './client-view';
import { foldForSearch } from './fold-for-search';

/**
 * A client as the list and its search read it: the practice's record with its search text (name, preferred
 * name, code, email, phones as typed and as digits) folded by `foldForSearch` when it was stored.
 */
export type SearchableClient = Entity & { search: string };

export interface ClientIndex {
  /** Entity types present in the local data, alphabetical. */
  readonly types: readonly string[];
  /** Office names present in the local data, alphabetical. */
  readonly offices: readonly string[];
  /** Whether some client has no office. */
  readonly hasNoOffice: boolean;
  /** Every client in this order; computed once per order and kept. */
  ordered(sort: ClientSort): readonly SearchableClient[];
  /** Whether some client's code, folded, is exactly this: if none, a search moves no client first. */
  hasCode(folded: string): boolean;
}

const NOT_ASCII = /[^ -~]/;

/** A client code folded as a search is: codes are nearly always plain ASCII, which needs no normalisation. */
const foldCode = (code: string): string => (NOT_ASCII.test(code) ? foldForSearch(code) : code.toLowerCase());

// "Client 9" before "Client 10", and "Élan" beside "Elan": what people expect of an A→Z list.
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

const byName = (a: SearchableClient, b: SearchableClient) =>
  collator.compare(a.fullEntityName, b.fullEntityName) ||
  collator.compare(a.entityCode, b.entityCode) ||
  (a.entityKey < b.entityKey ? -1 : 1);

/**
 * Prepares one snapshot of the clients for filtering. Sorting 20,000 names takes tens of milliseconds, so
 * each order is sorted once per snapshot and every keystroke after that is a single pass that keeps it.
 */
export function indexClients(entities: readonly SearchableClient[]): ClientIndex {
  const types = new Set<string>();
  const offices = new Set<string>();
  let hasNoOffice = false;
  for (const e of entities) {
    if (e.entityType) types.add(e.entityType);
    if (e.officeName) offices.add(e.officeName);
    else hasNoOffice = true;
  }
  const orders = new Map<ClientSort, readonly SearchableClient[]>();
  const sortBy = (sort: ClientSort): readonly SearchableClient[] => {
    if (sort === 'name') return [...entities].sort(byName);
    if (sort === 'name-desc') return [...ordered('name')].reverse();
    if (sort === 'code')
      return [...entities].sort((a, b) => collator.compare(a.entityCode, b.entityCode) || byName(a, b));
    // Timestamps may carry different offsets, so they are compared as instants, parsed once each.
    const time = new Map(entities.map((e) => [e, Date.parse(e.updatedOn) || 0]));
    return [...entities].sort((a, b) => time.get(b)! - time.get(a)! || byName(a, b));
  };
  const ordered = (sort: ClientSort): readonly SearchableClient[] => {
    let list = orders.get(sort);
    if (!list) orders.set(sort, (list = sortBy(sort)));
    return list;
  };
  // The codes of this very snapshot (not the word index's, which catches up with a new one in idle slices),
  // gathered at the first search that asks.
  let codes: Set<string> | null = null;
  const hasCode = (folded: string) => (codes ??= new Set(entities.map((e) => foldCode(e.entityCode)))).has(folded);
  const alphabetical = (set: Set<string>) => [...set].sort(collator.compare);
  return { types: alphabetical(types), offices: alphabetical(offices), hasNoOffice, ordered, hasCode };
}
