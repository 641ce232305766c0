/**
 * The screens' paths, labels and shortcuts without their components: Settings lists the shortcuts, and
 * importing screens.tsx for that would make the two import each other (screens.tsx imports every screen).
 */
export interface ScreenEntry {
  path: string;
  label: string;
  /** Ctrl (⌘ on macOS) + this key opens the screen. */
  shortcut: string;
}

export const screenList = [
  { path: 'clients', label: 'Clients', shortcut: '1' },
  { path: 'onboardings', label: 'Onboardings', shortcut: '2' },
  // Listed beside the client screens it belongs with, but on the next free number: 1–6 stay as people learnt them.
  { path: 'leads', label: 'Leads', shortcut: '7' },
  { path: 'billing', label: 'Billing', shortcut: '3' },
  // Beside Billing, on the next free number (as Leads took 7).
  { path: 'debtors', label: 'Debtors', shortcut: '8' },
  { path: 'documents', label: 'Documents', shortcut: '4' },
  { path: 'outbox', label: 'Outbox', shortcut: '5' },
  { path: 'settings', label: 'Settings', shortcut: '6' },
] as const satisfies readonly ScreenEntry[];

export type ScreenPath = (typeof screenList)[number]['path'];
