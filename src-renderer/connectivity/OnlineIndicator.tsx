import { Flex, Text, Tooltip } from '@radix-ui/themes';
import type { ConnectivityReason } from '../../src-preload/contract/connectivity';
import { connectivityReason, useConnectivity } from './connectivity-store';

const words: Record<ConnectivityReason, string> = {
  ok: 'Online',
  'no-network': 'Offline',
  // Behind a hotel or airport sign-in page the network is there, but the practice is not.
  'practice-unreachable': 'Offline — this network does not reach the practice',
};

export function OnlineIndicator() {
  const main = useConnectivity((s) => s.main);
  const browserOnline = useConnectivity((s) => s.browserOnline);
  return (
    <OnlineIndicatorView reason={connectivityReason({ main, browserOnline })} checkedAt={main?.checkedAt ?? null} />
  );
}

/** The indicator itself, from plain values (rendered on its own in tests). */
export function OnlineIndicatorView({ reason, checkedAt }: { reason: ConnectivityReason; checkedAt: string | null }) {
  const online = reason === 'ok';
  const checked = checkedAt ? new Date(checkedAt).toLocaleTimeString() : 'not yet';
  return (
    <Tooltip
      content={`Connection to the practice last checked: ${checked}. Work done offline is kept on this laptop and sent when the practice answers again.`}
    >
      <Flex
        align="center"
        gap="1"
        role="status"
        aria-live="polite"
        data-testid="online-indicator"
        data-online={online}
        data-reason={reason}
        tabIndex={0}
      >
        <span className={online ? 'dot dot--online' : 'dot dot--offline'} aria-hidden="true" />
        <Text size="1">{words[reason]}</Text>
      </Flex>
    </Tooltip>
  );
}
