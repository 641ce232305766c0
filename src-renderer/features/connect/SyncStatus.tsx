import { Badge, Flex, Progress, Table, Text } from '@radix-ui/themes';
import { usePractice } from '../../stores/practice-store';

const labels: Record<string, string> = {
  entities: 'Clients', contacts: 'Contacts', onboardings: 'Onboardings', users: 'Staff', onboardingStatuses: 'Onboarding statuses', proposalServices: 'Services',
};

/** Per-resource progress of the running (or last) sync, errors in plain words. */
export function SyncStatus() {
  const progress = usePractice((s) => s.progress);
  if (!progress) return <Text color="gray" size="2">No sync has run in this session yet.</Text>;
  return (
    <Flex direction="column" gap="2">
      <Text size="2" data-testid="sync-summary">
        {progress.running ? 'Syncing…' : `Last sync finished ${progress.lastRunAt ? new Date(progress.lastRunAt).toLocaleTimeString() : ''}`}
      </Text>
      <Table.Root size="1">
        <Table.Body>
          {progress.resources.map((r) => (
            <Table.Row key={r.resource}>
              <Table.RowHeaderCell>{labels[r.resource] ?? r.resource}</Table.RowHeaderCell>
              <Table.Cell>
                <Badge color={r.state === 'failed' ? 'red' : r.state === 'done' ? 'green' : 'gray'}>{r.state}</Badge>
              </Table.Cell>
              <Table.Cell>
                {r.recordsThisPass} records · {r.pagesThisRun} {r.pagesThisRun === 1 ? 'page' : 'pages'} {r.mode === 'full' ? '(full import)' : ''}
              </Table.Cell>
              <Table.Cell>{r.state === 'running' ? <Progress duration="2s" /> : r.error ? <Text color="red" size="1">{r.error}</Text> : null}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Flex>
  );
}
