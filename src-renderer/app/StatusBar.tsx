import { Flex, Text } from '@radix-ui/themes';
import { useLiveQuery } from 'dexie-react-hooks';
import { useAppInfo } from './app-info-store';
import { activePractice, usePractice } from '../practice/practice-store';
import { OnlineIndicator } from '../connectivity/OnlineIndicator';
import { formatDateTime } from '../ui/regional/regional-format';
import { useServices } from './services-context';

export function StatusBar() {
  const info = useAppInfo((s) => s.info);
  const practice = usePractice(activePractice);
  const progress = usePractice((s) => s.progress);
  const paused = usePractice((s) => s.paused);
  const { databases } = useServices();
  // From the stored cursors, so it is right after a restart with the network gone: the oldest resource decides.
  const lastSynced = useLiveQuery(async () => {
    if (!practice) return null;
    const done = (await databases.of(practice.practiceKey).cursors.toArray()).map((c) => c.lastCompletedAt);
    return done.length > 0 && done.every(Boolean) ? (done as string[]).sort()[0]! : null;
  }, [practice?.practiceKey, progress?.running]);
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
          {practice ? `${practice.name}${syncText ? ` · ${syncText}` : ''}` : 'No practice connected'}
        </Text>
        <Text size="1" color="gray" data-testid="status-version">
          {info ? `v${info.version} · ${info.runtime === 'electron' ? 'Desktop' : 'Browser preview'}` : '…'}
        </Text>
      </footer>
    </Flex>
  );
}
