import { Badge, Card, Flex, Heading, Link as RadixLink, Table, Text } from '@radix-ui/themes';
import { FieldList } from '../../components/FieldList';
import { useLiveQuery } from 'dexie-react-hooks';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { ScreenHeader } from '../../components/ScreenHeader';
import type { Contact } from '../../../src-preload/contract/partner-api';
import { practiceDb } from '../../db/practice-db';
import type { Pending } from '../../outbox/optimistic-effects';
import { BlockedReason, WriteScope } from '../actions/WriteActions';
import { ClientActions } from './ClientActions';
import { EditContact } from './EditContact';
import { activePractice, usePractice } from '../../stores/practice-store';
import { formatDate, formatPhone } from '../regional-format';

/** One client from the local database: profile, contacts (primary first, deleted hidden) and onboardings. */
export function ClientDetailScreen() {
  const { entityKey = '' } = useParams();
  const practiceKey = usePractice((s) => s.activePracticeKey);
  const region = usePractice((s) => activePractice(s)?.region);
  const data = useLiveQuery(async () => {
    if (!practiceKey) return null;
    const db = practiceDb(practiceKey);
    const [entity, contacts, onboardings] = await Promise.all([
      db.entities.get(entityKey),
      db.contacts.where('entityKey').equals(entityKey).toArray(),
      db.onboardings.where('entityKey').equals(entityKey).toArray(),
    ]);
    return { entity, contacts: contacts.filter((c) => !c.isDeleted).sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary) || a.contactSurname.localeCompare(b.contactSurname)), onboardings };
  }, [practiceKey, entityKey]);

  if (data === undefined) return null;
  if (!data?.entity) {
    return (
      <>
        <ScreenHeader title="Client" />
        <EmptyState title="This client is not on this laptop" action={<RadixLink asChild><Link to="/clients">Back to clients</Link></RadixLink>}>
          It may belong to another practice, or the sync has not reached it yet.
        </EmptyState>
      </>
    );
  }
  const e = data.entity;
  return (
    <>
      <ScreenHeader title={e.fullEntityName} subtitle={`${e.entityCode} · ${e.entityType}${e.officeName ? ` · ${e.officeName}` : ''}`} />
      <Flex direction="column" gap="4" maxWidth="900px">
        {e.entityTerminated ? <Badge color="gray" size="2">Terminated</Badge> : null}
        <ClientActions entity={e} contacts={data.contacts} />
        <Card>
          <Heading as="h2" size="3" mb="3">Profile</Heading>
          <FieldList
            fields={[
              ['Preferred name', e.entitySalutation],
              ['Email', e.entityEmail],
              ['Mobile', formatPhone(e.entityMobile, region)],
              ['Telephone', formatPhone(e.entityTelephone, region)],
              ['Date of birth', e.entityBirthDate ? formatDate(e.entityBirthDate, region) : null],
              ['Tax number', e.entitySalesTaxNumber],
              ['Registration number', e.entityRegNumber],
            ]}
          />
        </Card>
        <Card>
          <WriteScope>
            <Flex gap="3" align="center" mb="3" wrap="wrap">
              <Heading as="h2" size="3">Contacts</Heading>
              <BlockedReason />
            </Flex>
            {data.contacts.length === 0 ? <Text color="gray">No contacts.</Text> : (
              <Table.Root size="1" aria-label="Contacts">
                <Table.Body>
                  {data.contacts.map((c) => (
                    <Table.Row key={c.entityContactID} data-testid="contact-row">
                      <Table.RowHeaderCell>
                        {c.contactName} {c.contactSurname} {c.isPrimary ? <Badge>Primary</Badge> : null}
                        {(c as Pending<Contact>).pendingOutboxId ? <Badge color="amber" ml="1">pending</Badge> : null}
                      </Table.RowHeaderCell>
                      <Table.Cell>{c.position}</Table.Cell>
                      <Table.Cell>{c.email}</Table.Cell>
                      <Table.Cell>{formatPhone(c.mobile, region)}</Table.Cell>
                      <Table.Cell justify="end"><EditContact entity={e} contact={c} /></Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            )}
          </WriteScope>
        </Card>
        <Card>
          <Heading as="h2" size="3" mb="3">Onboardings</Heading>
          {data.onboardings.length === 0 ? <Text color="gray">No onboardings.</Text> : data.onboardings.map((o) => (
            <Flex key={o.onboardingKey} gap="3" align="center" mb="2">
              <RadixLink asChild><Link to={`/onboardings/${o.onboardingKey}`}>Onboarding #{o.onboardingID}</Link></RadixLink>
              <Badge>{o.statusName}</Badge>
              <Text size="1" color="gray">created {formatDate(o.createdOn, region)}</Text>
            </Flex>
          ))}
        </Card>
      </Flex>
    </>
  );
}
