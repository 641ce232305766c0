import { Flex, Text } from '@radix-ui/themes';
import { useAppInfo } from '../stores/app-info-store';
import { usePractice } from '../stores/practice-store';
import { OnlineIndicator } from './OnlineIndicator';

export function StatusBar() {
  const info = useAppInfo((s) => s.info);
  const practice = usePractice((s) => s.practices.find((p) => p.practiceKey === s.activePracticeKey));
  const progress = usePractice((s) => s.progress);
  const syncText = progress?.running ? 'syncing…' : progress?.lastRunAt ? `last synced ${new Date(progress.lastRunAt).toLocaleTimeString()}` : '';
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
