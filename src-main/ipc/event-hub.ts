import type { EventName } from '../../src-preload/contract/bridge-names';
import { eventSchemas, type EventPayload } from '../../src-preload/contract/bridge-schemas';

export type EventSink = (event: EventName, payload: unknown) => void;

/**
 * Fan-out of main's events to every connected renderer (Electron windows or preview sockets).
 * Payloads are validated on the way out so a renderer never receives a shape the contract lacks.
 */
export function createEventHub() {
  const sinks = new Set<EventSink>();
  return {
    emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
      const checked = eventSchemas[event].parse(payload);
      for (const sink of sinks) sink(event, checked);
    },
    connect(sink: EventSink): () => void {
      sinks.add(sink);
      return () => sinks.delete(sink);
    },
  };
}
export type EventHub = ReturnType<typeof createEventHub>;
