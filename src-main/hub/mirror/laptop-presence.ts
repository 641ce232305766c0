import { ACTIVE_EVERY_MS, IDLE_EVERY_MS } from '../../../src-preload/contract/sync-cadence';

/** A laptop that polls (requests, no change stream) keeps the hub's cadence active this long after its last request. */
export const LAPTOP_ACTIVE_FOR_MS = 10 * 60_000;

/**
 * Whether laptops are using the hub now, and so how often the backstop pass must read the practice: the
 * laptop's own cadence rule, applied to the hub. With a laptop connected the lists are kept as fresh as a
 * laptop at its window keeps them (every 5 minutes); with none, as a laptop away from its window does
 * (hourly) — the webhooks still bring accepted proposals and submitted forms at once.
 *
 * Connected means one of two things. A laptop on the change stream is there exactly while its stream is
 * open: the hub knows the moment it leaves, so it is gone at once (no tail; the last stream closing starts
 * the idle interval, `onGone`), and its requests while streaming add nothing. A laptop that polls without
 * the stream says nothing when it leaves, so its last request keeps the active cadence for ten minutes.
 * The first request or stream after an idle spell is reported (`onReturn`): the hub restarts its timer
 * and, if its last pass is older than the active interval, passes at once, as a laptop waking catches up —
 * so what a returning laptop reads is never older than one active interval either way.
 */
export function createLaptopPresence(deps: {
  now: () => number;
  /** Open change streams, all devices together. */
  openStreams: () => number;
  /** Whether this device has a change stream open now. */
  streaming: (device: string) => boolean;
}) {
  const listeners: PresenceListener[] = [];
  const returned = () => listeners.forEach((listener) => listener.returned());
  let lastPolledAt = Number.NEGATIVE_INFINITY;
  const polledLately = () => deps.now() - lastPolledAt < LAPTOP_ACTIVE_FOR_MS;
  const active = () => deps.openStreams() > 0 || polledLately();
  return {
    active,
    /** A device's request was accepted (not the change stream's own: see streamOpened). */
    seen(device: string): void {
      const wasActive = active();
      if (!deps.streaming(device)) lastPolledAt = deps.now();
      if (!wasActive) returned();
    },
    /** A change stream opened (already counted in openStreams). */
    streamOpened(): void {
      if (deps.openStreams() === 1 && !polledLately()) returned();
    },
    /** A change stream closed (no longer counted in openStreams). */
    streamClosed(): void {
      if (!active()) listeners.forEach((listener) => listener.gone());
    },
    /** Tells `listener` when laptops come back after an idle spell, and when the last one leaves. */
    listen(listener: PresenceListener): void {
      listeners.push(listener);
    },
    /** The backstop's interval now: the laptop's active or idle cadence. */
    mirrorEveryMs: (activeMs = ACTIVE_EVERY_MS, idleMs = IDLE_EVERY_MS): number => (active() ? activeMs : idleMs),
  };
}
export type LaptopPresence = ReturnType<typeof createLaptopPresence>;

export interface PresenceListener {
  /** A laptop came back after an idle spell. */
  returned(): void;
  /** The last laptop left: its stream closed and no polling laptop is within its ten minutes. */
  gone(): void;
}
