import type { ClientFacingEnter, PinResult } from '../../src-preload/contract/client-facing';
import type { Companion } from '../../src-preload/contract/companion';
import type { ClientFacingStore } from '../stores/client-facing-store';

/** Enters the mode on a client (main checks and keeps it); the store shows main's answer. */
export async function enterClientFacing(
  companion: Companion,
  store: ClientFacingStore,
  input: ClientFacingEnter,
): Promise<void> {
  store.getState().apply(await companion.clientFacing.enter(input));
}

/** Leaves the mode with the PIN (when one is set); a wrong PIN keeps it on. */
export async function exitClientFacing(
  companion: Companion,
  store: ClientFacingStore,
  pin: string,
): Promise<PinResult> {
  const result = await companion.clientFacing.exit({ pin });
  store.setState({ active: result.status.active });
  return result;
}

/** Asks main at start; until it answers the window stays blank. A failed answer counts as "not in the mode". */
export function watchClientFacing(companion: Companion, store: ClientFacingStore): void {
  void companion.clientFacing
    .status()
    .then((status) => store.getState().apply(status))
    .catch(() => store.setState({ loaded: true }));
}
