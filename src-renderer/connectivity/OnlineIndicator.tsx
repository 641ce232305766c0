import { Flex, Text, Tooltip } from '@radix-ui/themes';
import type { ConnectivityReason } from '../../src-preload/contract/connectivity';
import { connectivityReason, useConnectivity } from './connectivity-store';
import { useRegion } from '../ui/money-ui';
import { formatTime } from '../ui/regional/regional-format';

const words: Record<ConnectivityReason, string> = {
  ok: 'Online',
  'no-network': 'Offline',
  // Behind a hotel or airport sign-in page the network is there, but the practice is not.
  'practice-unreachable': 'Offline — this network does not reach the practice',
};

export function OnlineIndicator() {
  const main = useConnectivity((s) => s.main);
  const browserOnline = useConnectivity((s) => s.browserOnline);
  const region = useRegion();
  return (
    <OnlineIndicatorView
      reason={connectivityReason({ main, browserOnline })}
      checkedAt={main?.checkedAt ?? null}
      region={region}
    />
  );
}

/** The indicator itself, from plain values (rendered on its own in tests). */
export function OnlineIndicatorView({
  reason,
  checkedAt,
  region,
}: {
  reason: ConnectivityReason;
  checkedAt: string | null;
  /** The practice's region: the time is written its way. */
  region?: string | undefined;
}) {
  const online = reason === 'ok';
  const checked = checkedAt ? formatTime(checkedAt, region) : 'not yet';
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
