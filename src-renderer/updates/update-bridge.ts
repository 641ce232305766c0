import type { Companion } from '../../src-preload/contract/companion';
import type { UpdateStore } from '../stores/update-store';

/** "Restart to update": main may refuse (an action is sending…); its reason is shown with the banner. */
export async function restartToUpdate(companion: Companion, store: UpdateStore): Promise<void> {
  const cannot = 'The app could not restart now; the update installs when you quit.';
  try {
    const answer = await companion.desktop.restartToUpdate();
    if (!answer.restarting) store.setState({ refusedReason: answer.reason ?? cannot });
  } catch {
    store.setState({ refusedReason: cannot });
  }
}

/** Keeps the store in step with main: its answer now, then every `desktop.updateStatus` event. */
export function watchUpdates(companion: Companion, store: UpdateStore): () => void {
  const { setStatus } = store.getState();
  const unsubscribe = companion.on('desktop.updateStatus', setStatus);
  void companion.desktop
    .updateStatus()
    // An event that arrived first is newer than this answer.
    .then((status) => store.getState().status === null && setStatus(status))
    .catch(() => undefined);
  return unsubscribe;
}
