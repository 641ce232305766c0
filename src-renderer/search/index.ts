/**
 * Search: the fold rule every list's search and the stored search text share. Everything else in this
 * folder is internal.
 */
export { foldForSearch } from './fold-for-search';
