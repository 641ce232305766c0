import type { ComponentType } from 'react';
import { BillingScreen } from '../features/billing/BillingScreen';
import { ClientsScreen } from '../features/clients/ClientsScreen';
import { DebtorsScreen } from '../features/debtors/DebtorsScreen';
import { DocumentsScreen } from '../features/documents/DocumentsScreen';
import { LeadsScreen } from '../features/leads/LeadsScreen';
import { OnboardingsScreen } from '../features/onboardings/OnboardingsScreen';
import { OutboxScreen } from '../features/outbox/OutboxScreen';
import { SettingsScreen } from '../features/settings/SettingsScreen';
import { screenList, type ScreenEntry, type ScreenPath } from '../../src-preload/contract/screens';

export interface Screen extends ScreenEntry {
  Component: ComponentType;
}

// A Record over the paths: a screen added to the list without its component does not compile.
const components: Record<ScreenPath, ComponentType> = {
  clients: ClientsScreen,
  onboardings: OnboardingsScreen,
  leads: LeadsScreen,
  billing: BillingScreen,
  debtors: DebtorsScreen,
  documents: DocumentsScreen,
  outbox: OutboxScreen,
  settings: SettingsScreen,
};

/** The navigation, the routes and the keyboard shortcuts all come from this one list (order and keys: contract/screens.ts). */
export const screens: readonly Screen[] = screenList.map((entry) => ({ ...entry, Component: components[entry.path] }));
