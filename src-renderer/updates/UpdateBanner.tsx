import { Button, Callout, Flex } from '@radix-ui/themes';
import type { Companion } from '../../src-preload/contract/companion';
import type { UpdateStatus } from '../../src-preload/contract/desktop';
import { restartToUpdate } from './update-bridge';
import { useStores, useUpdates } from '../context/store-hooks';

const LATER = 'Restart to update now, or it installs when you quit.';

export interface UpdateBannerViewProps {
  status: UpdateStatus | null;
  refusedReason: string | null;
  dismissedVersion: string | null;
  onRestart(): void;
  onLater(): void;
}

/** Shown only while a downloaded update waits, and not again for a version the person put off with "Later". */
export function UpdateBannerView({
  status,
  refusedReason,
  dismissedVersion,
  onRestart,
  onLater,
}: UpdateBannerViewProps) {
  if (status?.state !== 'ready' || status.version === dismissedVersion) return null;
  return (
    <Callout.Root
      color="indigo"
      role="status"
      data-testid="update-banner"
      style={{ position: 'fixed', left: '50%', bottom: 16, transform: 'translateX(-50%)', zIndex: 50, maxWidth: 560 }}
    >
      <Callout.Text>
        Version {status.version} of Practice Companion is ready.{' '}
        {refusedReason ?? (status.restartDeferred && status.message ? status.message : LATER)}
      </Callout.Text>
      <Flex gap="2" mt="2">
        <Button size="1" onClick={onRestart}>
          Restart to update
        </Button>
        <Button size="1" variant="soft" color="gray" onClick={onLater}>
          Later
        </Button>
      </Flex>
    </Callout.Root>
  );
}

/**
 * A small notice at the bottom of the window once an update is downloaded: restart now, or "Later"
 * (it installs at the next quit). Never modal; keyboard users reach its buttons with Tab.
 */
export function UpdateBanner({ companion }: { companion: Companion }) {
  const status = useUpdates((s) => s.status);
  const refusedReason = useUpdates((s) => s.refusedReason);
  const dismissedVersion = useUpdates((s) => s.dismissedVersion);
  const { updates } = useStores();
  return (
    <UpdateBannerView
      status={status}
      refusedReason={refusedReason}
      dismissedVersion={dismissedVersion}
      onRestart={() => void restartToUpdate(companion, updates)}
      onLater={() => updates.getState().dismiss()}
    />
  );
}
