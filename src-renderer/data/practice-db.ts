import Dexie, { type EntityTable } from 'dexie';
import type { OutboxEntry } from '../../src-preload/contract/outbox/outbox-entry';
import type {
  Bill,
  BillDetail,
  Contact,
  DebtorInvoice,
  EformTemplate,
  Lead,
  LeadNote,
  Onboarding,
  OnboardingStatus,
  Payment,
  ProposalDetail,
  ProposalService,
  ProposalSummary,
  RecurringBilling,
  RecurringBillingRun,
  StatementDetail,
  StatementSummary,
  User,
} from '../../src-preload/contract/partner-api';
import type { ledgerAccountSchema, ledgerTaxRateSchema } from '../../src-preload/contract/partner-api';
import type { z } from 'zod';
import type { DocumentRef } from '../../src-preload/contract/documents';
import type { MeetingPack } from './meeting-pack-types';
import type { SyncCursor } from '../../src-preload/contract/sync';
import { practiceDbNameOf } from './practice-db-name';
import type { SearchableClient } from '../search';

/** An entity as stored: the record with the folded text the client search reads (see `SearchableClient`). */
export type StoredEntity = SearchableClient;

/** A report (debtor ageing, movement, ledger status) as last read, under its name. */
export interface StoredReport {
  name: string;
  data: unknown;
  fetchedAt: string;
}

/** A choice the user made on this laptop for this practice ("this is me"), gone with the practice at sign-out. */
export interface StoredPreference {
  name: string;
  value: unknown;
}

/** The key of a client part's "last read" marker. */
export const clientReadId = (entityKey: string, part: string): string => `${entityKey}|${part}`;

/**
 * When a per-client part (proposals, statements, identity, full bill history …) was last read from the
 * practice, so screens can say how fresh it is and a meeting pack knows what it still needs.
 */
export interface ClientRead {
  /** `${entityKey}|${part}` */
  id: string;
  entityKey: string;
  part: string;
  fetchedAt: string;
}

/** What is known of a client's identity verification: the certificate exists once one has completed. */
export interface IdentityStatus {
  entityKey: string;
  certificate: 'available' | 'none';
  checkedAt: string;
}

/** A PDF someone asked for while offline: fetched when the connection is back. */
export interface DocumentRequest {
  /** `${kind}:${id}` */
  docKey: string;
  ref: DocumentRef;
  entityKey: string;
  requestedAt: string;
  lastError: string | null;
  /** The download queue's attempts so far and when it tries again (jobs/item-queue.ts); absent on a new request. */
  attempts?: number | undefined;
  nextTryAt?: string | null | undefined;
}

/**
 * One database per practice ("practice-<practiceKey>"): data never mixes, and signing out deletes one
 * database. Cursors live beside the data so a page and its cursor commit in one transaction.
 */
export class PracticeDb extends Dexie {
  entities!: EntityTable<StoredEntity, 'entityKey'>;
  contacts!: EntityTable<Contact, 'entityContactID'>;
  onboardings!: EntityTable<Onboarding, 'onboardingKey'>;
  users!: EntityTable<User, 'userKey'>;
  onboardingStatuses!: EntityTable<OnboardingStatus, 'statusID'>;
  proposalServices!: EntityTable<ProposalService, 'serviceID'>;
  cursors!: EntityTable<SyncCursor, 'resource'>;
  leads!: EntityTable<Lead, 'leadKey'>;
  /** Queued writes, in replay order (seq); see src-renderer/outbox. */
  outbox!: EntityTable<OutboxEntry, 'seq'>;
  /** Notes of the leads someone opened, as last read from the practice (not synced: see features/leads). */
  leadNotes!: EntityTable<LeadNote, 'noteID'>;
  /** The practice's eForm templates (a synced snapshot), so an eForm can be prepared offline. */
  eformTemplates!: EntityTable<EformTemplate, 'templateId'>;
  // v6: money and documents. Synced: bills and payments (date windows), recurring schedules,
  // debtor invoices, ledger lookups, reports. Read per client on demand or by a meeting pack: the rest.
  bills!: EntityTable<Bill, 'billingId'>;
  payments!: EntityTable<Payment, 'paymentId'>;
  recurringBillings!: EntityTable<RecurringBilling, 'recurringBillingId'>;
  debtorInvoices!: EntityTable<DebtorInvoice, 'billingId'>;
  ledgerAccounts!: EntityTable<z.infer<typeof ledgerAccountSchema>, 'extAccountID'>;
  ledgerTaxRates!: EntityTable<z.infer<typeof ledgerTaxRateSchema>, 'extTaxID'>;
  reports!: EntityTable<StoredReport, 'name'>;
  billDetails!: EntityTable<BillDetail, 'billingId'>;
  proposals!: EntityTable<ProposalSummary, 'proposalKey'>;
  proposalDetails!: EntityTable<ProposalDetail, 'proposalKey'>;
  statements!: EntityTable<StatementSummary, 'statementId'>;
  statementDetails!: EntityTable<StatementDetail, 'statementId'>;
  recurringRuns!: EntityTable<RecurringBillingRun, 'runId'>;
  identity!: EntityTable<IdentityStatus, 'entityKey'>;
  clientReads!: EntityTable<ClientRead, 'id'>;
  meetingPacks!: EntityTable<MeetingPack, 'packId'>;
  documentRequests!: EntityTable<DocumentRequest, 'docKey'>;
  preferences!: EntityTable<StoredPreference, 'name'>;
  /**
   * Per-client reads on their way with how many components wait for each (client-data/joined-reads.ts): the
   * header and a tab that both want a client's identity share one request. Held by the practice's database
   * object, not by a module.
   */
  readonly readsInFlight = new Map<string, unknown>();
  /** Another connection deleted the database: this object is closed for good. */
  closedByDelete = false;

  constructor(readonly practiceKey: string) {
    super(practiceDbNameOf(practiceKey));
    this.version(1).stores({
      entities: 'entityKey, fullEntityName, entityCode, updatedOn',
      contacts: 'entityContactID, entityKey',
      onboardings: 'onboardingKey, entityKey, statusID, updatedOn',
      users: 'userKey',
      onboardingStatuses: 'statusID',
      proposalServices: 'serviceID',
      cursors: 'resource',
    });
    // v2: leads (synced) and the outbox. Adding tables needs no data migration.
    this.version(2).stores({
      leads: 'leadKey, updatedOn, statusName',
      outbox: '++seq, &id, status, entityKey',
    });
    // v3: lead notes, cached when a lead is opened online so they still show offline.
    this.version(3).stores({ leadNotes: 'noteID, leadKey' });
    // v4: eForm templates (synced snapshot) for the eForm action offline.
    this.version(4).stores({ eformTemplates: 'templateId' });
    // v5: entities keep only their key. No query uses the old name/code/updatedOn indexes (the client
    // list sorts in memory), and each index roughly halves IndexedDB write speed (bench: ingest).
    this.version(5).stores({ entities: 'entityKey' });
    // v6: money and documents. New tables only.
    this.version(6).stores({
      bills: 'billingId, entityKey',
      payments: 'paymentId, entityKey, billingId',
      recurringBillings: 'recurringBillingId, entityKey',
      debtorInvoices: 'billingId, entityKey',
      ledgerAccounts: 'extAccountID',
      ledgerTaxRates: 'extTaxID',
      reports: 'name',
      billDetails: 'billingId',
      proposals: 'proposalKey, entityKey',
      proposalDetails: 'proposalKey',
      statements: 'statementId, entityKey',
      statementDetails: 'statementId',
      recurringRuns: 'runId, recurringBillingId',
      identity: 'entityKey',
      clientReads: 'id, entityKey',
      meetingPacks: 'packId, entityKey',
      documentRequests: 'docKey',
    });
    // v7: the client name index again: the A→Z list paints its first screen from a short read through it,
    // before every client is loaded (features/clients/use-client-snapshot.ts). One index, one field.
    this.version(7).stores({ entities: 'entityKey, fullEntityName' });
    // v8: the outbox's late-landing holds (outbox/landing-hold.ts), read before each send. A sparse index:
    // only entries that ever had an attempt with no answer carry the field, so done entries are not read.
    this.version(8).stores({ outbox: '++seq, &id, status, entityKey, mayLandUntil' });
    // v9: the user's own choices for this practice (who is using this laptop). A new table only.
    this.version(9).stores({ preferences: 'name' });
    // Another connection deletes the database (a sign-out, a test's clean-up): give way quietly, without
    // Dexie's console warning, and stay closed (a use after the delete fails instead of recreating it).
    this.on('versionchange', () => {
      this.closedByDelete = true;
      this.close();
      return false;
    });
  }
}

/** Deletes a practice's database (other connections to it are closed by Dexie when it is deleted). */
export async function deletePracticeDb(practiceKey: string): Promise<void> {
  await Dexie.delete(practiceDbNameOf(practiceKey));
}

const practiceDbName = /^practice-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The keys of every practice that has a database in this browser profile, known to main or not. */
export async function listPracticeDbKeys(): Promise<string[]> {
  const databases = await indexedDB.databases();
  return databases.flatMap((d) => {
    const match = practiceDbName.exec(d.name ?? '');
    return match ? [match[1]!] : [];
  });
}

/** The practice databases this window has open: one connection per practice, shared by every screen and job. */
export interface PracticeDatabases {
  /** The practice's database, opened on first use. */
  of(practiceKey: string): PracticeDb;
  /** Closes the practice's database if this window has it open (a forgotten practice kept for now). */
  close(practiceKey: string): void;
  /** Signing out: the practice's whole local copy goes. */
  delete(practiceKey: string): Promise<void>;
  /** The keys of every practice that has a database in this browser profile, known to main or not. */
  listKeys(): Promise<string[]>;
}

export function createPracticeDatabases(): PracticeDatabases {
  const open = new Map<string, PracticeDb>();
  const close = (practiceKey: string): void => {
    open.get(practiceKey)?.close();
    open.delete(practiceKey);
  };
  return {
    of(practiceKey) {
      let db = open.get(practiceKey);
      // Deleted through another connection (a test, a script): the next use opens a fresh database.
      if (!db || db.closedByDelete) open.set(practiceKey, (db = new PracticeDb(practiceKey)));
      return db;
    },
    close,
    async delete(practiceKey) {
      close(practiceKey);
      await deletePracticeDb(practiceKey);
    },
    listKeys: listPracticeDbKeys,
  };
}
