import { z } from 'zod';

/** Most bills a payments cursor keeps to read again; beyond, a client's own bills are read when it is opened. */
export const MAX_FOLLOW_UPS = 500;

/**
 * Every resource the sync engine keeps on the laptop (main's `syncResources` names exactly these), and how
 * the renderer stores it: records in the Dexie table of that name, or one object in `reports` under it.
 */
export const syncedResourceStorage = {
  entities: 'table',
  contacts: 'table',
  onboardings: 'table',
  leads: 'table',
  users: 'table',
  onboardingStatuses: 'table',
  proposalServices: 'table',
  eformTemplates: 'table',
  proposalTemplates: 'report',
  pmJobTemplates: 'report',
  dmsJobTemplates: 'report',
  ledgerStatus: 'report',
  ledgerAccounts: 'table',
  ledgerTaxRates: 'table',
  debtorAgeing: 'report',
  debtorInvoices: 'table',
  debtorMovement: 'report',
  recurringBillings: 'table',
  bills: 'table',
  payments: 'table',
} as const satisfies Record<string, 'table' | 'report'>;
export type SyncedResourceName = keyof typeof syncedResourceStorage;
export const syncedResourceNameSchema = z.enum(
  Object.keys(syncedResourceStorage) as [SyncedResourceName, ...SyncedResourceName[]],
);

/** Where a sync pass reads: the practice hub's mirror, or the practice's Partner API itself. */
export const syncSourceSchema = z.enum(['hub', 'direct']);
export type SyncSource = z.infer<typeof syncSourceSchema>;

/**
 * Sync progress of one resource. It is stored in the renderer's database in the same transaction as
 * the page of records it describes, and handed back to main on start, so a pass resumes exactly where
 * the last committed page left it.
 */
const cursorFields = {
  resource: z.string().max(50),
  /**
   * 'full' until the first complete pass, then 'incremental'. 'reconcile' is an occasional full re-read
   * (no lastUpdated) that catches anything paging could have skipped; it ends as 'incremental' again.
   */
  mode: z.enum(['full', 'incremental', 'reconcile']),
  /** lastUpdated for the pass in progress (null for a full pass). */
  watermark: z.iso.datetime().nullable(),
  /** Page to fetch next; 1 means no pass is under way. */
  nextPage: z.number().int().min(1).max(10_000),
  /** The server's Date at the first response of the pass under way: the next watermark comes from it. */
  passServerTime: z.iso.datetime().nullable(),
  /**
   * Between passes, the page size the last pass that saw a full page learned (0: unknown); during a pass, the
   * largest page of this pass (a shorter page ends it).
   */
  largestPage: z.number().int().min(0),
  lastCompletedAt: z.iso.datetime().nullable(),
  recordsThisPass: z.number().int().min(0),
  /** Records read by the last complete full or reconcile pass: sizes the next one (the API has no totals). */
  fullPassRecords: z.number().int().min(0).optional(),
  /** Server time at the start of the last complete full or reconcile pass. */
  fullPassAt: z.iso.datetime().nullable().optional(),
  /**
   * Server time at the start of the last pass whose end was proven (paging.ts): the watermark stays where that
   * pass left it until another pass proves its end, which is due an hour after it at the latest. Absent (a
   * cursor from before, or never proven): the next pass proves its end.
   */
  provenAt: z.iso.datetime().optional(),
  /** Server time of the last page of the last complete pass: a resource's refresh interval counts from it. */
  passEndedAt: z.iso.datetime().optional(),
  /**
   * Date-window resources (bills, payments): the bill/payment-date range of the pass under way, fixed at
   * its first page so a resumed pass reads the same window. The first pass reads the history window,
   * later passes a recent one (statuses change: a bill gets paid, a payment refunded).
   */
  window: z.strictObject({ startDate: z.iso.date(), endDate: z.iso.date() }).optional(),
  /**
   * Payments: the bills that payments read since named and that are still to be read again (a payment
   * changes its bill). Stored with the page that named them, dropped only once the bill is stored, so a run
   * cut short reads them on the next one.
   */
  followUps: z.array(z.number().int()).max(MAX_FOLLOW_UPS).optional(),
  /**
   * The source whose facts this cursor holds: its watermark, page size and proof times are in that source's
   * clock and paging (sync/cursor-sources.ts). Absent: the practice's own address (the hub for a practice
   * connected through one).
   */
  source: syncSourceSchema.optional(),
  /**
   * A hub cursor only: the practice-clock time from which the hub's mirror of this list was proven complete
   * when the last proven pass through the hub began (the hub's `X-Hub-Mirror-Proven-At`). A fall-back to the
   * Partner API reads changes from it, less the margin.
   */
  mirrorProvenAt: z.iso.datetime().optional(),
};

/** The other source's cursor, kept while this one is used, so switching back resumes where it stood. */
export const parkedSyncCursorSchema = z.strictObject(cursorFields);
export type ParkedSyncCursor = z.infer<typeof parkedSyncCursorSchema>;

export const syncCursorSchema = z.strictObject({ ...cursorFields, otherSource: parkedSyncCursorSchema.optional() });
export type SyncCursor = z.infer<typeof syncCursorSchema>;
