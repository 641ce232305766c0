import { create } from 'zustand';
import type { OutboxValidationError } from './outbox-db';

interface OutboxState {
  /** A 401 paused the outbox: nothing goes out until the credentials are entered again. */
  pausedForCredentials: boolean;
  /** A replay is under way. */
  draining: boolean;
}

export type { OutboxValidationError };

/**
 * What the screens show of the outbox. Queueing and replaying are the outbox service's (outbox-job.ts),
 * built by the renderer's composition root and reached through `useServices().outbox`.
 */
export const useOutbox = create<OutboxState>(() => ({
  pausedForCredentials: false,
  draining: false,
}));
