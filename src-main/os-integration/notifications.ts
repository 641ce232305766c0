import { countOf } from '../../src-preload/contract/counts';
import type { ActivityReport, AppCommand } from '../../src-preload/contract/desktop';
import type { ProposalAcceptedReport } from '../../src-preload/contract/live-updates';

export interface NotificationRequest {
  title: string;
  body: string;
  onClick: () => void;
}

export interface ActivityNotificationDeps {
  /** Shows one native notification (Electron's `Notification`; the web Notification permission stays denied). */
  notify: (request: NotificationRequest) => void;
  /**
   * True while the window has the focus. The window then shows the same news itself (the outbox's
   * "N queued actions went out" and "Some queued actions need you" notices), so a native notification
   * would say it twice; it is meant for someone working in another program.
   */
  isWindowFocused: () => boolean;
  /** Brings the window to the front (restores it when minimised). */
  focusWindow: () => void;
  /**
   * True while the window is shown to a client (client-facing mode). Every notification here is about the
   * practice's whole outbox, so any of them could name someone else: none is shown then.
   */
  isClientFacing?: () => boolean;
  /** Asks the window to do something: here, open the Outbox. */
  sendCommand: (command: AppCommand) => void;
}

/** The notifications one activity change deserves, oldest news first; none for a report that repeats the last. */
export function notificationsFor(now: ActivityReport, before: ActivityReport): { title: string; body: string }[] {
  const same = (Object.keys(now) as (keyof ActivityReport)[]).every((key) => now[key] === before[key]);
  if (same) return [];
  const out: { title: string; body: string }[] = [];
  // The renderer reports a delivery batch once and then 0, so each positive count is news.
  if (now.deliveredSinceReconnect > 0) {
    out.push({
      title: `${countOf(now.deliveredSinceReconnect, 'queued action')} went out`,
      body: 'Back online: the outbox has been sent to the practice.',
    });
  }
  // Only growth is news: an entry fixed or discarded lowers the count and needs no word.
  if (now.needsAttentionCount > before.needsAttentionCount) {
    out.push({
      title: `${countOf(now.needsAttentionCount, 'action needs', 'actions need')} your attention`,
      body: 'Open the Outbox to see what the practice said.',
    });
  }
  return out;
}

/**
 * Native notifications from the window's activity reports: queued actions delivered after a reconnect,
 * and entries that newly need a person. Clicking one brings the window forward on the Outbox.
 */
export function createActivityNotifications(deps: ActivityNotificationDeps) {
  const openOutbox = (): void => {
    deps.focusWindow();
    deps.sendCommand({ command: 'open-screen', screen: 'outbox' });
  };
  return {
    onActivity(now: ActivityReport, before: ActivityReport): void {
      if (deps.isWindowFocused() || deps.isClientFacing?.()) return;
      for (const { title, body } of notificationsFor(now, before)) deps.notify({ title, body, onClick: openOutbox });
    },
  };
}

/** What a proposal's acceptance says, or null when it must not be shown (see the rule below). */
export function proposalAcceptedNotification(
  report: ProposalAcceptedReport,
  /** The client the window is showing to a client (client-facing mode); null when none. */
  clientFacing: { practiceKey: string; entityKey: string } | null,
): { title: string; body: string } | null {
  // Shown to a client, the screen may name only that client: news about anyone else waits.
  if (clientFacing && (clientFacing.practiceKey !== report.practiceKey || clientFacing.entityKey !== report.entityKey))
    return null;
  return {
    title: `${report.clientName} accepted a proposal`,
    body: `“${report.proposalName}” is now Accepted.`,
  };
}
