import type { Companion } from '../../src-preload/contract/companion';
import type { Presence } from '../../src-preload/contract/sync-cadence';
import type { PagePresence } from './page-presence';

const rank: Readonly<Record<Presence, number>> = { active: 0, idle: 1, hidden: 2, asleep: 3 };

/** The further of two presences from the window: asleep over hidden over idle over active. */
export const furthest = (a: Presence, b: Presence): Presence => (rank[a] >= rank[b] ? a : b);

/** Where the user is, for the sync's cadence and Settings: read it, and hear when it changes. */
export interface PresenceSource {
  current(): Presence;
  /** Called after every change, with the presence before it. */
  subscribe(listener: (now: Presence, before: Presence) => void): () => void;
  start(): void;
  stop(): void;
}

/**
 * The window's one presence: main's (the OS's sleep and lock, the system's idle time, the window's focus and
 * visibility; always 'active' in the browser preview, where main runs in Node) combined with the page's own
 * (visibility, focus, input), the further of the two. Either alone may know what the other cannot.
 */
export function createPresenceSource(deps: { companion: Companion | null; page: PagePresence | null }): PresenceSource {
  const listeners = new Set<(now: Presence, before: Presence) => void>();
  let main: Presence = 'active';
  let current: Presence = 'active';
  const offs: (() => void)[] = [];

  const update = (): void => {
    const next = furthest(main, deps.page?.current() ?? 'active');
    if (next === current) return;
    const before = current;
    current = next;
    for (const listener of listeners) listener(next, before);
  };
  const fromMain = (presence: Presence): void => {
    main = presence;
    update();
  };

  return {
    current: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      if (offs.length > 0) return;
      if (deps.page) {
        deps.page.start();
        offs.push(deps.page.subscribe(update), () => deps.page?.stop());
      }
      if (deps.companion) {
        const { companion } = deps;
        offs.push(companion.on('desktop.presence', ({ presence }) => fromMain(presence)));
        // An older main without the method leaves the page's presence alone.
        void companion.desktop
          .presence()
          .then(({ presence }) => fromMain(presence))
          .catch(() => undefined);
      }
      update();
    },
    stop() {
      for (const off of offs.splice(0)) off();
    },
  };
}
