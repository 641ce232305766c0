import { createFirstPagePrefetch } from './data/first-page';

/*
 * Runs right after zod-jitless.ts (main.tsx imports it second): the client list's first page is read from
 * the practice shown last while the rest of the start-up code is evaluated (React, the router, Dexie), not
 * after it. Opening IndexedDB in a fresh window takes tens of milliseconds; started here, the read ends
 * about when the list first renders. Only data/first-page.ts comes with it (no Dexie); the root takes the
 * prefetch over (createRendererServices' `firstPage`).
 */
export const firstPage = createFirstPagePrefetch({
  // Where the practice shown last is remembered: none in Node, where no test stubs it.
  storage: typeof localStorage === 'undefined' ? null : localStorage,
});
firstPage.start();
