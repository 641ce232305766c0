/** Which clients by their terminated flag: current ones (the default), all, or only terminated ones. */
export type TerminatedFilter = 'active' | 'all' | 'terminated';
export type ClientSort = 'name' | 'name-desc' | 'code' | 'updated';

/** The option value for "clients with no office" (an empty value means "any office"). */
export const NO_OFFICE = '(none)';

/** What the client list is asked to show: the search as typed, the filters and the order. */
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

/** Whether the view narrows the list beyond the default, so the screen can offer to clear it. */
export const isNarrowed = (view: ClientView): boolean =>
  view.query.trim() !== '' ||
  view.terminated !== DEFAULT_CLIENT_VIEW.terminated ||
  view.type !== '' ||
  view.office !== '';
