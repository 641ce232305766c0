import { screenList, showToClientShortcut } from '../../src-preload/contract/screens';
import { pdfViewerShortcuts } from '../pdf-viewer/viewer-shortcuts';

/** The key that opens Help from anywhere (handled with the screens' keys in screen-shortcuts.ts). */
export const HELP_KEY = 'F1';

export interface ShortcutGroup {
  where: string;
  shortcuts: readonly { keys: string; does: string }[];
}

/**
 * Every keyboard shortcut the window answers, for people: the Help screen lists exactly this, never a
 * retyped copy. The screens' keys come from the contract's one screen list.
 */
export const shortcutRegistry: readonly ShortcutGroup[] = [
  {
    where: 'Anywhere',
    shortcuts: [
      ...screenList.map((screen) => ({ keys: `Ctrl/⌘ ${screen.shortcut}`, does: `Open ${screen.label}` })),
      { keys: HELP_KEY, does: 'Open Help' },
    ],
  },
  {
    where: "On a client's page",
    shortcuts: [{ keys: `Ctrl/⌘ Shift ${showToClientShortcut.key}`, does: showToClientShortcut.label }],
  },
  { where: 'In the PDF viewer', shortcuts: pdfViewerShortcuts },
];
