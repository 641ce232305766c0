/**
 * The browser preview's stand-in for the Electron preload: the same `window.companion`, built by the
 * same createCompanion(), but carried over a WebSocket to the preview server, which dispatches through
 * main's validated registry. Bundled and served only by the preview harness, never shipped.
 */
import { eventNames, methodNames, type EventName } from '../contract/bridge-names';
import { createCompanion, unwrapReply, type BridgeTransport } from '../contract/companion';

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

function connectTransport(url: string): BridgeTransport {
  const knownEvents = new Set<string>(eventNames);
  const listeners = new Set<(event: EventName, payload: unknown) => void>();
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let queue: string[] = [];
  const socket = new WebSocket(url);

  socket.addEventListener('open', () => {
    for (const frame of queue) socket.send(frame);
    queue = [];
  });
  socket.addEventListener('message', (message) => {
    const data = JSON.parse(String(message.data)) as
      { kind: 'reply'; id: number; reply: unknown } | { kind: 'event'; event: string; payload: unknown };
    if (data.kind === 'reply') {
      const waiter = pending.get(data.id);
      pending.delete(data.id);
      if (!waiter) return;
      try {
        waiter.resolve(unwrapReply(data.reply));
      } catch (error) {
        waiter.reject(error as Error);
      }
    } else if (data.kind === 'event' && knownEvents.has(data.event)) {
      for (const listener of listeners) listener(data.event as EventName, data.payload);
    }
  });
  socket.addEventListener('close', () => {
    for (const waiter of pending.values()) waiter.reject(new Error('The preview server closed the bridge.'));
    pending.clear();
  });

  return {
    invoke(method, input) {
      const id = nextId++;
      const frame = JSON.stringify({ id, method, input });
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        if (socket.readyState === WebSocket.OPEN) socket.send(frame);
        else if (socket.readyState === WebSocket.CONNECTING) queue.push(frame);
        else reject(new Error('The preview server is not reachable.'));
      });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const token = document.querySelector<HTMLMetaElement>('meta[name="companion-preview-token"]')?.content ?? '';
const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/__preview/bridge?token=${encodeURIComponent(token)}`;
Object.defineProperty(window, 'companion', {
  value: createCompanion(methodNames, connectTransport(url)),
  writable: false,
  configurable: false,
});
