import type { ComponentType } from 'react';
import { ClientsScreen } from '../features/clients/ClientsScreen';
import { ConnectPanel } from '../features/connect/ConnectPanelOnDemand';
import { lazyComponent, preloadAll, type LoadedOnDemand } from '../ui/LazyLoad';
import { screenList, type ScreenEntry, type ScreenPath } from '../../src-preload/contract/screens';

type ScreenComponent = LoadedOnDemand<object>;

export interface Screen extends ScreenEntry {
  path: ScreenPath;
  /** Renders at once when its code is there; otherwise shows a quiet "Loading …" status until it arrives. */
  Component: ScreenComponent;
}

/** The screen shown at start is in the start bundle: nothing to fetch, so nothing to wait for. */
function inStartBundle(Component: ComponentType): ScreenComponent {
  return Object.assign(() => <Component />, { preload: () => Promise.resolve(Component) });
}

/*
 * Every other screen is its own chunk, fetched the first time it is shown, when its link is hovered or
 * focused, or once the window is idle after the first paint (preloadScreens): start-up parses less, and a
 * keyboard shortcut still switches at once.
 * A Record over the paths: a screen added to the list without its component does not compile.
 */
const components: Record<ScreenPath, ScreenComponent> = {
  clients: inStartBundle(ClientsScreen),
  onboardings: lazyComponent(
    () => import('../features/onboardings/OnboardingsScreen').then((m) => m.OnboardingsScreen),
    'onboardings',
  ),
  leads: lazyComponent(() => import('../features/leads/LeadsScreen').then((m) => m.LeadsScreen), 'leads'),
  billing: lazyComponent(() => import('../features/billing/BillingScreen').then((m) => m.BillingScreen), 'billing'),
  debtors: lazyComponent(() => import('../features/debtors/DebtorsScreen').then((m) => m.DebtorsScreen), 'debtors'),
  documents: lazyComponent(
    () => import('../features/documents/DocumentsScreen').then((m) => m.DocumentsScreen),
    'documents',
  ),
  outbox: lazyComponent(() => import('../features/outbox/OutboxScreen').then((m) => m.OutboxScreen), 'the outbox'),
  settings: lazyComponent(
    () => import('../features/settings/SettingsScreen').then((m) => m.SettingsScreen),
    'settings',
  ),
  help: lazyComponent(() => import('../features/help/HelpScreen').then((m) => m.HelpScreen), 'help'),
};

/** The screens a list opens (a client, an onboarding, a lead, a document): loaded on demand too. */
export const detailScreens = {
  client: lazyComponent(
    () => import('../features/clients/ClientDetailScreen').then((m) => m.ClientDetailScreen),
    'the client',
  ),
  onboarding: lazyComponent(
    () => import('../features/onboardings/OnboardingDetailScreen').then((m) => m.OnboardingDetailScreen),
    'the onboarding',
  ),
  lead: lazyComponent(() => import('../features/leads/LeadDetailScreen').then((m) => m.LeadDetailScreen), 'the lead'),
  document: lazyComponent(
    () => import('../features/documents/DocumentScreen').then((m) => m.DocumentScreen),
    'the document',
  ),
} as const satisfies Record<string, ScreenComponent>;

/** The navigation, the routes and the keyboard shortcuts all come from this one list (order and keys: contract/screens.ts). */
export const screens: readonly Screen[] = screenList.map((entry) => ({ ...entry, Component: components[entry.path] }));

/** Fetches every screen's code (once; a failure is left to the screen's first showing). */
export function preloadScreens(): void {
  preloadAll([...screens.map((screen) => screen.Component), ...Object.values(detailScreens), ConnectPanel]);
}
