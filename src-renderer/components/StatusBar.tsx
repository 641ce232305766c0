import { Flex, Text } from '@radix-ui/themes';
import { useAppInfo } from '../stores/app-info-store';
import { OnlineIndicator } from './OnlineIndicator';

export function StatusBar() {
  const info = useAppInfo((s) => s.info);
  return (
    <Flex asChild align="center" justify="between" px="3" className="status-bar">
      <footer aria-label="Status">
        <OnlineIndicator />
        <Text size="1" color="gray">
          No practice connected
        </Text>
        <Text size="1" color="gray" data-testid="status-version">
          {info ? `v${info.version} · ${info.runtime === 'electron' ? 'Desktop' : 'Browser preview'}` : '…'}
        </Text>
      </footer>
    </Flex>
  );
}
