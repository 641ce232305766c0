import type { Companion } from '../../src-preload/contract/companion';
import type { AppCommand, OpenRecord } from '../../src-preload/contract/desktop';
import { isOnline } from '../stores/connectivity-store';
import type { MeetingPackService } from '../meeting-packs/meeting-packs-job';
import type { Notice } from '../stores/notice-store';
import type { PracticeDatabases } from '../data/practice-db';
import type { PracticeService } from '../session/practice-service';
import { matchDetailRoute, routes } from '../../src-preload/contract/routes';
import { describeFailure } from '../ui/words/describe-failure';
import type { ConnectivityStore } from '../stores/connectivity-store';
import type { PracticeStore } from '../stores/practice-store';

/** What main asks of the window: a menu command or a record from a deep link. */
export type DesktopMessage = { kind: 'command'; command: AppCommand } | { kind: 'record'; record: OpenRecord };

export interface DesktopCommandDeps {
  navigate(path: string): void;
  /** The hash route's path now, such as `/clients/<key>`. */
  currentPath(): string;
  notify(notice: Omit<Notice, 'id'>): void;
  /** The active practice's key, or null when none is connected. */
  practiceKey(): string | null;
  /** The practice's index (0-based) among the connected ones, as Settings lists them. */
  practiceIndex(): number;
  /** A client in the local copy, or undefined. */
  findClient(entityKey: string): Promise<{ entityKey: string; fullEntityName: string } | undefined>;
  prepareMeeting(client: { entityKey: string; fullEntityName: string }): Promise<void>;
  /** Starts a run (clearing a pause, as Settings' "Sync now" does); a sentence when it cannot. */
  syncNow(): Promise<string | null>;
  diagnostics(): Promise<string>;
  /** Main's save dialog, then one zip of diagnostics, logs and crash dumps; what main says of it. */
  saveSupportBundle(): Promise<{ saved: boolean; message: string }>;
  copyText(text: string): Promise<void>;
  /** Focuses what `find` returns once the screen has rendered it (after the screen's title took focus). */
  focusWhenShown(find: () => HTMLElement | null): void;
}

const settingsPath = '/settings';
/** Settings' card headings ("About this app", "Keyboard shortcuts"), made focusable so the keyboard lands there. */
function heading(text: string): HTMLElement | null {
  const found = [...document.querySelectorAll<HTMLElement>('h2')].find((h) => h.textContent?.trim() === text) ?? null;
  if (found && !found.hasAttribute('tabindex')) found.tabIndex = -1;
  return found;
}

function goTo(path: string, deps: DesktopCommandDeps): void {
  // The menu's Ctrl/⌘ digits may reach the page's own shortcut too: one visit, not two history entries.
  if (deps.currentPath() !== path) deps.navigate(path);
}

export async function runDesktopMessage(msg: DesktopMessage, deps: DesktopCommandDeps): Promise<void> {
  if (msg.kind === 'record') {
    if (!deps.practiceKey()) {
      deps.notify({
        tone: 'error',
        title: 'The link cannot be opened yet',
        detail: 'Connect a practice first, then open the link again.',
      });
      return;
    }
    // The detail screens say plainly when the record is not in this laptop's copy.
    goTo(msg.record.kind === 'client' ? routes.client(msg.record.key) : routes.onboarding(msg.record.key), deps);
    return;
  }
  const command = msg.command;
  switch (command.command) {
    case 'open-screen':
      goTo(`/${command.screen}`, deps);
      return;
    case 'sync-now': {
      const problem = await deps.syncNow();
      if (problem) deps.notify({ tone: 'info', title: 'Sync did not start', detail: problem });
      return;
    }
    case 'prepare-meeting': {
      const entityKey = matchDetailRoute('client', deps.currentPath())?.entityKey;
      if (!entityKey) {
        const detail =
          'Prepare for meeting gathers one client’s documents and figures: open the client, then choose it again.';
        deps.notify({ tone: 'info', title: 'Open a client first', detail });
        return;
      }
      const client = await deps.findClient(decodeURIComponent(entityKey));
      if (!client) {
        deps.notify({
          tone: 'error',
          title: 'This client is not on this laptop',
          detail: 'Sync first, or open a client from the list.',
        });
        return;
      }
      await deps.prepareMeeting(client);
      deps.notify({
        tone: 'info',
        title: `Preparing ${client.fullEntityName} for the meeting`,
        detail: 'The pack downloads in the background.',
      });
      return;
    }
    case 'sign-out': {
      // Never signs out from the menu: Settings' button asks for confirmation and says what would be lost.
      goTo(settingsPath, deps);
      const index = deps.practiceIndex();
      if (index < 0) {
        deps.notify({ tone: 'info', title: 'No practice is connected', detail: 'There is nothing to sign out of.' });
        return;
      }
      deps.focusWhenShown(
        () => document.querySelectorAll('[data-testid="connected-practice"]')[index]?.querySelector('button') ?? null,
      );
      return;
    }
    case 'show-shortcuts':
      goTo(settingsPath, deps);
      deps.focusWhenShown(() => heading('Keyboard shortcuts'));
      return;
    case 'about':
      goTo(settingsPath, deps);
      deps.focusWhenShown(() => heading('About this app'));
      return;
    case 'copy-diagnostics':
      try {
        await deps.copyText(await deps.diagnostics());
        deps.notify({ tone: 'info', title: 'Diagnostics copied', detail: 'Paste them into your message to support.' });
      } catch (error) {
        deps.notify({ tone: 'error', title: 'Diagnostics could not be copied', detail: describeFailure(error) });
      }
      return;
    case 'save-support-bundle': {
      const result = await deps.saveSupportBundle();
      // Cancelling the dialog is no news.
      if (result.saved) deps.notify({ tone: 'info', title: 'Support bundle saved', detail: result.message });
      else if (result.message !== 'Not saved.')
        deps.notify({ tone: 'error', title: 'The support bundle was not saved', detail: result.message });
      return;
    }
  }
}

export interface DesktopInbox {
  /** Hands every message kept so far, then each new one, to `next`; returns the detach. */
  attach(next: (msg: DesktopMessage) => void): () => void;
}

/**
 * Subscribes to main's commands and records and keeps them until a handler is attached. Created by the
 * composition root while the page's scripts run, before the load finishes: main sends links that waited
 * for the window only after the load, so none is lost to a subscription made later by an effect.
 */
export function createDesktopInbox(companion: Companion | null): DesktopInbox {
  const pending: DesktopMessage[] = [];
  let handler: ((msg: DesktopMessage) => void) | null = null;
  const deliver = (msg: DesktopMessage): void => {
    if (handler) handler(msg);
    else if (pending.length < 20) pending.push(msg);
  };
  companion?.on('desktop.command', (command) => deliver({ kind: 'command', command }));
  companion?.on('desktop.openRecord', (record) => deliver({ kind: 'record', record }));
  return {
    attach(next: (msg: DesktopMessage) => void): () => void {
      handler = next;
      for (const msg of pending.splice(0)) next(msg);
      return () => {
        if (handler === next) handler = null;
      };
    },
  };
}

function focusWhenShown(find: () => HTMLElement | null): void {
  const deadline = Date.now() + 3_000;
  const attempt = (): void => {
    const element = find();
    // One more beat after it appears: the screen's title takes focus in an effect right after rendering.
    if (element) setTimeout(() => element.focus(), 50);
    else if (Date.now() < deadline) setTimeout(attempt, 50);
  };
  attempt();
}

/** What the window's command handler works with (see the composition root, renderer-services.ts). */
export interface WindowCommandServices {
  companion: Companion;
  databases: PracticeDatabases;
  meetingPacks: Pick<MeetingPackService, 'prepare'>;
  practice: Pick<PracticeService, 'syncEverything'>;
  stores: { practice: PracticeStore; connectivity: ConnectivityStore };
  notify(notice: Omit<Notice, 'id'>): void;
}

export interface WindowRouter {
  navigate(path: string): unknown;
  state: { location: { pathname: string } };
}

/** The handler's dependencies in the window: the router, the stores and the services. */
export function browserDeps(services: WindowCommandServices, router: WindowRouter): DesktopCommandDeps {
  return {
    navigate: (path) => void router.navigate(path),
    currentPath: () => router.state.location.pathname,
    notify: services.notify,
    practiceKey: () => services.stores.practice.getState().activePracticeKey,
    practiceIndex: () => {
      const { practices, activePracticeKey } = services.stores.practice.getState();
      return practices.findIndex((p) => p.practiceKey === activePracticeKey);
    },
    findClient: async (entityKey) => {
      const key = services.stores.practice.getState().activePracticeKey;
      const entity = key ? await services.databases.of(key).entities.get(entityKey) : undefined;
      return entity ? { entityKey: entity.entityKey, fullEntityName: entity.fullEntityName } : undefined;
    },
    prepareMeeting: (client) => services.meetingPacks.prepare(client),
    async syncNow() {
      if (!services.stores.practice.getState().activePracticeKey) return 'No practice is connected.';
      if (!isOnline(services.stores.connectivity.getState()))
        return 'The practice cannot be reached now; sync starts by itself when the connection is back.';
      await services.practice.syncEverything();
      return null;
    },
    diagnostics: async () => (await services.companion.desktop.diagnostics()).text,
    saveSupportBundle: () => services.companion.desktop.saveSupportBundle(),
    copyText: (text) => navigator.clipboard.writeText(text),
    focusWhenShown,
  };
}

/** Menu commands and deep links act on the window: the inbox's messages go to the handler until `stop`. */
export function handleDesktopMessages(inbox: DesktopInbox, deps: DesktopCommandDeps): () => void {
  const failed = (error: unknown): void =>
    deps.notify({ tone: 'error', title: 'That did not work', detail: describeFailure(error) });
  return inbox.attach((msg) => void runDesktopMessage(msg, deps).catch(failed));
}
