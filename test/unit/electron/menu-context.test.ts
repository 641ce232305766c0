import { EventEmitter } from 'node:events';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeElectron, type FakeElectron } from './fake-electron';
import { buildContextMenuTemplate, type ContextMenuFacts } from '../../../src-main/electron/context-menu';

const flags = { canCut: false, canCopy: false, canPaste: false, canSelectAll: false };
const facts = (over: Partial<ContextMenuFacts>): ContextMenuFacts => ({
  isEditable: false,
  selectionText: '',
  linkURL: '',
  editFlags: flags,
  ...over,
});
const summary = (items: ReturnType<typeof buildContextMenuTemplate>) => items.map((i) => i.role ?? i.label ?? i.type);

describe('the right-click menu', () => {
  it('offers Cut, Copy, Paste and Select all in a field, each enabled as Chromium says', () => {
    const items = buildContextMenuTemplate(
      facts({ isEditable: true, editFlags: { canCut: false, canCopy: false, canPaste: true, canSelectAll: true } }),
      vi.fn(),
    );
    expect(summary(items)).toEqual(['cut', 'copy', 'paste', 'separator', 'selectAll']);
    expect(items.map((i) => i.enabled)).toEqual([false, false, true, undefined, true]);
  });

  it('offers Copy on selected text outside a field, and nothing on a blank spot', () => {
    expect(
      summary(
        buildContextMenuTemplate(
          facts({ selectionText: 'Acme Pty Ltd', editFlags: { ...flags, canCopy: true } }),
          vi.fn(),
        ),
      ),
    ).toEqual(['copy']);
    expect(buildContextMenuTemplate(facts({ selectionText: '  \n' }), vi.fn())).toEqual([]);
    expect(buildContextMenuTemplate(facts({}), vi.fn())).toEqual([]);
  });

  it('copies a link’s address and never opens it', () => {
    const copy = vi.fn();
    const items = buildContextMenuTemplate(
      facts({ selectionText: 'docs', linkURL: 'https://evil.example/x', editFlags: { ...flags, canCopy: true } }),
      copy,
    );
    expect(summary(items)).toEqual(['copy', 'separator', 'Copy Link Address']);
    (items[2]!.click as () => void)();
    expect(copy).toHaveBeenCalledWith('https://evil.example/x');
    // No item navigates or opens anything: only roles that edit, and this one copy.
    expect(items.filter((i) => i.click)).toHaveLength(1);
  });
});

let fake: FakeElectron = createFakeElectron();
const popup = vi.fn();
const Menu = { buildFromTemplate: vi.fn((template: unknown) => ({ template, popup })) };
const clipboard = { writeText: vi.fn() };
vi.mock('electron', () => ({
  get app() {
    return fake.module.app;
  },
  get BrowserWindow() {
    return Object.assign(fake.module.BrowserWindow, { fromWebContents: () => fake.windows[0] ?? null });
  },
  get clipboard() {
    return clipboard;
  },
  get Menu() {
    return Menu;
  },
}));

describe('installContextMenu', () => {
  beforeEach(() => {
    fake = createFakeElectron();
    vi.clearAllMocks();
    vi.resetModules();
  });

  it('pops the menu up over the window that was right-clicked, and copies a link to the clipboard', async () => {
    const { installContextMenu } = await import('../../../src-main/electron/context-menu');
    installContextMenu();
    const window = new fake.module.BrowserWindow({});
    const contents = new EventEmitter();
    fake.app.emit('web-contents-created', {}, contents);

    contents.emit('context-menu', {}, facts({}));
    expect(popup).not.toHaveBeenCalled();

    contents.emit('context-menu', {}, facts({ linkURL: 'practice-companion://client/x' }));
    expect(popup).toHaveBeenCalledWith({ window });
    const template = Menu.buildFromTemplate.mock.calls[0]![0] as { click(): void }[];
    template[0]!.click();
    expect(clipboard.writeText).toHaveBeenCalledWith('practice-companion://client/x');
  });
});
