import { Badge, Button, Flex, Progress, Table, Text } from '@radix-ui/themes';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { lastSyncFinishedAt } from '../../sync/last-sync';
import { pausedText, remainingText, runText } from '../../ui/words/budget-text';
import { useRegion } from '../../ui/regional/use-region';
import { formatDateTime } from '../../ui/regional/regional-format';
import { countOf } from '../../ui/regional/counts';
import { formatRelative } from '../../ui/regional/relative-time';
import { useNow } from '../../ui/regional/use-now';
import { syncedResourceStorage, type SyncCursor } from '../../../src-preload/contract/sync';
import { syncedResourceName } from './synced-resource-names';
import { notNeededYet, readText, stateWord } from './sync-run-text';
import { useCompanion, useServices } from '../../context/services-context';
import { isOnline } from '../../stores/connectivity-store';
import { syncWaitText } from './sync-wait';
import { SyncCadence } from './SyncCadence';
import { usageText } from './sync-cadence-text';
import { useConnectivity, usePractice } from '../../context/store-hooks';

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
      <Text size="2" data-testid="budget-usage">
        {usageText(budget, region)}
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
  const now = useNow();
  const online = useConnectivity(isOnline);
  const budget = usePractice((s) => s.budget);
  const cursors =
    useLiveQuery(async () => (practiceKey ? databases.of(practiceKey).cursors.toArray() : []), [practiceKey]) ?? [];
  const cursorOf = (resource: string) => cursors.find((c) => c.resource === resource);

  // Read once when the panel opens; after that main pushes every change (`practice.budget` events, app/renderer-jobs.ts).
  useEffect(() => {
    if (!companion || !practiceKey) return;
    void practice.refreshBudget().catch(() => undefined);
  }, [companion, practice, practiceKey]);

  if (!practiceKey || !companion)
    return (
      <Text color="gray" size="2">
        Connect a practice to sync it.
      </Text>
    );
  const running = progress?.running ?? false;
  const lastRunAt = lastSyncFinishedAt(
    progress?.lastRunAt,
    cursors.map((c) => c.lastCompletedAt),
  );
  // The instant itself rides along for assistive tools and tests (the words are relative).
  const lastRun = lastRunAt ? (
    <>
      Last sync finished <time dateTime={lastRunAt}>{formatRelative(lastRunAt, now, region)}</time>.
    </>
  ) : null;
  const wait = syncWaitText({ paused, running, online, budget, now, region });
  const waitText =
    wait && !running && lastRun ? (
      <>
        {wait} {lastRun}
      </>
    ) : (
      wait
    );
  return (
    <Flex direction="column" gap="3">
      <Flex gap="3" align="center" wrap="wrap">
        <Text size="2" data-testid="sync-summary" role="status">
          {waitText ?? (running ? 'Syncing…' : (lastRun ?? 'No sync has run in this session yet.'))}
        </Text>
        <Button size="1" variant="soft" disabled={running} onClick={() => void practice.syncEverything()}>
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
      <SyncCadence />
      <BudgetLine />
      <Table.Root size="1" aria-label="Sync progress per resource">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>Data</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>State</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>This run</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Last synced</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {(
            progress?.resources ??
            Object.keys(syncedResourceStorage).map((resource) => ({
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
                <Table.RowHeaderCell>{syncedResourceName(r.resource).label}</Table.RowHeaderCell>
                <Table.Cell>
                  <Flex direction="column" gap="1" align="start">
                    <Badge
                      color={
                        r.state === 'failed'
                          ? 'red'
                          : r.state === 'done' && !notNeededYet(r, cursor?.lastCompletedAt ?? null)
                            ? 'green'
                            : 'gray'
                      }
                    >
                      {stateWord(r, cursor?.lastCompletedAt ?? null)}
                    </Badge>
                    {r.state === 'running' ? (
                      share === null ? (
                        <Progress duration="2s" aria-label="In progress" style={{ width: '8rem' }} />
                      ) : (
                        <Progress value={share} aria-label={`${share}% done`} style={{ width: '8rem' }} />
                      )
                    ) : null}
                    {r.error ? (
                      <Text color="red" size="1">
                        {r.error}
                      </Text>
                    ) : null}
                  </Flex>
                </Table.Cell>
                <Table.Cell>
                  {readText(r, region, cursor?.lastCompletedAt ?? null)}
                  {r.rejectedThisRun > 0 ? (
                    <Text color="amber" size="1">
                      {' '}
                      · {countOf(r.rejectedThisRun, 'malformed record', region)} skipped
                    </Text>
                  ) : null}
                </Table.Cell>
                <Table.Cell>
                  {cursor?.lastCompletedAt ? (
                    <time dateTime={cursor.lastCompletedAt} title={formatDateTime(cursor.lastCompletedAt, region)}>
                      {formatRelative(cursor.lastCompletedAt, now, region)}
                    </time>
                  ) : notNeededYet(r, cursor?.lastCompletedAt ?? null) ? (
                    'not yet'
                  ) : (
                    'never'
                  )}
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Flex>
  );
}
