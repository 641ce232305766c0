import { powerMonitor, type BrowserWindow } from 'electron';
import type { PowerEvent, PresenceMonitor, WindowEvent } from '../activity/presence-monitor';

const powerEvents: readonly PowerEvent[] = ['suspend', 'resume', 'lock-screen', 'unlock-screen'];
const windowEvents: readonly WindowEvent[] = ['focus', 'blur', 'show', 'hide', 'minimize', 'restore', 'closed'];

/** Seconds since the last input anywhere on the system; read after `app.whenReady()`. */
export const electronSystemIdleSeconds = (): number => powerMonitor.getSystemIdleTime();

/** Whether the screen is locked now (the threshold only matters for 'idle', which is read above). */
export const electronSystemLocked = (): boolean => powerMonitor.getSystemIdleState(60) === 'locked';

/** Feeds the OS's sleep and lock events to the presence monitor; each window is added with `watchPresenceOf`. */
export function installPresence(services: { presence: PresenceMonitor }): void {
  for (const event of powerEvents) powerMonitor.on(event as 'suspend', () => services.presence.powerEvent(event));
}

/** Feeds one window's focus and visibility to the presence monitor, starting from how it is now. */
export function watchPresenceOf(services: { presence: PresenceMonitor }, window: BrowserWindow): void {
  services.presence.windowOpened({
    visible: window.isVisible() && !window.isMinimized(),
    focused: window.isFocused(),
  });
  for (const event of windowEvents) window.on(event as 'focus', () => services.presence.windowEvent(event));
}
