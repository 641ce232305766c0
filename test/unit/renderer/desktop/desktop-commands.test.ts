import { describe, expect, it, vi } from 'vitest';
import type { Companion } from '../../../../src-preload/contract/companion';
import type { AppCommand } from '../../../../src-preload/contract/desktop';
import {
  createDesktopInbox,
  runDesktopMessage,
  type DesktopCommandDeps,
  type DesktopMessage,
} from '../../../../src-renderer/desktop/desktop-commands';

const key = '3f2b8c1e-7d4a-4c2b-9e1f-0a5b6c7d8e9f';
const client = { entityKey: key, fullEntityName: 'Acme Pty Ltd' };

function fakeDeps(path = '/clients', over: Partial<DesktopCommandDeps> = {}) {
  let current = path;
  const deps = {
    navigate: vi.fn((to: string) => void (current = to)),
    currentPath: () => current,
    notify: vi.fn(),
    practiceKey: () => 'p1',
    practiceIndex: () => 1,
    findClient: vi.fn(async (entityKey: string) => (entityKey === key ? client : undefined)),
    prepareMeeting: vi.fn(async () => undefined),
    syncNow: vi.fn(async () => null),
    diagnostics: vi.fn(async () => 'Practice Companion 1.2.3 on linux'),
    copyText: vi.fn(async () => undefined),
    saveSupportBundle: vi.fn(async () => ({ saved: true, message: 'Saved /home/staff/support.zip: …' })),
    focusWhenShown: vi.fn(),
    ...over,
  } satisfies DesktopCommandDeps;
  return deps;
}
const command = (c: AppCommand): DesktopMessage => ({ kind: 'command', command: c });

describe('menu commands and deep links in the window', () => {
  it('opens the client or onboarding a link names', async () => {
    const deps = fakeDeps('/billing');
    await runDesktopMessage({ kind: 'record', record: { kind: 'client', key } }, deps);
    expect(deps.navigate).toHaveBeenLastCalledWith(`/clients/${key}`);
    await runDesktopMessage({ kind: 'record', record: { kind: 'onboarding', key } }, deps);
    expect(deps.navigate).toHaveBeenLastCalledWith(`/onboardings/${key}`);
  });

  it('says so when a link arrives before any practice is connected', async () => {
    const deps = fakeDeps('/settings', { practiceKey: () => null });
    await runDesktopMessage({ kind: 'record', record: { kind: 'client', key } }, deps);
    expect(deps.navigate).not.toHaveBeenCalled();
    expect(deps.notify).toHaveBeenCalledWith(expect.objectContaining({ title: 'The link cannot be opened yet' }));
  });

  it('opens a screen once, even when the page’s own shortcut already went there', async () => {
    const deps = fakeDeps('/clients');
    await runDesktopMessage(command({ command: 'open-screen', screen: 'debtors' }), deps);
    expect(deps.navigate).toHaveBeenCalledWith('/debtors');
    await runDesktopMessage(command({ command: 'open-screen', screen: 'debtors' }), deps);
    expect(deps.navigate).toHaveBeenCalledOnce();
  });

  it('prepares the open client for a meeting, or asks to open one first', async () => {
    const onList = fakeDeps('/clients');
    await runDesktopMessage(command({ command: 'prepare-meeting' }), onList);
    expect(onList.prepareMeeting).not.toHaveBeenCalled();
    expect(onList.notify).toHaveBeenCalledWith(expect.objectContaining({ title: 'Open a client first' }));

    const onClient = fakeDeps(`/clients/${key}`);
    await runDesktopMessage(command({ command: 'prepare-meeting' }), onClient);
    expect(onClient.prepareMeeting).toHaveBeenCalledWith(client);

    const missing = fakeDeps('/clients/11111111-1111-4111-8111-111111111111');
    await runDesktopMessage(command({ command: 'prepare-meeting' }), missing);
    expect(missing.prepareMeeting).not.toHaveBeenCalled();
    expect(missing.notify).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'This client is not on this laptop' }),
    );
  });

  it('never signs out from the menu: it goes to Settings and puts the keyboard on the active practice’s Sign out', async () => {
    const deps = fakeDeps('/clients');
    await runDesktopMessage(command({ command: 'sign-out' }), deps);
    expect(deps.navigate).toHaveBeenCalledWith('/settings');
    expect(deps.focusWhenShown).toHaveBeenCalledOnce();
    const none = fakeDeps('/clients', { practiceIndex: () => -1 });
    await runDesktopMessage(command({ command: 'sign-out' }), none);
    expect(none.focusWhenShown).not.toHaveBeenCalled();
    expect(none.notify).toHaveBeenCalledWith(expect.objectContaining({ title: 'No practice is connected' }));
  });

  it('shows the shortcuts and About on Settings', async () => {
    for (const name of ['show-shortcuts', 'about'] as const) {
      const deps = fakeDeps('/outbox');
      await runDesktopMessage(command({ command: name }), deps);
      expect(deps.navigate).toHaveBeenCalledWith('/settings');
      expect(deps.focusWhenShown).toHaveBeenCalledOnce();
    }
  });

  it('syncs now, and says why when it cannot', async () => {
    const deps = fakeDeps('/clients', { syncNow: vi.fn(async () => 'No practice is connected.') });
    await runDesktopMessage(command({ command: 'sync-now' }), deps);
    expect(deps.syncNow).toHaveBeenCalledOnce();
    expect(deps.notify).toHaveBeenCalledWith({
      tone: 'info',
      title: 'Sync did not start',
      detail: 'No practice is connected.',
    });
  });

  it('copies the diagnostics to the clipboard with a notice, or says it could not', async () => {
    const deps = fakeDeps();
    await runDesktopMessage(command({ command: 'copy-diagnostics' }), deps);
    expect(deps.copyText).toHaveBeenCalledWith('Practice Companion 1.2.3 on linux');
    expect(deps.notify).toHaveBeenCalledWith(expect.objectContaining({ tone: 'info', title: 'Diagnostics copied' }));
    const denied = fakeDeps('/clients', {
      copyText: vi.fn(async () =>
        Promise.reject(new DOMException('Document is not focused: /internal/clipboard.cc', 'NotAllowedError')),
      ),
    });
    await runDesktopMessage(command({ command: 'copy-diagnostics' }), denied);
    // The browser's own text stays off the screen: the notice says what to do.
    expect(denied.notify).toHaveBeenCalledWith({
      tone: 'error',
      title: 'Diagnostics could not be copied',
      detail: 'The system did not allow this. Bring the window to the front and try again.',
    });
  });

  it('saves a support bundle from the menu and says where; a cancelled dialog says nothing', async () => {
    const deps = fakeDeps();
    await runDesktopMessage(command({ command: 'save-support-bundle' }), deps);
    expect(deps.saveSupportBundle).toHaveBeenCalledOnce();
    expect(deps.notify).toHaveBeenCalledWith({
      tone: 'info',
      title: 'Support bundle saved',
      detail: 'Saved /home/staff/support.zip: …',
    });
    const cancelled = fakeDeps('/clients', {
      saveSupportBundle: vi.fn(async () => ({ saved: false, message: 'Not saved.' })),
    });
    await runDesktopMessage(command({ command: 'save-support-bundle' }), cancelled);
    expect(cancelled.notify).not.toHaveBeenCalled();
  });
});

describe('the desktop inbox', () => {
  it('keeps what main sent before the window attached a handler, then passes everything on', () => {
    const listeners = new Map<string, (payload: unknown) => void>();
    const on = (event: string, listener: (payload: unknown) => void) => (
      listeners.set(event, listener),
      () => undefined
    );
    const companion = { on } as unknown as Companion;
    const inbox = createDesktopInbox(companion);
    listeners.get('desktop.openRecord')!({ kind: 'client', key });
    const handled: DesktopMessage[] = [];
    const detach = inbox.attach((msg) => handled.push(msg));
    expect(handled).toEqual([{ kind: 'record', record: { kind: 'client', key } }]);
    listeners.get('desktop.command')!({ command: 'about' });
    expect(handled).toHaveLength(2);
    detach();
    listeners.get('desktop.command')!({ command: 'sync-now' });
    expect(handled).toHaveLength(2);
  });
});
