import { Flex, Text } from '@radix-ui/themes';
import { activePractice } from '../stores/practice-store';
import { OnlineIndicator } from '../connectivity/OnlineIndicator';
import { formatDateTime, formatTime } from '../ui/regional/regional-format';
import { useLastSyncFinishedAt } from '../sync/last-sync';
import type { LiveState } from '../../src-preload/contract/live-updates';
import type { SyncProgressEvent } from '../../src-preload/contract/practice';
import { useAppInfo, useLiveStatus, usePractice } from '../context/store-hooks';
import { useFirstScreenShown } from '../context/use-first-screen-shown';

/** What the status bar says of the hub's live updates (nothing before the first answer, or when direct). */
export const liveText: Record<LiveState, string> = {
  off: '',
  connecting: '',
  on: 'live updates on',
  retrying: 'live updates paused — retrying',
};

/** Which source a practice read through the hub is synced from: the hub, or the Partner API while the hub is down. */
export function sourceText(source: SyncProgressEvent['source'], region?: string): string {
  if (source?.reads !== 'direct') return 'through the practice hub';
  const since = source.hubUnreachableSince;
  return since
    ? `directly — the hub is unreachable since ${formatTime(since, region)}`
    : 'directly — the hub is unreachable';
}

export function StatusBar() {
  const info = useAppInfo((s) => s.info);
  const practice = usePractice(activePractice);
  const progress = usePractice((s) => s.progress);
  const paused = usePractice((s) => s.paused);
  // The same time Settings gives (practice/last-sync.ts), live; read once the first screen has painted.
  const afterFirstScreen = useFirstScreenShown();
  const lastSynced = useLastSyncFinishedAt(afterFirstScreen ? (practice?.practiceKey ?? null) : null);
  const live = useLiveStatus();
  const liveWords =
    practice?.through === 'hub' && live.practiceKey === practice.practiceKey ? liveText[live.state] : '';
  const source = progress?.practiceKey === practice?.practiceKey ? progress?.source : undefined;
  const syncText = paused ? 'sync paused' : progress?.running ? 'syncing…' : lastSynced ? 'last synced' : '';
  // The instant itself rides along for assistive tools and tests (the words show only the minute).
  const syncedAt =
    syncText === 'last synced' && lastSynced ? (
      <>
        {' '}
        <time dateTime={lastSynced}>{formatDateTime(lastSynced, practice?.region, 'short')}</time>
      </>
    ) : null;
  return (
    <Flex asChild align="center" justify="between" px="3" className="status-bar">
      <footer aria-label="Status">
        <OnlineIndicator />
        <Text size="1" color="gray" data-testid="status-practice">
          {practice ? (
            <>
              {[
                practice.name,
                practice.through === 'hub' ? sourceText(source, practice.region) : '',
                liveWords,
                syncText,
              ]
                .filter(Boolean)
                .join(' · ')}
              {syncedAt}
            </>
          ) : (
            'No practice connected'
          )}
        </Text>
        <Text size="1" color="gray" data-testid="status-version">
          {info ? `v${info.version} · ${info.runtime === 'electron' ? 'Desktop' : 'Browser preview'}` : '…'}
        </Text>
      </footer>
    </Flex>
  );
}
