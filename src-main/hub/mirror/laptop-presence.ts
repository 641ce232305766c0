import { ACTIVE_EVERY_MS, IDLE_EVERY_MS } from '../../../src-preload/contract/sync-cadence';

/** A laptop seen (a request, an open change stream) within this long keeps the hub's cadence active. */
export const LAPTOP_ACTIVE_FOR_MS = 10 * 60_000;

/**
 * Whether laptops are using the hub now, and so how often the backstop pass must read the practice: the
 * laptop's own cadence rule, applied to the hub. With a laptop connected (an open change stream, or a request
 * in the last ten minutes) the lists are kept as fresh as a laptop at its window keeps them (every 5
 * minutes); with none, as a laptop away from its window does (hourly) — the webhooks still bring accepted
 * proposals and submitted forms at once. The first request after an idle spell is reported (`onReturn`): the
 * hub restarts its timer and, if its last pass is older than the active interval, passes at once, as a
 * laptop waking catches up.
 */
export function createLaptopPresence(deps: {
  now: () => number;
  openStreams: () => number;
  /** A laptop came back after an idle spell. */
  onReturn: () => void;
}) {
  let lastSeenAt = Number.NEGATIVE_INFINITY;
  const active = () => deps.openStreams() > 0 || deps.now() - lastSeenAt < LAPTOP_ACTIVE_FOR_MS;
  return {
    active,
    /** A device's request was accepted. */
    seen(): void {
      const wasActive = active();
      lastSeenAt = deps.now();
      if (!wasActive) deps.onReturn();
    },
    /** The backstop's interval now: the laptop's active or idle cadence. */
    mirrorEveryMs: (activeMs = ACTIVE_EVERY_MS, idleMs = IDLE_EVERY_MS): number => (active() ? activeMs : idleMs),
  };
}
export type LaptopPresence = ReturnType<typeof createLaptopPresence>;
