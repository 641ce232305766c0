import { BrowserWindow, ipcMain, type IpcMainInvokeEvent } from 'electron';
import { EVENT_CHANNEL, INVOKE_CHANNEL } from '../../src-preload/contract/bridge-names';
import type { EventHub } from '../ipc/event-hub';
import { createIpcRegistry, type Handlers } from '../ipc/registry';
import { createTrustedFrameCheck } from '../ipc/trusted-frame';

/** Wires the validated registry to Electron's IPC: one invoke channel in, one event channel out. */
export function connectIpcBridge(options: {
  handlers: Handlers;
  events: EventHub;
  allowedOrigins: readonly string[];
}): void {
  const isTrustedFrame = createTrustedFrameCheck(options.allowedOrigins);
  const registry = createIpcRegistry<IpcMainInvokeEvent>({
    handlers: options.handlers,
    isTrustedSender: isTrustedFrame,
    onRefusal: (code, detail) => console.warn(`[ipc] refused (${code}): ${detail}`),
  });
  ipcMain.handle(INVOKE_CHANNEL, (event, message: unknown) => registry.dispatch(event, message));

  options.events.connect((event, payload) => {
    for (const window of BrowserWindow.getAllWindows()) {
      if (!window.isDestroyed()) window.webContents.send(EVENT_CHANNEL, { event, payload });
    }
  });
}
