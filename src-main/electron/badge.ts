import { app, nativeImage, type BrowserWindow } from 'electron';
import type { ActivityTracker } from '../activity/activity-tracker';
import { createBadge, OVERLAY_SIZE, overlayDotBitmap } from '../os-integration/badge';

/** The unsent count on the dock (macOS), the launcher (Linux, where the desktop supports it) or the taskbar (Windows: a red dot). */
export function installBadge(
  services: { activity: ActivityTracker; clientFacing?: { isActive(): boolean } },
  window: () => BrowserWindow | null,
): void {
  let dot: Electron.NativeImage | null = null;
  const badge = createBadge({
    platform: process.platform,
    isClientFacing: () => services.clientFacing?.isActive() ?? false,
    apply: (update) => {
      if (update.kind === 'count') {
        // False where the desktop has no badge (most Linux desktops): nothing else to do there.
        app.setBadgeCount(update.count);
        return;
      }
      const current = window();
      if (!current || current.isDestroyed()) return;
      dot ??= nativeImage.createFromBitmap(overlayDotBitmap(), { width: OVERLAY_SIZE, height: OVERLAY_SIZE });
      current.setOverlayIcon(update.count === 0 ? null : dot, update.description);
    },
  });
  services.activity.onChange((now) => badge.show(now.unsentCount));
}
