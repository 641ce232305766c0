import { Flex, Text } from '@radix-ui/themes';
import { useAppInfo } from './app-info-store';
import { activePractice, usePractice } from '../practice/practice-store';
import { OnlineIndicator } from '../connectivity/OnlineIndicator';
import { formatDateTime } from '../ui/regional/regional-format';
import { useLastSyncFinishedAt } from '../practice/last-sync';

export function StatusBar() {
  const info = useAppInfo((s) => s.info);
  const practice = usePractice(activePractice);
  const progress = usePractice((s) => s.progress);
  const paused = usePractice((s) => s.paused);
  // The same time Settings gives (practice/last-sync.ts), live.
  const lastSynced = useLastSyncFinishedAt(practice?.practiceKey ?? null);
  const syncText = paused
    ? 'sync paused'
    : progress?.running
      ? 'syncing…'
      : lastSynced
        ? `last synced ${formatDateTime(lastSynced, practice?.region, 'short')}`
        : '';
  return (
    <Flex asChild align="center" justify="between" px="3" className="status-bar">
      <footer aria-label="Status">
        <OnlineIndicator />
        <Text size="1" color="gray" data-testid="status-practice">
          {practice
            ? [practice.name, practice.through === 'hub' ? 'through the practice hub' : '', syncText]
                .filter(Boolean)
                .join(' · ')
            : 'No practice connected'}
        </Text>
        <Text size="1" color="gray" data-testid="status-version">
          {info ? `v${info.version} · ${info.runtime === 'electron' ? 'Desktop' : 'Browser preview'}` : '…'}
        </Text>
      </footer>
    </Flex>
  );
}
