import { foldForSearch, type StoredEntity } from '../../db/practice-db';

/** Which clients by their terminated flag: current ones (the default), all, or only terminated ones. */
export type TerminatedFilter = 'active' | 'all' | 'terminated';
export type ClientSort = 'name' | 'name-desc' | 'code' | 'updated';

/** The option value for "clients with no office" (an empty value means "any office"). */
export const NO_OFFICE = '(none)';

export interface ClientView {
  query: string;
  terminated: TerminatedFilter;
  /** An entity type, or '' for any. */
  type: string;
  /** An office name, NO_OFFICE, or '' for any. */
  office: string;
  sort: ClientSort;
}

export const DEFAULT_CLIENT_VIEW: ClientView = { query: '', terminated: 'active', type: '', office: '', sort: 'name' };

export interface ClientIndex {
  /** Entity types present in the local data, alphabetical. */
  readonly types: readonly string[];
  /** Office names present in the local data, alphabetical. */
  readonly offices: readonly string[];
  /** Whether some client has no office. */
  readonly hasNoOffice: boolean;
  /** Every client in this order; computed once per order and kept. */
  ordered(sort: ClientSort): readonly StoredEntity[];
}

// "Client 9" before "Client 10", and "Élan" beside "Elan": what people expect of an A→Z list.
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

const byName = (a: StoredEntity, b: StoredEntity) => collator.compare(a.fullEntityName, b.fullEntityName) || collator.compare(a.entityCode, b.entityCode) || (a.entityKey < b.entityKey ? -1 : 1);

/**
 * Prepares one snapshot of the clients for filtering. Sorting 20,000 names takes tens of milliseconds, so
 * each order is sorted once per snapshot and every keystroke after that is a single pass that keeps it.
 */
export function indexClients(entities: readonly StoredEntity[]): ClientIndex {
  const types = new Set<string>();
  const offices = new Set<string>();
  let hasNoOffice = false;
  for (const e of entities) {
    if (e.entityType) types.add(e.entityType);
    if (e.officeName) offices.add(e.officeName);
    else hasNoOffice = true;
  }
  const orders = new Map<ClientSort, readonly StoredEntity[]>();
  const sortBy = (sort: ClientSort): readonly StoredEntity[] => {
    if (sort === 'name') return [...entities].sort(byName);
    if (sort === 'name-desc') return [...ordered('name')].reverse();
    if (sort === 'code') return [...entities].sort((a, b) => collator.compare(a.entityCode, b.entityCode) || byName(a, b));
    // Timestamps may carry different offsets, so they are compared as instants, parsed once each.
    const time = new Map(entities.map((e) => [e, Date.parse(e.updatedOn) || 0]));
    return [...entities].sort((a, b) => time.get(b)! - time.get(a)! || byName(a, b));
  };
  const ordered = (sort: ClientSort): readonly StoredEntity[] => {
    let list = orders.get(sort);
    if (!list) orders.set(sort, (list = sortBy(sort)));
    return list;
  };
  const alphabetical = (set: Set<string>) => [...set].sort(collator.compare);
  return { types: alphabetical(types), offices: alphabetical(offices), hasNoOffice, ordered };
}

/**
 * The clients a view shows, in its order. The search is case- and accent-insensitive over the stored
 * `search` text (name, preferred name, code, email, phones); three or more digits also match a phone
 * however it was typed ("0412 345" finds "0412345678").
 */
export function filterClients(index: ClientIndex, view: ClientView): readonly StoredEntity[] {
  const source = index.ordered(view.sort);
  const needle = foldForSearch(view.query.trim());
  const digits = view.query.replace(/\D/g, '');
  const byDigits = digits.length >= 3;
  if (!needle && view.terminated === 'all' && !view.type && !view.office) return source;
  const result: StoredEntity[] = [];
  for (const e of source) {
    if (view.terminated === 'active' ? e.entityTerminated : view.terminated === 'terminated' && !e.entityTerminated) continue;
    if (view.type && e.entityType !== view.type) continue;
    if (view.office && (view.office === NO_OFFICE ? Boolean(e.officeName) : e.officeName !== view.office)) continue;
    if (needle && !e.search.includes(needle) && !(byDigits && e.search.includes(digits))) continue;
    result.push(e);
  }
  return result;
}

/** Whether the view narrows the list beyond the default, so the screen can offer to clear it. */
export const isNarrowed = (view: ClientView): boolean =>
  view.query.trim() !== '' || view.terminated !== DEFAULT_CLIENT_VIEW.terminated || view.type !== '' || view.office !== '';
