import type { ComponentType } from 'react';
import { BillingScreen } from '../features/billing/BillingScreen';
import { ClientsScreen } from '../features/clients/ClientsScreen';
import { DebtorsScreen } from '../features/debtors/DebtorsScreen';
import { DocumentsScreen } from '../features/documents/DocumentsScreen';
import { LeadsScreen } from '../features/leads/LeadsScreen';
import { OnboardingsScreen } from '../features/onboardings/OnboardingsScreen';
import { OutboxScreen } from '../features/outbox/OutboxScreen';
import { SettingsScreen } from '../features/settings/SettingsScreen';

export interface Screen {
  path: string;
  label: string;
  /** Ctrl (⌘ on macOS) + this key opens the screen. */
  shortcut: string;
  Component: ComponentType;
}

/** The navigation, the routes and the keyboard shortcuts all come from this one list. */
export const screens: readonly Screen[] = [
  { path: 'clients', label: 'Clients', shortcut: '1', Component: ClientsScreen },
  { path: 'onboardings', label: 'Onboardings', shortcut: '2', Component: OnboardingsScreen },
  // Listed beside the client screens it belongs with, but on the next free number: 1–6 stay as people learnt them.
  { path: 'leads', label: 'Leads', shortcut: '7', Component: LeadsScreen },
  { path: 'billing', label: 'Billing', shortcut: '3', Component: BillingScreen },
  // Beside Billing, on the next free number (as Leads took 7).
  { path: 'debtors', label: 'Debtors', shortcut: '8', Component: DebtorsScreen },
  { path: 'documents', label: 'Documents', shortcut: '4', Component: DocumentsScreen },
  { path: 'outbox', label: 'Outbox', shortcut: '5', Component: OutboxScreen },
  { path: 'settings', label: 'Settings', shortcut: '6', Component: SettingsScreen },
];
