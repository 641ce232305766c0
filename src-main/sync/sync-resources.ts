import { z } from 'zod';
import { shiftDay } from '../../src-preload/contract/iso-day';
import {
  billSchema,
  catalogItemSchema,
  contactSchema,
  debtorAgeingSchema,
  debtorInvoiceSchema,
  debtorMovementSchema,
  eformTemplateSchema,
  entitySchema,
  leadSchema,
  ledgerAccountSchema,
  ledgerStatusSchema,
  ledgerTaxRateSchema,
  onboardingSchema,
  onboardingStatusSchema,
  paymentSchema,
  proposalServiceSchema,
  proposalTemplateSchema,
  recurringBillingSchema,
  userSchema,
} from '../../src-preload/contract/partner-api';
import type { SyncedResourceName } from '../../src-preload/contract/sync';
import { BILLING_EVERY_MS, CATALOG_EVERY_MS } from '../../src-preload/contract/sync-cadence';

/**
 * Freshness tiers. The Client ID's budget is shared by the whole practice, so each resource is read as
 * often as staff need it fresh:
 * - lists: what staff act on (clients, contacts, onboardings, leads), read for changes (lastUpdated) on
 *   every run — every 5 minutes while the user works, hourly when away (sync-cadence.ts);
 * - billing: debtor reports and new bills and payments, hourly at most (a client's own are read when it
 *   is opened or packed);
 * - catalogs: users, statuses, services, eForm templates and ledger lookups, daily, or when a form that
 *   needs them opens and they are more than an hour old;
 * - schedules: the recurring billing schedules, weekly: a whole read is a page per hundred schedules, and
 *   the bills they raise arrive with the billing tier.
 */
export type SyncTier = 'lists' | 'billing' | 'catalogs' | 'schedules';

/** A resource of this tier is read again once its last pass ended this long ago (0: on every run). */
export const TIER_EVERY_MS: Readonly<Record<SyncTier, number>> = {
  lists: 0,
  billing: BILLING_EVERY_MS,
  catalogs: CATALOG_EVERY_MS,
  schedules: 7 * 24 * 60 * 60_000,
};

/** A date window in days around the server's today (never the laptop's). */
export interface WindowPolicy {
  /** Days back the first pass reads (the history import). */
  historyDays: number;
  /** Days ahead, for records dated after today. */
  aheadDays: number;
}

/**
 * How a resource is read:
 * - paged: lastUpdated and paging (full, then incremental passes that ask only for changes);
 * - paged-whole: a paged list that does not take lastUpdated: every pass reads it whole (upsert by key);
 * - snapshot: one unpaged list, re-read whole and replacing what was stored;
 * - window: paged by a date range (startDate/endDate) — a history window first, then a recent one;
 * - report: one object (a debtor report, the ledger status), replaced on every run.
 */
export type SyncKind = 'paged' | 'paged-whole' | 'snapshot' | 'window' | 'report';

interface ResourceBase {
  name: SyncedResourceName;
  path: string;
  /** The record's schema; for a 'report', the whole answer's. */
  schema: z.ZodType;
  key: (record: never) => string | number;
  /** Extra query for a pass: soft-deleted contacts; a report's period. */
  query?: (mode: 'full' | 'incremental' | 'reconcile', serverDay: string) => Record<string, string | boolean>;
  /** How fresh it must be kept, and so how often it is read (see SyncTier). */
  tier: SyncTier;
  /**
   * Not part of the first import: read the first time a form asks for the catalogs (round 'catalogs') or
   * by "Sync now", then as its tier says. The first import already fills the practice's first minute of
   * requests; lists only a form needs would make the user wait a minute longer for "last synced".
   */
  firstReadWhenAsked?: true;
  /** The answer is a list stored as one object, `{ items }` (see itemsOf): a mirror answers it as the list. */
  storedAsItems?: true;
}

/** Only a 'window' resource has (and must have) a window policy; `never` keeps `resource.window` readable on any resource. */
export type SyncResource =
  | (ResourceBase & { kind: Exclude<SyncKind, 'window'>; window?: never })
  | (ResourceBase & { kind: 'window'; window: WindowPolicy });

/** The `default` of an exhaustive switch on a kind: a kind added to SyncKind without its branch fails to compile. */
export function unknownKind(kind: never): never {
  throw new Error(`Unknown sync resource kind: ${String(kind)}`);
}

/** What each kind means for a pass; the engine asks this instead of testing kinds itself. */
export interface KindRules {
  /** Page by page, each page committed with its cursor (else one whole read replacing what was stored). */
  pageByPage: boolean;
  /** Passes after the first ask only for changes (lastUpdated), so an occasional whole re-read catches what paging skipped. */
  changesOnly: boolean;
  /** The answer is one object stored under the resource's name, not a list of records. */
  oneObject: boolean;
}

export function rulesOf(kind: SyncKind): KindRules {
  switch (kind) {
    case 'paged':
      return { pageByPage: true, changesOnly: true, oneObject: false };
    case 'paged-whole':
    case 'window':
      return { pageByPage: true, changesOnly: false, oneObject: false };
    case 'snapshot':
      return { pageByPage: false, changesOnly: false, oneObject: false };
    case 'report':
      return { pageByPage: false, changesOnly: false, oneObject: true };
    default:
      return unknownKind(kind);
  }
}

/** One year of bills and payments is the history a meeting needs; older ones come with a meeting pack. */
const billingWindow: WindowPolicy = { historyDays: 365, aheadDays: 31 };

/** A whole list kept as one report: the renderer stores objects, so the list goes under `items`. */
const itemsOf = (item: z.ZodType) => z.array(item).transform((items) => ({ items }));

/** In the order the user benefits from: clients first (the list appears after one page), then the rest. */
export const syncResources: readonly SyncResource[] = [
  {
    name: 'entities',
    path: '/entities/list',
    schema: entitySchema,
    key: (e: z.infer<typeof entitySchema>) => e.entityKey,
    kind: 'paged',
    tier: 'lists',
  },
  {
    name: 'contacts',
    path: '/contacts/list',
    schema: contactSchema,
    key: (c: z.infer<typeof contactSchema>) => c.entityContactID,
    kind: 'paged',
    tier: 'lists',
    // With the deleted ones on every pass, the first import included: a contact deleted while the list is read
    // would otherwise leave it and move everything after it back, one unread (partner-api/moved-records.ts).
    query: () => ({ includeDeleted: true }),
  },
  {
    name: 'onboardings',
    path: '/onboardings/list',
    schema: onboardingSchema,
    key: (o: z.infer<typeof onboardingSchema>) => o.onboardingKey,
    kind: 'paged',
    tier: 'lists',
  },
  {
    name: 'leads',
    path: '/leads/list',
    schema: leadSchema,
    key: (l: z.infer<typeof leadSchema>) => l.leadKey,
    kind: 'paged',
    tier: 'lists',
  },
  {
    name: 'users',
    path: '/users/list',
    schema: userSchema,
    key: (u: z.infer<typeof userSchema>) => u.userKey,
    kind: 'snapshot',
    tier: 'catalogs',
  },
  {
    name: 'onboardingStatuses',
    path: '/onboardings/statuses',
    schema: onboardingStatusSchema,
    key: (s: z.infer<typeof onboardingStatusSchema>) => s.statusID,
    kind: 'snapshot',
    tier: 'catalogs',
  },
  {
    name: 'proposalServices',
    path: '/proposals/services',
    schema: proposalServiceSchema,
    key: (s: z.infer<typeof proposalServiceSchema>) => s.serviceID,
    kind: 'snapshot',
    tier: 'catalogs',
  },
  // So an eForm can be prepared offline from a template.
  {
    name: 'eformTemplates',
    path: '/eforms/templates',
    schema: eformTemplateSchema,
    key: (t: z.infer<typeof eformTemplateSchema>) => t.templateId,
    kind: 'snapshot',
    tier: 'catalogs',
  },
  // A new proposal is built in the meeting, offline: the practice's templates and job templates with the services.
  // Each list is kept as one object (`{ items }`) in `reports`: small, read whole, replaced whole.
  {
    name: 'proposalTemplates',
    path: '/proposals/templates',
    schema: itemsOf(proposalTemplateSchema),
    key: () => 'proposalTemplates',
    kind: 'report',
    tier: 'catalogs',
    firstReadWhenAsked: true,
    storedAsItems: true,
  },
  {
    name: 'pmJobTemplates',
    path: '/proposals/pm-job-templates',
    schema: itemsOf(catalogItemSchema),
    key: () => 'pmJobTemplates',
    kind: 'report',
    tier: 'catalogs',
    firstReadWhenAsked: true,
    storedAsItems: true,
  },
  {
    name: 'dmsJobTemplates',
    path: '/proposals/dms-job-templates',
    schema: itemsOf(catalogItemSchema),
    key: () => 'dmsJobTemplates',
    kind: 'report',
    tier: 'catalogs',
    firstReadWhenAsked: true,
    storedAsItems: true,
  },
  // Ledger lookups, so an adhoc bill's lines can name an account and tax rate offline.
  {
    name: 'ledgerStatus',
    path: '/bills/ledger/status',
    schema: ledgerStatusSchema,
    key: () => 'ledgerStatus',
    kind: 'report',
    tier: 'catalogs',
  },
  {
    name: 'ledgerAccounts',
    path: '/bills/ledger/accounts',
    schema: ledgerAccountSchema,
    key: (a: z.infer<typeof ledgerAccountSchema>) => a.extAccountID,
    kind: 'snapshot',
    tier: 'catalogs',
  },
  {
    name: 'ledgerTaxRates',
    path: '/bills/ledger/tax-rates',
    schema: ledgerTaxRateSchema,
    key: (t: z.infer<typeof ledgerTaxRateSchema>) => t.extTaxID,
    kind: 'snapshot',
    tier: 'catalogs',
  },
  // Debtor reports as snapshots: small, and what a partner asks first.
  {
    name: 'debtorAgeing',
    path: '/debtors/ageing',
    schema: debtorAgeingSchema,
    key: () => 'debtorAgeing',
    kind: 'report',
    tier: 'billing',
  },
  {
    name: 'debtorInvoices',
    path: '/debtors/invoices',
    schema: debtorInvoiceSchema,
    key: (i: z.infer<typeof debtorInvoiceSchema>) => i.billingId,
    kind: 'snapshot',
    tier: 'billing',
  },
  {
    name: 'debtorMovement',
    path: '/debtors/movement',
    schema: debtorMovementSchema,
    key: () => 'debtorMovement',
    kind: 'report',
    tier: 'billing',
    // The last twelve months; other periods are read on demand from the Debtors screen.
    query: (_mode, serverDay) => ({ startDate: shiftDay(serverDay, -364), endDate: serverDay }),
  },
  {
    name: 'recurringBillings',
    path: '/recurring-billing/list',
    schema: recurringBillingSchema,
    key: (r: z.infer<typeof recurringBillingSchema>) => r.recurringBillingId,
    kind: 'paged-whole',
    tier: 'schedules',
  },
  // Billing windows last: the biggest lists, and the least needed to start working.
  {
    name: 'bills',
    path: '/bills/list',
    schema: billSchema,
    key: (b: z.infer<typeof billSchema>) => b.billingId,
    kind: 'window',
    window: billingWindow,
    tier: 'billing',
  },
  {
    name: 'payments',
    path: '/payments/list',
    schema: paymentSchema,
    key: (p: z.infer<typeof paymentSchema>) => p.paymentId,
    kind: 'window',
    window: billingWindow,
    tier: 'billing',
  },
];
