import { Notification, type BrowserWindow } from 'electron';
import type { ActivityTracker } from '../activity/activity-tracker';
import type { EventHub } from '../ipc/event-hub';
import { createActivityNotifications } from '../os-integration/notifications';

/**
 * Native notifications (Electron's `Notification`, shown by main) for the window's outbox news. The web
 * Notification API stays denied by the permission handler: the page itself never notifies.
 */
export function installNotifications(
  services: {
    activity: ActivityTracker;
    events: EventHub;
    clientFacing?: { isActive(): boolean };
    onProposalAccepted?: (listener: (note: { title: string; body: string; entityKey: string }) => void) => void;
  },
  window: () => BrowserWindow | null,
): void {
  // Held until clicked or closed: a notification object collected early loses its click handler.
  const shown = new Set<Notification>();
  const notifications = createActivityNotifications({
    notify: ({ title, body, onClick }) => {
      if (!Notification.isSupported()) return;
      const notification = new Notification({ title, body });
      shown.add(notification);
      notification.on('click', () => {
        shown.delete(notification);
        onClick();
      });
      notification.on('close', () => shown.delete(notification));
      notification.show();
    },
    isWindowFocused: () => window()?.isFocused() ?? false,
    isClientFacing: () => services.clientFacing?.isActive() ?? false,
    focusWindow: () => {
      const current = window();
      if (!current) return;
      if (current.isMinimized()) current.restore();
      current.show();
      current.focus();
    },
    sendCommand: (command) => services.events.emit('desktop.command', command),
  });
  services.activity.onChange((now, before) => notifications.onActivity(now, before));
  // A client's proposal turned Accepted (a poke from the practice hub): shown even over the window, since
  // the window may be on another client; clicking opens that client.
  services.onProposalAccepted?.(({ title, body, entityKey }) => {
    if (!Notification.isSupported()) return;
    const notification = new Notification({ title, body });
    shown.add(notification);
    notification.on('click', () => {
      shown.delete(notification);
      const current = window();
      if (current) {
        if (current.isMinimized()) current.restore();
        current.show();
        current.focus();
      }
      services.events.emit('desktop.openRecord', { kind: 'client', key: entityKey });
    });
    notification.on('close', () => shown.delete(notification));
    notification.show();
  });
}
