import { Checkbox, Flex, Table, Text, TextField } from '@radix-ui/themes';
import { LabelledSelect } from '../../ui/LabelledSelect';
import { useLiveQuery } from 'dexie-react-hooks';
import { useDeferredValue, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ScreenHeader } from '../../ui/ScreenHeader';
import { foldForSearch } from '../../search';
import { activePractice } from '../../stores/practice-store';
import { ConnectPanel } from '../connect/ConnectPanelOnDemand';
import { formatDate } from '../../ui/regional/regional-format';
import { useServices } from '../../context/services-context';
import { OnboardingStatusBadge } from './OnboardingStatusBadge';
import { routes } from '../../../src-preload/contract/routes';
import { usePractice } from '../../context/store-hooks';

const COMPLETED = 'Completed';

/** Onboardings from the local database: status filter, exclude completed, assigned user, search. */
export function OnboardingsScreen() {
  const { databases } = useServices();
  const practiceKey = usePractice((s) => s.activePracticeKey);
  const region = usePractice((s) => activePractice(s)?.region);
  const [status, setStatus] = useState('all');
  const [user, setUser] = useState('all');
  const [excludeCompleted, setExcludeCompleted] = useState(true);
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const data = useLiveQuery(async () => {
    if (!practiceKey) return null;
    const db = databases.of(practiceKey);
    const [onboardings, statuses, users, entities] = await Promise.all([
      db.onboardings.orderBy('updatedOn').reverse().toArray(),
      db.onboardingStatuses.toArray(),
      db.users.toArray(),
      db.entities.toArray(),
    ]);
    return { onboardings, statuses, users, names: new Map(entities.map((e) => [e.entityKey, e.fullEntityName])) };
  }, [practiceKey]);

  const rows = useMemo(() => {
    if (!data) return [];
    const needle = foldForSearch(deferred.trim());
    return data.onboardings.filter((o) => {
      if (excludeCompleted && o.statusName === COMPLETED) return false;
      if (status !== 'all' && String(o.statusID) !== status) return false;
      if (user !== 'all' && o.createdByKey !== user && o.approverKey !== user) return false;
      if (!needle) return true;
      const text = foldForSearch(
        [
          data.names.get(o.entityKey ?? ''),
          o.statusName,
          String(o.onboardingID),
          ...o.recipients.flatMap((r) => [r.name, r.surname, r.email]),
        ].join(' '),
      );
      return text.includes(needle);
    });
  }, [data, deferred, excludeCompleted, status, user]);

  if (!practiceKey) {
    return (
      <>
        <ScreenHeader title="Onboardings" />
        <ConnectPanel />
      </>
    );
  }
  return (
    <>
      <ScreenHeader title="Onboardings" subtitle="Where each client's onboarding stands." />
      <Flex gap="3" wrap="wrap" align="center" mb="3">
        <TextField.Root
          aria-label="Search onboardings"
          placeholder="Search client, recipient or number"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          style={{ minWidth: 280 }}
        />
        <LabelledSelect label="Status" value={status} onChange={setStatus}>
          <option value="all">All statuses</option>
          {data?.statuses.map((s) => (
            <option key={s.statusID} value={String(s.statusID)}>
              {s.statusName}
            </option>
          ))}
        </LabelledSelect>
        <LabelledSelect label="Assigned to" value={user} onChange={setUser}>
          <option value="all">Anyone</option>
          {data?.users.map((u) => (
            <option key={u.userKey} value={u.userKey}>
              {u.userFirstName} {u.userLastName}
            </option>
          ))}
        </LabelledSelect>
        <Text as="label" size="2">
          <Flex gap="2" align="center">
            <Checkbox checked={excludeCompleted} onCheckedChange={(v) => setExcludeCompleted(v === true)} /> Hide
            completed
          </Flex>
        </Text>
        <Text size="1" color="gray" data-testid="onboarding-count">
          {rows.length} onboardings
        </Text>
      </Flex>
      <Table.Root size="1" aria-label="Onboardings">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>Number</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Client</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Sent</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Submitted</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.slice(0, 500).map((o) => (
            <Table.Row key={o.onboardingKey}>
              <Table.RowHeaderCell>
                <Link to={routes.onboarding(o.onboardingKey)}>#{o.onboardingID}</Link>
              </Table.RowHeaderCell>
              <Table.Cell>
                {o.entityKey && data?.names.get(o.entityKey) ? (
                  <Link to={routes.client(o.entityKey)}>{data.names.get(o.entityKey)}</Link>
                ) : (
                  '—'
                )}
              </Table.Cell>
              <Table.Cell>
                <OnboardingStatusBadge status={o.statusName} />
              </Table.Cell>
              <Table.Cell>{formatDate(o.sentOn, region)}</Table.Cell>
              <Table.Cell>{formatDate(o.submittedOn, region)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      {rows.length > 500 ? (
        <Text size="1" color="gray">
          Showing the 500 most recently changed; search or filter to narrow.
        </Text>
      ) : null}
    </>
  );
}
