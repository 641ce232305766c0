/**
 * The window's screens: path, label and Ctrl/⌘ digit, without their components. One list for the
 * renderer's navigation, routes and shortcuts (src-renderer/app/screens.tsx adds the components), the
 * shortcuts Settings lists, main's View menu, and the screens a menu command or notification may open.
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
  // Last, on the next free number; F1 opens it too (src-renderer/desktop/shortcut-registry.ts).
  { path: 'help', label: 'Help', shortcut: '9' },
] as const satisfies readonly ScreenEntry[];

export type ScreenPath = (typeof screenList)[number]['path'];

/**
 * Ctrl/⌘+Shift+ this key on a client's page shows the window to that client only (client-facing mode);
 * pressed in the mode, it asks for the PIN to leave. Listed with the screens' keys in Settings.
 */
export const showToClientShortcut = { key: 'S', label: 'Show to client (on a client) / leave it' } as const;
