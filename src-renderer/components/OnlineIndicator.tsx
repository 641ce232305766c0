import { Flex, Text, Tooltip } from '@radix-ui/themes';
import { isOnline, useConnectivity } from '../stores/connectivity-store';

export function OnlineIndicator() {
  const main = useConnectivity((s) => s.main);
  const browserOnline = useConnectivity((s) => s.browserOnline);
  const online = isOnline({ main, browserOnline });
  const checked = main ? new Date(main.checkedAt).toLocaleTimeString() : 'not yet';
  return (
    <Tooltip content={`Network last checked: ${checked}`}>
      <Flex
        align="center"
        gap="1"
        role="status"
        aria-live="polite"
        data-testid="online-indicator"
        data-online={online}
        tabIndex={0}
      >
        <span className={online ? 'dot dot--online' : 'dot dot--offline'} aria-hidden="true" />
        <Text size="1">{online ? 'Online' : 'Offline — working from this laptop'}</Text>
      </Flex>
    </Tooltip>
  );
}
