import { Flex, Text } from '@radix-ui/themes';
import { useAppInfo } from './app-info-store';
import { activePractice, usePractice } from '../practice/practice-store';
import { OnlineIndicator } from '../connectivity/OnlineIndicator';
import { formatDateTime } from '../ui/regional/regional-format';
import { useLastSyncFinishedAt } from '../practice/last-sync';
import { useLiveStatus } from '../practice/live-updates';
import type { LiveState } from '../../src-preload/contract/live-updates';

/** What the status bar says of the hub's live updates (nothing before the first answer, or when direct). */
export const liveText: Record<LiveState, string> = {
  off: '',
  connecting: '',
  on: 'live updates on',
  retrying: 'live updates paused — retrying',
};

export function StatusBar() {
  const info = useAppInfo((s) => s.info);
  const practice = usePractice(activePractice);
  const progress = usePractice((s) => s.progress);
  const paused = usePractice((s) => s.paused);
  // The same time Settings gives (practice/last-sync.ts), live.
  const lastSynced = useLastSyncFinishedAt(practice?.practiceKey ?? null);
  const live = useLiveStatus();
  const liveWords =
    practice?.through === 'hub' && live.practiceKey === practice.practiceKey ? liveText[live.state] : '';
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
            ? [practice.name, practice.through === 'hub' ? 'through the practice hub' : '', liveWords, syncText]
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
