import { Badge, Card, DataList, Flex, Heading, Table, Text } from '@radix-ui/themes';
import { useLiveQuery } from 'dexie-react-hooks';
import { Link, useParams } from 'react-router';
import type { Onboarding } from '../../../src-preload/contract/partner-api';
import { EmptyState } from '../../ui/EmptyState';
import { ScreenHeader } from '../../ui/ScreenHeader';
import type { Pending } from '../../effects/outbox-effect';
import { activePractice } from '../../stores/practice-store';
import { formatDateTime } from '../../ui/regional/regional-format';
import { OnboardingActions } from './OnboardingActions';
import { OnboardingDocuments } from './OnboardingDocuments';
import { OnboardingStatusBadge } from './OnboardingStatusBadge';
import { useActivePracticeDb } from '../../context/services-context';
import { LoadingStatus } from '../../ui/LoadingStatus';
import { routes } from '../../../src-preload/contract/routes';
import { usePractice } from '../../context/store-hooks';

/** One onboarding: its status and dates, its actions, and each recipient with when they were sent and submitted. */
export function OnboardingDetailScreen() {
  const { onboardingKey = '' } = useParams();
  const db = useActivePracticeDb();
  const region = usePractice((s) => activePractice(s)?.region);
  const data = useLiveQuery(async () => {
    if (!db) return null;
    const onboarding = await db.onboardings.get(onboardingKey);
    const entity = onboarding?.entityKey ? await db.entities.get(onboarding.entityKey) : undefined;
    return { onboarding, entity };
  }, [db, onboardingKey]);
  if (data === undefined) return <LoadingStatus>Loading the onboarding…</LoadingStatus>;
  const o = data?.onboarding;
  if (!o) {
    return (
      <>
        <ScreenHeader title="Onboarding" />
        <EmptyState title="This onboarding is not on this laptop">It may not have been synced yet.</EmptyState>
      </>
    );
  }
  return (
    <>
      <ScreenHeader title={`Onboarding #${o.onboardingID}`} subtitle={data?.entity?.fullEntityName} />
      <Flex direction="column" gap="4">
        <Card>
          <Flex gap="2" mb="3" align="center">
            <OnboardingStatusBadge status={o.statusName} size="2" testId="onboarding-status" />
            {(o as Pending<Onboarding>).pendingOutboxId ? (
              <Badge size="2" color="amber" data-testid="onboarding-pending">
                pending
              </Badge>
            ) : null}
            {data?.entity ? <Link to={routes.client(data.entity.entityKey)}>Open client</Link> : null}
          </Flex>
          <DataList.Root>
            {[
              ['Created', o.createdOn],
              ['Sent', o.sentOn],
              ['Submitted', o.submittedOn],
              ['Completed', o.completedOn],
            ].map(([label, value]) => (
              <DataList.Item key={label}>
                <DataList.Label>{label}</DataList.Label>
                <DataList.Value>{formatDateTime(value, region)}</DataList.Value>
              </DataList.Item>
            ))}
          </DataList.Root>
        </Card>
        <OnboardingActions onboarding={o} name={data?.entity?.fullEntityName ?? 'no client'} />
        <Card>
          <Heading as="h2" size="3" mb="3">
            Recipients
          </Heading>
          {o.recipients.length === 0 ? (
            <Text color="gray">No recipients.</Text>
          ) : (
            <Table.Root size="1" aria-label="Recipients">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>Order</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Name</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Email</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Sent</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Submitted</Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {o.recipients.map((r) => (
                  <Table.Row key={r.recipientKey} data-testid="recipient-row">
                    <Table.Cell>{r.sendOrder}</Table.Cell>
                    <Table.RowHeaderCell>
                      {r.name} {r.surname}
                    </Table.RowHeaderCell>
                    <Table.Cell>{r.email}</Table.Cell>
                    <Table.Cell>{formatDateTime(r.sentOn, region)}</Table.Cell>
                    <Table.Cell>{formatDateTime(r.submittedOn, region)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          )}
        </Card>
        <OnboardingDocuments onboarding={o} />
      </Flex>
    </>
  );
}
