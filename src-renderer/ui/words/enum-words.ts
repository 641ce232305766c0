import type { z } from 'zod';
import {
  billStatuses,
  collectionStatuses,
  leadStatuses,
  proposalStatuses,
  type AmlCheck,
  type amlKinds,
  type billSources,
  type IdVerificationSent,
  type LedgerStatus,
  type paymentMethods,
  type paymentStatuses,
  type proposalBillingSchema,
  type proposalJobSchema,
  type RecurringBilling,
  type RecurringBillingRun,
  type regions,
  type statementLineSchema,
} from '../../../src-preload/contract/partner-api';

/*
 * Every enumerated value the contract sends, in the words staff read: one table, so Billing, a client's
 * bill details and the filters all say "Bank transfer", never "bank" on one screen and words on another.
 * The contract keeps some values neutral on purpose (`ledger_a` stands for a ledger product it does not
 * name); staff are told what happened ("Recorded in the ledger"), not the code. The compiler checks each
 * table is complete; a unit test walks the contract's schemas and fails when an enum no table covers appears.
 */

type Words<T extends string> = Readonly<Record<T, string>>;
type Values<T extends readonly string[]> = T[number];
/** Values that already are words ("Awaiting payment") stand for themselves. */
const same = <T extends string>(values: readonly T[]): Words<T> =>
  Object.fromEntries(values.map((v): [T, string] => [v, v])) as Record<T, string>;

export const enumWords = {
  billStatus: same(billStatuses),
  billSource: {
    proposal: 'From a proposal',
    recurring: 'Recurring billing',
    adhoc: 'Ad hoc bill',
  } satisfies Words<Values<typeof billSources>>,
  paymentStatus: {
    processing: 'Processing',
    completed: 'Completed',
    refunded: 'Refunded',
    failed: 'Failed',
  } satisfies Words<Values<typeof paymentStatuses>>,
  paymentMethod: {
    card: 'Card',
    bank: 'Bank transfer',
    external: 'Paid elsewhere',
    ledger_a: 'Recorded in the ledger',
    ledger_b: 'Recorded in the other ledger',
  } satisfies Words<Values<typeof paymentMethods>>,
  ledger: {
    ledger_a: 'The ledger',
    ledger_b: 'The other ledger',
  } satisfies Words<NonNullable<LedgerStatus['ledger']>>,
  collectionStatus: same(collectionStatuses),
  amlKind: { standard: 'Standard', extensive: 'Extensive' } satisfies Words<Values<typeof amlKinds>>,
  amlResult: { clear: 'Clear', match: 'Possible match', pending: 'Pending' } satisfies Words<AmlCheck['result']>,
  idVerificationStatus: { Sent: 'Sent', 'Failed to send': 'Failed to send' } satisfies Words<
    IdVerificationSent['statusName']
  >,
  recurringFrequency: { Monthly: 'Monthly', Quarterly: 'Quarterly', Annually: 'Annually' } satisfies Words<
    RecurringBilling['frequency']
  >,
  recurringStatus: { Active: 'Active', Paused: 'Paused', Ended: 'Ended' } satisfies Words<
    RecurringBilling['statusName']
  >,
  recurringRunStatus: { Created: 'Created', Failed: 'Failed', Skipped: 'Skipped' } satisfies Words<
    RecurringBillingRun['statusName']
  >,
  leadStatus: same(leadStatuses),
  proposalStatus: same(proposalStatuses),
  proposalBillingKind: {
    invoice: 'One-off invoice',
    recurring: 'Recurring billing',
  } satisfies Words<z.infer<typeof proposalBillingSchema>['kind']>,
  jobSystem: {
    pm: 'Practice management',
    dms: 'Document management',
  } satisfies Words<z.infer<typeof proposalJobSchema>['system']>,
  statementLine: {
    opening: 'Opening balance',
    invoice: 'Invoice',
    payment: 'Payment',
    refund: 'Refund',
    credit: 'Credit',
  } satisfies Words<z.infer<typeof statementLineSchema>['type']>,
  region: {
    ANZ: 'Australia and New Zealand',
    UK: 'United Kingdom',
    ZA: 'South Africa',
  } satisfies Words<Values<typeof regions>>,
} as const;

export type EnumName = keyof typeof enumWords;

/** "ledger_c" → "Ledger c", "on-hold" → "On hold": a value no table knows yet, still readable. */
export function titleCased(value: string): string {
  const spaced = value.replace(/[_-]+/g, ' ').trim();
  return spaced ? spaced[0]!.toUpperCase() + spaced.slice(1) : value;
}

/**
 * `value` of the contract's enum `name` in words. A value the table does not know (a server newer than
 * this app) is shown as it came, title-cased, rather than hidden or crashing a screen.
 */
export function inWords(name: EnumName, value: string | null | undefined): string {
  if (value == null || value === '') return '—';
  const table: Readonly<Record<string, string>> = enumWords[name];
  return Object.hasOwn(table, value) ? table[value]! : titleCased(value);
}
