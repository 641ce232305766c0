import { useSyncExternalStore } from 'react';
import type { Presence } from '../../src-preload/contract/sync-cadence';
import { useServices } from './services-context';

/** The window's presence (presence/presence-source.ts), re-rendering when it changes. */
export function usePresence(): Presence {
  const { presence } = useServices();
  return useSyncExternalStore(presence.subscribe, presence.current);
}
