import { z } from 'zod';

/**
 * How often the laptop reads what, in one place for main (which resources a run reads) and the renderer
 * (when a run starts). The Client ID's request budget is shared by every laptop of the practice, so
 * each resource is read as often as staff need it fresh, and no more.
 */

/** Where the user is: at the window (active), away from it (idle or hidden), or the laptop is asleep or locked. */
export const presenceSchema = z.enum(['active', 'idle', 'hidden', 'asleep']);
export type Presence = z.infer<typeof presenceSchema>;

/** What a run reads: what is due (the timer, a catch-up), everything ("Sync now"), or the catalogs a form needs. */
export const syncRoundSchema = z.enum(['due', 'full', 'catalogs']);
export type SyncRound = z.infer<typeof syncRoundSchema>;

/** The `lastUpdated` lists (clients, contacts, onboardings, leads) while the user works at the window. */
export const ACTIVE_EVERY_MS = 5 * 60_000;
/** The same lists while the window is hidden or the user away. */
export const IDLE_EVERY_MS = 60 * 60_000;
/** Debtor reports and new bills and payments: hourly at most (a client's own are read when it is opened). */
export const BILLING_EVERY_MS = 55 * 60_000;
/** Catalogs and ledger lookups: daily, or when a form that needs them opens and they are older than this. */
export const CATALOG_EVERY_MS = 24 * 60 * 60_000;
export const CATALOG_STALE_FOR_FORMS_MS = 60 * 60_000;

/** Time between two scheduled runs for this presence; null when none runs (asleep, locked). */
export function syncEveryMs(presence: Presence): number | null {
  switch (presence) {
    case 'active':
      return ACTIVE_EVERY_MS;
    case 'idle':
    case 'hidden':
      return IDLE_EVERY_MS;
    case 'asleep':
      return null;
  }
}
