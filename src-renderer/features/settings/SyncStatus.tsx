import { Badge, Button, Flex, Progress, Table, Text } from '@radix-ui/themes';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import type { SyncCursor } from '../../../src-preload/contract/sync';
import { usePractice } from '../../practice/practice-store';
import { pausedText, remainingText, runText } from '../../practice/budget-text';
import { useRegion } from '../../ui/money-ui';
import { formatDateTime, formatNumber, formatTime } from '../../ui/regional/regional-format';
import { useCompanion, useServices } from '../../app/services-context';

const labels: Record<string, string> = {
  entities: 'Clients',
  contacts: 'Contacts',
  onboardings: 'Onboardings',
  leads: 'Leads',
  users: 'Staff',
  onboardingStatuses: 'Onboarding statuses',
  proposalServices: 'Services',
  eformTemplates: 'eForm templates',
};
const modeText = { full: 'full import', incremental: 'changes', reconcile: 're-check' } as const;
/** Budget figures slide with time even when nothing is sent; refresh them while the panel is open. */
const BUDGET_POLL_MS = 5_000;

/** Share of a whole read done, when the previous whole read tells its size; else null (indeterminate). */
function passShare(cursor: SyncCursor | undefined, records: number, mode: SyncCursor['mode']): number | null {
  if (mode === 'incremental' || !cursor?.fullPassRecords) return null;
  return Math.min(100, Math.round((records / cursor.fullPassRecords) * 100));
}

function BudgetLine() {
  const budget = usePractice((s) => s.budget);
  const region = useRegion();
  if (!budget) return null;
  const paused = pausedText(budget, Date.now(), region);
  return (
    <Flex direction="column" gap="1">
      <Text size="2" data-testid="budget-remaining">
        Requests left: {remainingText(budget, region)}
      </Text>
      {budget.run ? (
        <Text size="2" data-testid="sync-eta">
          {runText(budget.run, region)}
        </Text>
      ) : null}
      {paused ? (
        <Text size="2" color="amber" role="status">
          {paused}
        </Text>
      ) : null}
    </Flex>
  );
}

/** Per-resource progress of the running (or last) sync, last success per resource, errors in plain words, the budget. */
export function SyncStatus() {
  const { databases, practice } = useServices();
  const companion = useCompanion();
  const practiceKey = usePractice((s) => s.activePracticeKey);
  const progress = usePractice((s) => s.progress);
  const paused = usePractice((s) => s.paused);
  const region = useRegion();
  const cursors =
    useLiveQuery(async () => (practiceKey ? databases.of(practiceKey).cursors.toArray() : []), [practiceKey]) ?? [];
  const cursorOf = (resource: string) => cursors.find((c) => c.resource === resource);

  useEffect(() => {
    if (!companion || !practiceKey) return;
    const refresh = () => void practice.refreshBudget().catch(() => undefined);
    refresh();
    const timer = setInterval(refresh, BUDGET_POLL_MS);
    return () => clearInterval(timer);
  }, [companion, practice, practiceKey]);

  if (!practiceKey || !companion)
    return (
      <Text color="gray" size="2">
        Connect a practice to sync it.
      </Text>
    );
  const running = progress?.running ?? false;
  return (
    <Flex direction="column" gap="3">
      <Flex gap="3" align="center" wrap="wrap">
        <Text size="2" data-testid="sync-summary" role="status">
          {paused
            ? 'Sync is paused. Data on this laptop stays available; nothing new is fetched.'
            : running
              ? 'Syncing…'
              : progress?.lastRunAt
                ? `Last sync finished ${formatTime(progress.lastRunAt, region)}.`
                : 'No sync has run in this session yet.'}
        </Text>
        <Button size="1" variant="soft" disabled={running} onClick={() => void practice.resume()}>
          Sync now
        </Button>
        {paused ? (
          <Button size="1" variant="soft" onClick={() => void practice.resume()}>
            Resume sync
          </Button>
        ) : (
          <Button size="1" variant="soft" color="gray" onClick={() => void practice.pause()}>
            Pause sync
          </Button>
        )}
      </Flex>
      <BudgetLine />
      <Table.Root size="1" aria-label="Sync progress per resource">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>Data</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>State</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>This run</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Last synced</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Progress</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {(
            progress?.resources ??
            Object.keys(labels).map((resource) => ({
              resource,
              state: 'waiting' as const,
              mode: cursorOf(resource)?.mode ?? 'full',
              pagesThisRun: 0,
              recordsThisPass: 0,
              rejectedThisRun: 0,
              error: null,
            }))
          ).map((r) => {
            const cursor = cursorOf(r.resource);
            const share = passShare(cursor, r.recordsThisPass, r.mode);
            return (
              <Table.Row key={r.resource} data-testid={`sync-row-${r.resource}`}>
                <Table.RowHeaderCell>{labels[r.resource] ?? r.resource}</Table.RowHeaderCell>
                <Table.Cell>
                  <Badge color={r.state === 'failed' ? 'red' : r.state === 'done' ? 'green' : 'gray'}>{r.state}</Badge>
                </Table.Cell>
                <Table.Cell>
                  {formatNumber(r.recordsThisPass, region)} records · {r.pagesThisRun}{' '}
                  {r.pagesThisRun === 1 ? 'page' : 'pages'} ({modeText[r.mode]})
                  {r.rejectedThisRun > 0 ? (
                    <Text color="amber" size="1">
                      {' '}
                      · {r.rejectedThisRun} malformed skipped
                    </Text>
                  ) : null}
                </Table.Cell>
                <Table.Cell>
                  {cursor?.lastCompletedAt ? formatDateTime(cursor.lastCompletedAt, region) : 'never'}
                </Table.Cell>
                <Table.Cell>
                  {r.error ? (
                    <Text color="red" size="1">
                      {r.error}
                    </Text>
                  ) : r.state === 'running' ? (
                    share === null ? (
                      <Progress duration="2s" aria-label="In progress" />
                    ) : (
                      <Progress value={share} aria-label={`${share}% done`} />
                    )
                  ) : null}
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Flex>
  );
}
