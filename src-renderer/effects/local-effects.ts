import type { Table } from 'dexie';
import type { OperationName } from '../../src-preload/contract/outbox/operations';
import type { PracticeDb } from '../data/practice-db';
import { isLocalEffect, type Effect, type EffectPart, type EffectTable } from './outbox-effect';
import { billEffects } from './bill-effects';
import { contactEffects } from './contact-effects';
import { eformEffects } from './eform-effects';
import { identityEffects } from './identity-effects';
import { leadEffects } from './lead-effects';
import { onboardingEffects } from './onboarding-effects';
import { proposalEffects } from './proposal-effects';

/**
 * The registry's effect column (registry.ts holds the same objects), gathered apart from the forms: the
 * outbox machinery and the sync ingest read it, and the forms' own imports reach the practice store,
 * which ingests sync pages — importing the whole registry from there would tie the two into a cycle.
 */
export const localEffects = {
  ...contactEffects,
  ...leadEffects,
  ...eformEffects,
  ...identityEffects,
  ...billEffects,
  ...onboardingEffects,
  ...proposalEffects,
} satisfies Record<OperationName, EffectPart>;

/** The operation's local effect, or undefined for one declared to have none. */
export function effectOf(operation: OperationName): Effect | undefined {
  const part: EffectPart = localEffects[operation];
  return isLocalEffect(part) ? part : undefined;
}

const tableList = (db: PracticeDb, names: Iterable<EffectTable>): Table[] => [
  db.outbox,
  ...[...new Set(names)].map((name) => db[name] as Table),
];

/** What a transaction storing an entry of this operation takes: the outbox and the tables of its effect. */
export const entryTables = (db: PracticeDb, operation: OperationName): Table[] =>
  tableList(db, effectOf(operation)?.tables ?? []);

/** Every table any effect touches: for a transaction that may apply the effects of any entry (a sync page's ingest). */
export const effectTables = (db: PracticeDb): Table[] =>
  tableList(
    db,
    Object.values<EffectPart>(localEffects).flatMap((part) => (isLocalEffect(part) ? part.tables : [])),
  );
