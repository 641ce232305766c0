import type { Companion } from '../../src-preload/contract/companion';
import type { ConnectivityStore } from '../stores/connectivity-store';

/** Keeps the store in step with main's events and the browser's online/offline events. */
export function watchConnectivity(companion: Companion, store: ConnectivityStore): () => void {
  const { setMain, setBrowserOnline } = store.getState();
  const unsubscribe = companion.on('connectivity.changed', setMain);
  void companion.connectivity
    .status()
    .then(setMain)
    .catch(() => undefined);
  const onOnline = (): void => setBrowserOnline(true);
  const onOffline = (): void => setBrowserOnline(false);
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);
  return () => {
    unsubscribe();
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
  };
}
