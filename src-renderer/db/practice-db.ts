import Dexie, { type EntityTable } from 'dexie';
import type { OutboxEntry } from '../../src-preload/contract/outbox/outbox-entry';
import type { Contact, EformTemplate, Entity, Lead, LeadNote, Onboarding, OnboardingStatus, ProposalService, User } from '../../src-preload/contract/partner-api';
import type { SyncCursor } from '../../src-preload/contract/sync';

/** Lower-cased, accent-free text for search: "Zoë Ngāta" → "zoe ngata". */
export function foldForSearch(text: string | null | undefined): string {
  return (text ?? '').normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/** An entity as stored, with a precomputed search field (name, code, email, phones). */
export type StoredEntity = Entity & { search: string };

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

  constructor(readonly practiceKey: string) {
    super(`practice-${practiceKey}`);
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
  }
}

const open = new Map<string, PracticeDb>();
export function practiceDb(practiceKey: string): PracticeDb {
  let db = open.get(practiceKey);
  if (!db) open.set(practiceKey, (db = new PracticeDb(practiceKey)));
  return db;
}

/** Signing out: the practice's whole local copy goes. */
export async function deletePracticeDb(practiceKey: string): Promise<void> {
  const db = open.get(practiceKey);
  db?.close();
  open.delete(practiceKey);
  await Dexie.delete(`practice-${practiceKey}`);
}
