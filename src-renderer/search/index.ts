/**
 * Search: the fold rule every list's search and the stored search text share, and the client list's search.
 * A keystroke in the client list is one call, `searchClients(index, words, view)`: `indexClients` prepares
 * each snapshot of the clients (orders, filter values), `ClientSearchIndex` is the word index the list keeps
 * in step with the stored clients outside a keystroke, and `highlightRanges` marks what a query matched.
 * Everything else in this folder is internal.
 */
export { foldForSearch } from './fold-for-search';
export { indexClients, type ClientIndex, type SearchableClient } from './client-list';
export {
  DEFAULT_CLIENT_VIEW,
  NO_OFFICE,
  isNarrowed,
  type ClientSort,
  type ClientView,
  type TerminatedFilter,
} from './client-view';
export { prepareSearch, searchClients, type WordSearch } from './search-clients';
export { ClientSearchIndex } from './word-index';
export { highlightRanges } from './highlight';
