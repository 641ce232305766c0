import { createWindowFirstPagePrefetch } from './data/first-page';

/*
 * Runs right after zod-jitless.ts (main.tsx imports it second, and only main.tsx may: it starts a read at
 * import): the client list's first page is read from the practice shown last while the rest of the start-up
 * code is evaluated (React, the router, Dexie), not after it. Opening IndexedDB in a fresh window takes tens of
 * milliseconds; started here, the read ends about when the list first renders. Only data/first-page.ts comes
 * with it (no Dexie). The root takes the prefetch over (createRendererServices' `firstPage`); without a bridge
 * the page shows why and nothing takes the page, which costs one short read.
 */
export const firstPage = createWindowFirstPagePrefetch();
firstPage.start();
