import { Notification, type BrowserWindow } from 'electron';
import type { ActivityTracker } from '../activity/activity-tracker';
import type { EventHub } from '../ipc/event-hub';
import { createActivityNotifications } from '../os-integration/notifications';

/**
 * Native notifications (Electron's `Notification`, shown by main) for the window's outbox news. The web
 * Notification API stays denied by the permission handler: the page itself never notifies.
 */
export function installNotifications(
  services: { activity: ActivityTracker; events: EventHub; clientFacing?: { isActive(): boolean } },
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
}
