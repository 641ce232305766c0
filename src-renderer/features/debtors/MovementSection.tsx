import { Button, Callout, Card, DataList, Flex, Heading, Spinner, Text } from '@radix-ui/themes';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import type { DebtorMovement } from '../../../src-preload/contract/partner-api';
import { useServices } from '../../context/services-context';
import { LabelledSelect } from '../../ui/LabelledSelect';
import { DateInput } from '../../ui/DateInput';
import { isOnline } from '../../stores/connectivity-store';
import { formatDate, formatDateTime, formatMoney } from '../../ui/regional/regional-format';
import { useDebtorsView, useDebtorsViews } from './debtors-view-store';
import {
  createMovementReads,
  describeMovement,
  storedMovement,
  type MovementReadState,
  type StoredMovement,
} from './movement-read';
import { localToday } from '../../../src-preload/contract/iso-day';
import {
  customPeriod,
  movementReportName,
  periodOfReportName,
  periodPresets,
  presetPeriod,
  samePeriod,
  type Period,
  type PeriodPreset,
} from './periods';
import { useConnectivity } from '../../context/store-hooks';

type Region = string | undefined;

/** Opening, billed, paid, closing for one period, as a description list. */
function MovementFigures({ movement, region, testId }: { movement: DebtorMovement; region: Region; testId: string }) {
  const money = (amount: number) => formatMoney(amount, region, movement.currency);
  return (
    <DataList.Root size="2" data-testid={testId}>
      <DataList.Item>
        <DataList.Label>Opening balance ({formatDate(movement.startDate, region)})</DataList.Label>
        <DataList.Value>{money(movement.openingBalance)}</DataList.Value>
      </DataList.Item>
      <DataList.Item>
        <DataList.Label>Billed</DataList.Label>
        <DataList.Value>{money(movement.billed)}</DataList.Value>
      </DataList.Item>
      <DataList.Item>
        <DataList.Label>Paid (net of refunds)</DataList.Label>
        <DataList.Value>{money(movement.paid)}</DataList.Value>
      </DataList.Item>
      <DataList.Item>
        <DataList.Label>Closing balance ({formatDate(movement.endDate, region)})</DataList.Label>
        <DataList.Value>
          <Text weight="bold">{money(movement.closingBalance)}</Text>
        </DataList.Value>
      </DataList.Item>
    </DataList.Root>
  );
}

/**
 * The picked period's movement: from this laptop when it was read before (or is the synced period),
 * otherwise read from the practice when online. `refresh` asks again for a stored period.
 */
function usePeriodMovement(practiceKey: string, period: Period | null, synced: StoredMovement | null) {
  const { companion, databases, sharedReads } = useServices();
  const online = useConnectivity(isOnline);
  const name = period ? movementReportName(period) : null;
  const isSynced = !!synced && samePeriod(period, synced.movement);
  // null = looked and found nothing; undefined = still looking.
  const row = useLiveQuery(
    async () => (name ? ((await databases.of(practiceKey).reports.get(name)) ?? null) : null),
    [practiceKey, name],
  );
  const stored = isSynced ? synced : row === undefined ? undefined : storedMovement(row);
  const [read, setRead] = useState<{ name: string | null; state: MovementReadState }>({
    name: null,
    state: { state: 'idle' },
  });
  const [nonce, setNonce] = useState(0);
  const handled = useRef(0);
  const reachable = online && !!companion;

  // `stored` matters to the read only as "still looking", "nothing there" or "there".
  const storedState = stored === undefined ? 'looking' : stored === null ? 'absent' : 'present';
  // `period` is identified by `name`: the read uses the latest period without running again for a new object.
  // `name` is set exactly when `period` is, so the effect only runs the read when there is one.
  const readPeriod = useEffectEvent((c: NonNullable<typeof companion>) =>
    createMovementReads(sharedReads).readOnce(
      { companion: c, db: databases.of(practiceKey), practiceKey, now: () => new Date() },
      period!,
    ),
  );

  useEffect(() => {
    if (!name || isSynced || storedState === 'looking' || !companion) return;
    const refresh = nonce !== handled.current;
    handled.current = nonce;
    if ((storedState === 'present' && !refresh) || !online) return;
    let current = true;
    setRead({ name, state: { state: 'reading' } });
    void readPeriod(companion).then((outcome) => {
      if (current)
        setRead({
          name,
          state: outcome.ok
            ? { state: 'idle' }
            : { state: 'failed', problem: outcome.problem, message: outcome.message },
        });
    });
    return () => {
      current = false;
    };
  }, [practiceKey, name, isSynced, storedState, online, nonce, companion]);

  const readState = read.name === name ? read.state : { state: 'idle' as const };
  return {
    stored,
    notice: stored === undefined ? null : describeMovement(stored !== null, reachable, readState),
    reading: readState.state === 'reading',
    canRefresh: reachable && !isSynced && !!stored && readState.state !== 'reading',
    refresh: () => setNonce((n) => n + 1),
  };
}

/** Debtor movement: the synced twelve months, and any period the user picks (read on demand, kept offline). */
export function MovementSection({ practiceKey, region }: { practiceKey: string; region: Region }) {
  const view = useDebtorsView(practiceKey);
  const update = useDebtorsViews((s) => s.update);
  const { databases } = useServices();
  const syncedRow = useLiveQuery(
    async () => (await databases.of(practiceKey).reports.get('debtorMovement')) ?? null,
    [practiceKey],
  );
  const synced = syncedRow ? storedMovement(syncedRow) : null;
  const earlier = useLiveQuery(
    async () =>
      (await databases.of(practiceKey).reports.where('name').startsWith('movement:').toArray()).map((r) => ({
        name: r.name,
        period: periodOfReportName(r.name),
        fetchedAt: r.fetchedAt,
      })),
    [practiceKey],
  );
  const today = localToday(new Date());
  // Custom dates apply when "Show movement" is pressed, so typing a date does not read half-typed periods.
  const [draftFrom, setDraftFrom] = useState(view.customFrom);
  const [draftTo, setDraftTo] = useState(view.customTo);
  const period = useMemo<Period | null>(() => {
    if (view.preset !== 'custom') return presetPeriod(view.preset, today);
    const custom = customPeriod(view.customFrom, view.customTo);
    return custom.ok ? custom.period : null;
  }, [view.preset, view.customFrom, view.customTo, today]);
  const picked = usePeriodMovement(practiceKey, period, synced);
  const draft = customPeriod(draftFrom, draftTo);
  const draftProblem = (draftFrom || draftTo) && !draft.ok ? draft.message : null;

  return (
    <Flex direction="column" gap="3">
      <Heading as="h2" size="4">
        Movement
      </Heading>
      <Flex gap="4" wrap="wrap" align="start">
        <Card className="movement-card">
          <Flex direction="column" gap="2">
            <Heading as="h3" size="3">
              Last twelve months (synced)
            </Heading>
            {syncedRow === undefined ? (
              <Text color="gray">Loading…</Text>
            ) : synced ? (
              <>
                <Text size="1" color="gray">
                  {formatDate(synced.movement.startDate, region)} to {formatDate(synced.movement.endDate, region)} ·
                  read {formatDateTime(synced.fetchedAt, region)}
                </Text>
                <MovementFigures movement={synced.movement} region={region} testId="movement-synced" />
              </>
            ) : (
              <Text color="gray" size="2">
                Not on this laptop yet: the twelve months' movement comes with the sync.
              </Text>
            )}
          </Flex>
        </Card>
        <Card className="movement-card">
          <Flex direction="column" gap="2">
            <Heading as="h3" size="3">
              Another period
            </Heading>
            <LabelledSelect
              label="Period"
              value={view.preset}
              onChange={(preset) => update(practiceKey, { preset: preset as PeriodPreset })}
            >
              {periodPresets.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </LabelledSelect>
            {view.preset === 'custom' ? (
              <form
                onSubmit={(e) => {
                  e.preventDefault();
                  update(practiceKey, { customFrom: draftFrom, customTo: draftTo });
                }}
              >
                <Flex gap="2" align="end" wrap="wrap">
                  <Flex direction="column" gap="1" className="date-field">
                    <Text size="1" color="gray" aria-hidden="true">
                      From
                    </Text>
                    <DateInput compact label="Movement from" value={draftFrom} onChange={setDraftFrom} />
                  </Flex>
                  <Flex direction="column" gap="1" className="date-field">
                    <Text size="1" color="gray" aria-hidden="true">
                      To
                    </Text>
                    <DateInput compact label="Movement to" value={draftTo} onChange={setDraftTo} />
                  </Flex>
                  <Button type="submit" size="1" disabled={!draft.ok}>
                    Show movement
                  </Button>
                </Flex>
                {draftProblem ? (
                  <Text size="1" color="gray" role="status">
                    {draftProblem}
                  </Text>
                ) : null}
              </form>
            ) : null}
            {period ? (
              <Text size="1" color="gray" data-testid="movement-period">
                {formatDate(period.startDate, region)} to {formatDate(period.endDate, region)}
                {picked.stored ? ` · read ${formatDateTime(picked.stored.fetchedAt, region)}` : ''}
              </Text>
            ) : view.preset === 'custom' ? (
              <Text size="2" color="gray">
                Choose the dates, then "Show movement".
              </Text>
            ) : null}
            {picked.notice?.text ? (
              <Callout.Root
                size="1"
                color={picked.notice.tone === 'error' ? 'red' : picked.notice.tone === 'warning' ? 'amber' : 'gray'}
                role="status"
                data-testid="movement-notice"
              >
                <Callout.Text>{picked.notice.text}</Callout.Text>
              </Callout.Root>
            ) : null}
            {picked.notice?.loading ? (
              <Flex gap="2" align="center">
                <Spinner size="1" />
                <Text size="2" color="gray">
                  Reading the movement from the practice…
                </Text>
              </Flex>
            ) : null}
            {period && picked.stored ? (
              <MovementFigures movement={picked.stored.movement} region={region} testId="movement-picked" />
            ) : null}
            {picked.canRefresh ? (
              <Flex>
                <Button size="1" variant="soft" onClick={picked.refresh}>
                  Read again
                </Button>
              </Flex>
            ) : null}
          </Flex>
        </Card>
      </Flex>
      {earlier && earlier.length > 0 ? (
        <Flex direction="column" gap="1">
          <Text size="2" color="gray">
            Periods read before (kept on this laptop):
          </Text>
          <Flex gap="2" wrap="wrap">
            {earlier.map((e) =>
              e.period ? (
                <Button
                  key={e.name}
                  size="1"
                  variant="outline"
                  onClick={() => {
                    setDraftFrom(e.period!.startDate);
                    setDraftTo(e.period!.endDate);
                    update(practiceKey, {
                      preset: 'custom',
                      customFrom: e.period!.startDate,
                      customTo: e.period!.endDate,
                    });
                  }}
                >
                  {formatDate(e.period.startDate, region)} to {formatDate(e.period.endDate, region)}
                </Button>
              ) : null,
            )}
          </Flex>
        </Flex>
      ) : null}
    </Flex>
  );
}
