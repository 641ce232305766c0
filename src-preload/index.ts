/**
 * The Electron preload: exposes exactly one object, `window.companion`, built from the contract's
 * method names. The renderer never sees ipcRenderer or an IPC event object.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { EVENT_CHANNEL, INVOKE_CHANNEL, eventNames, methodNames, type EventName } from './contract/bridge-names';
import { createCompanion, unwrapReply, type BridgeTransport } from './contract/companion';

const knownEvents = new Set<string>(eventNames);

const ipcTransport: BridgeTransport = {
  invoke: async (method, input) => unwrapReply(await ipcRenderer.invoke(INVOKE_CHANNEL, { method, input })),
  subscribe(listener) {
    const onEvent = (_event: Electron.IpcRendererEvent, message: unknown): void => {
      const m = message as { event?: unknown; payload?: unknown } | null;
      if (m && typeof m.event === 'string' && knownEvents.has(m.event)) {
        listener(m.event as EventName, m.payload);
      }
    };
    ipcRenderer.on(EVENT_CHANNEL, onEvent);
    return () => {
      ipcRenderer.removeListener(EVENT_CHANNEL, onEvent);
    };
  },
};

contextBridge.exposeInMainWorld('companion', createCompanion(methodNames, ipcTransport));
