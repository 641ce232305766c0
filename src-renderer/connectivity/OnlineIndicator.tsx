import { Flex, Text, Tooltip } from '@radix-ui/themes';
import type { ConnectivityReason } from '../../src-preload/contract/connectivity';
import { connectivityReason } from '../stores/connectivity-store';
import { useRegion } from '../ui/regional/use-region';
import { formatTime } from '../ui/regional/regional-format';
import { useConnectivity, usePractice } from '../context/store-hooks';

const words: Record<ConnectivityReason, string> = {
  ok: 'Online',
  'no-network': 'Offline',
  // Behind a hotel or airport sign-in page the network is there, but the practice is not.
  'practice-unreachable': 'Offline — this network does not reach the practice',
};
/** With no practice there is nothing to be online to: only whether this laptop has a network. */
const networkWords: Record<ConnectivityReason, string> = {
  ok: 'Network connected',
  'no-network': 'No network',
  'practice-unreachable': 'Network connected',
};

export function OnlineIndicator() {
  const main = useConnectivity((s) => s.main);
  const browserOnline = useConnectivity((s) => s.browserOnline);
  const hasPractice = usePractice((s) => s.activePracticeKey !== null);
  const region = useRegion();
  return (
    <OnlineIndicatorView
      reason={connectivityReason({ main, browserOnline })}
      checkedAt={main?.checkedAt ?? null}
      region={region}
      hasPractice={hasPractice}
    />
  );
}

/** The indicator itself, from plain values (rendered on its own in tests). */
export function OnlineIndicatorView(props: {
  reason: ConnectivityReason;
  checkedAt: string | null;
  /** The practice's region: the time is written its way. */
  region?: string | undefined;
  /** A practice is connected (else only the network is spoken of). */
  hasPractice?: boolean;
}) {
  const hasPractice = props.hasPractice ?? true;
  const { reason, checkedAt, region } = props;
  const online = hasPractice ? reason === 'ok' : reason !== 'no-network';
  // Not a live region: the offline banner (OfflineBanner.tsx) says a change once to screen readers.
  return (
    <Tooltip
      content={
        hasPractice ? (
          <LastChecked checkedAt={checkedAt} region={region} />
        ) : (
          'No practice is connected yet: connect one to sync it.'
        )
      }
    >
      <Flex
        align="center"
        gap="1"
        data-testid="online-indicator"
        data-online={online}
        data-reason={hasPractice ? reason : 'no-practice'}
        tabIndex={0}
      >
        <span className={online ? 'dot dot--online' : 'dot dot--offline'} aria-hidden="true" />
        <Text size="1">{(hasPractice ? words : networkWords)[reason]}</Text>
      </Flex>
    </Tooltip>
  );
}

/**
 * The tooltip's words, rendered only while it is open: formatting a time builds the locale's date
 * formats, a cost the status bar's first paint at start-up need not pay.
 */
function LastChecked({ checkedAt, region }: { checkedAt: string | null; region: string | undefined }) {
  const checked = checkedAt ? formatTime(checkedAt, region) : 'not yet';
  return `Connection to the practice last checked: ${checked}. Work done offline is kept on this laptop and sent when the practice answers again.`;
}
