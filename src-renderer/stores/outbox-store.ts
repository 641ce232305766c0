import { createStore, type StoreApi } from 'zustand/vanilla';

export interface OutboxState {
  /** A 401 paused the outbox: nothing goes out until the credentials are entered again. */
  pausedForCredentials: boolean;
  /** A replay is under way. */
  draining: boolean;
  /**
   * Queued actions delivered by drains that followed a reconnect, counted since the window opened (only
   * grows): the OS integration reports the difference for the badge and notification, as a number.
   */
  deliveredAfterReconnect: number;
}

/**
 * What the screens show of the outbox. Queueing and replaying are the outbox service's (outbox-job.ts),
 * built by the renderer's composition root and reached through `useServices().outbox`.
 */
export type OutboxStore = StoreApi<OutboxState>;

export const createOutboxStore = (): OutboxStore =>
  createStore<OutboxState>()(() => ({
    pausedForCredentials: false,
    draining: false,
    deliveredAfterReconnect: 0,
  }));
