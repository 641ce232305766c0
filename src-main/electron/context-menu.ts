import {
  app,
  BrowserWindow,
  clipboard,
  Menu,
  type ContextMenuParams,
  type MenuItemConstructorOptions,
  type WebContents,
} from 'electron';

/** The part of Electron's context-menu parameters the menu depends on. */
export type ContextMenuFacts = Pick<ContextMenuParams, 'isEditable' | 'selectionText' | 'linkURL'> & {
  editFlags: Pick<ContextMenuParams['editFlags'], 'canCut' | 'canCopy' | 'canPaste' | 'canSelectAll'>;
};

/**
 * What a right-click offers: editing in a field, Copy on selected text, and "Copy link address" on a
 * link. A link is never opened from here (navigation and new windows are denied anyway, see app-guards.ts).
 */
export function buildContextMenuTemplate(
  facts: ContextMenuFacts,
  copyText: (text: string) => void,
): MenuItemConstructorOptions[] {
  const items: MenuItemConstructorOptions[] = [];
  if (facts.isEditable) {
    items.push(
      { role: 'cut', enabled: facts.editFlags.canCut },
      { role: 'copy', enabled: facts.editFlags.canCopy },
      { role: 'paste', enabled: facts.editFlags.canPaste },
      { type: 'separator' },
      { role: 'selectAll', enabled: facts.editFlags.canSelectAll },
    );
  } else if (facts.selectionText.trim() !== '') {
    items.push({ role: 'copy', enabled: facts.editFlags.canCopy });
  }
  if (facts.linkURL) {
    const link = facts.linkURL;
    if (items.length > 0) items.push({ type: 'separator' });
    items.push({ label: 'Copy Link Address', click: () => copyText(link) });
  }
  return items;
}

/** Every web contents, present or future, gets the menu; nothing is shown where nothing applies. */
export function installContextMenu(): void {
  const attach = (contents: WebContents): void => {
    contents.on('context-menu', (_event, params) => {
      const template = buildContextMenuTemplate(params, (text) => clipboard.writeText(text));
      if (template.length === 0) return;
      const window = BrowserWindow.fromWebContents(contents) ?? undefined;
      Menu.buildFromTemplate(template).popup(window ? { window } : {});
    });
  };
  app.on('web-contents-created', (_event, contents) => attach(contents));
}
