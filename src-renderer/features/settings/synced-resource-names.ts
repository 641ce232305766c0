import type { SyncedResourceName } from '../../../src-preload/contract/sync';

export interface ResourceWords {
  /** What the practice calls the list: "Clients", "Outstanding invoices". */
  label: string;
  /** A record of it, one and many: "1 client", "304 clients". */
  one: string;
  other: string;
}

/**
 * Every list the sync keeps on the laptop, named as the practice names it. A Record over the contract's
 * resource names: a new synced resource without a name here does not compile.
 */
export const syncedResourceNames: Record<SyncedResourceName, ResourceWords> = {
  entities: { label: 'Clients', one: 'client', other: 'clients' },
  contacts: { label: 'Contacts', one: 'contact', other: 'contacts' },
  onboardings: { label: 'Onboardings', one: 'onboarding', other: 'onboardings' },
  leads: { label: 'Leads', one: 'lead', other: 'leads' },
  users: { label: 'Staff', one: 'staff member', other: 'staff members' },
  onboardingStatuses: { label: 'Onboarding statuses', one: 'status', other: 'statuses' },
  proposalServices: { label: 'Services', one: 'service', other: 'services' },
  eformTemplates: { label: 'eForm templates', one: 'template', other: 'templates' },
  proposalTemplates: { label: 'Proposal templates', one: 'list', other: 'lists' },
  pmJobTemplates: { label: 'Practice-manager job templates', one: 'list', other: 'lists' },
  dmsJobTemplates: { label: 'Document-system job templates', one: 'list', other: 'lists' },
  ledgerStatus: { label: 'Ledger connection', one: 'report', other: 'reports' },
  ledgerAccounts: { label: 'Ledger accounts', one: 'account', other: 'accounts' },
  ledgerTaxRates: { label: 'Tax rates', one: 'tax rate', other: 'tax rates' },
  debtorAgeing: { label: 'Debtor ageing', one: 'report', other: 'reports' },
  debtorInvoices: { label: 'Outstanding invoices', one: 'invoice', other: 'invoices' },
  debtorMovement: { label: 'Debtor movement', one: 'report', other: 'reports' },
  recurringBillings: { label: 'Recurring billing', one: 'schedule', other: 'schedules' },
  bills: { label: 'Bills', one: 'bill', other: 'bills' },
  payments: { label: 'Payments', one: 'payment', other: 'payments' },
};

/** The name of a resource the progress reports, or the text as sent if this renderer does not know it. */
export function syncedResourceName(resource: string): ResourceWords {
  return (
    (syncedResourceNames as Record<string, ResourceWords | undefined>)[resource] ?? {
      label: resource,
      one: 'record',
      other: 'records',
    }
  );
}
