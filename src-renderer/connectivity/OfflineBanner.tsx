import { Callout } from '@radix-ui/themes';
import type { ConnectivityReason } from '../../src-preload/contract/connectivity';
import { connectivityReason } from '../stores/connectivity-store';
import { useConnectivity, usePractice } from '../context/store-hooks';

const sentences: Record<Exclude<ConnectivityReason, 'ok'>, string> = {
  'no-network':
    'You are offline. Everything on this laptop still works: what you prepare is kept here and sent when the practice can be reached again.',
  'practice-unreachable':
    'This network does not reach the practice (a sign-in page of a hotel or airport network, perhaps). Everything on this laptop still works: what you prepare is kept here and sent when the practice can be reached again.',
};

/**
 * Offline, said so it cannot be missed: a banner across the top of the screen while a connected
 * practice cannot be reached. The live region stays in the page and only its text changes, so a screen
 * reader hears each change once (going offline, and coming back), never again on every render.
 */
export function OfflineBanner() {
  const main = useConnectivity((s) => s.main);
  const browserOnline = useConnectivity((s) => s.browserOnline);
  const hasPractice = usePractice((s) => s.activePracticeKey !== null);
  const reason = connectivityReason({ main, browserOnline });
  const offline = hasPractice && reason !== 'ok';
  return (
    <div role="status" aria-live="polite" data-testid="offline-banner-region">
      {offline ? (
        <Callout.Root color="amber" variant="surface" size="1" mb="3" data-testid="offline-banner">
          <Callout.Text weight="medium">{sentences[reason]}</Callout.Text>
        </Callout.Root>
      ) : null}
    </div>
  );
}
