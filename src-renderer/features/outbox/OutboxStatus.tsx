import { Badge, Flex, Link as RadixLink, Text } from '@radix-ui/themes';
import { Link } from 'react-router';
import type { OutboxEntry, OutboxStatus } from '../../../src-preload/contract/outbox/outbox-entry';
import { partsOf } from '../../operations/registry';
import { LineConflicts } from './LineConflicts';
import { isStaffOnly, useShownToClient } from '../../client-facing/client-view';

/** An entry's status in words, the same on every screen. */
export const outboxStatusText: Record<OutboxStatus, string> = {
  pending: 'waiting to send',
  sending: 'sending',
  failed: 'failed',
  'needs-review': 'needs review',
  done: 'sent',
  discarded: 'discarded',
};
const statusColor = {
  pending: 'gray',
  sending: 'blue',
  failed: 'red',
  'needs-review': 'amber',
  done: 'green',
  discarded: 'gray',
} as const;

export function OutboxStatusBadge({ status }: { status: OutboxStatus }) {
  return <Badge color={statusColor[status]}>{outboxStatusText[status]}</Badge>;
}

/** An entry's line with what it carries when its summary does not say it: "… — “Called about the renewal…”". */
export function withContent(entry: OutboxEntry): string {
  const carries = partsOf(entry.operation).description.carries?.(entry.payload.body) ?? null;
  return carries ? `${entry.summary} — “${carries}”` : entry.summary;
}

/** What is still queued for one record (a client, an onboarding), with the way to the Outbox. */
export function PendingActions({
  entries,
  title,
  testId,
}: {
  entries: readonly OutboxEntry[];
  title: string;
  testId: string;
}) {
  const shownToClient = useShownToClient();
  if (shownToClient) return <PendingForClient entries={entries} title={title} testId={testId} />;
  if (entries.length === 0) return null;
  return (
    <Flex direction="column" gap="1" data-testid={testId}>
      <Text size="2" weight="medium">
        {title}
      </Text>
      {entries.map((e) => (
        <Flex key={e.id} direction="column" gap="1">
          <Flex gap="2" align="center">
            <OutboxStatusBadge status={e.status} />
            <Text size="2">{withContent(e)}</Text>
          </Flex>
          {/* Both versions where the user looks at the proposal; the choice is made in the Outbox. */}
          <LineConflicts entry={e} choices={false} />
        </Flex>
      ))}
      <Text size="1">
        <RadixLink asChild>
          <Link to="/outbox">Open the outbox</Link>
        </RadixLink>
      </Text>
    </Flex>
  );
}

/**
 * The same list while the screen is turned to the client: the client's own actions only, each by what it does
 * (a summary can carry what it costs the practice, or a check it asks for), with no way to the Outbox, which
 * the view refuses.
 */
function PendingForClient({
  entries,
  title,
  testId,
}: {
  entries: readonly OutboxEntry[];
  title: string;
  testId: string;
}) {
  const theirs = entries.filter((e) => !isStaffOnly(e.operation));
  if (theirs.length === 0) return null;
  return (
    <Flex direction="column" gap="1" data-testid={testId}>
      <Text size="2" weight="medium">
        {title}
      </Text>
      {theirs.map((e) => (
        <Flex key={e.id} gap="2" align="center">
          <OutboxStatusBadge status={e.status} />
          <Text size="2">{partsOf(e.operation).description.title}</Text>
        </Flex>
      ))}
    </Flex>
  );
}
