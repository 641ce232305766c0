import { Badge, Card, Flex, Heading, Link as RadixLink, Table, Text } from '@radix-ui/themes';
import { Link } from 'react-router';
import type { Contact, Onboarding } from '../../../src-preload/contract/partner-api';
import { FieldList } from '../../ui/FieldList';
import type { StoredEntity } from '../../data/practice-db';
import type { Pending } from '../../effects/outbox-effect';
import { BlockedReason, WriteScope } from '../../operations/shared/WriteActions';
import { formatDate, formatPhone } from '../../ui/regional/regional-format';
import { EditContact } from './EditContact';
import { OnboardingStatusBadge } from '../onboardings/OnboardingStatusBadge';
import { routes } from '../../../src-preload/contract/routes';

/** The client's profile, contacts (primary first) and onboardings: the first tab of the client screen. */
export function ClientOverview({
  entity: e,
  contacts,
  onboardings,
  region,
}: {
  entity: StoredEntity;
  contacts: Contact[];
  onboardings: Onboarding[];
  region: string | undefined;
}) {
  const data = { contacts, onboardings };
  return (
    <Flex direction="column" gap="4">
      <Card>
        <Heading as="h2" size="3" mb="3">
          Profile
        </Heading>
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
            <Heading as="h2" size="3">
              Contacts
            </Heading>
            <BlockedReason />
          </Flex>
          {data.contacts.length === 0 ? (
            <Text color="gray">No contacts.</Text>
          ) : (
            <Table.Root size="1" aria-label="Contacts">
              <Table.Body>
                {data.contacts.map((c) => (
                  <Table.Row key={c.entityContactID} data-testid="contact-row">
                    <Table.RowHeaderCell>
                      {c.contactName} {c.contactSurname} {c.isPrimary ? <Badge>Primary</Badge> : null}
                      {(c as Pending<Contact>).pendingOutboxId ? (
                        <Badge color="amber" ml="1">
                          pending
                        </Badge>
                      ) : null}
                    </Table.RowHeaderCell>
                    <Table.Cell>{c.position}</Table.Cell>
                    <Table.Cell>{c.email}</Table.Cell>
                    <Table.Cell>{formatPhone(c.mobile, region)}</Table.Cell>
                    <Table.Cell justify="end">
                      <EditContact entity={e} contact={c} />
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          )}
        </WriteScope>
      </Card>
      <Card>
        <Heading as="h2" size="3" mb="3">
          Onboardings
        </Heading>
        {data.onboardings.length === 0 ? (
          <Text color="gray">No onboardings.</Text>
        ) : (
          data.onboardings.map((o) => (
            <Flex key={o.onboardingKey} gap="3" align="center" mb="2">
              <RadixLink asChild>
                <Link to={routes.onboarding(o.onboardingKey)}>Onboarding #{o.onboardingID}</Link>
              </RadixLink>
              <OnboardingStatusBadge status={o.statusName} />
              <Text size="1" color="gray">
                created {formatDate(o.createdOn, region)}
              </Text>
            </Flex>
          ))
        )}
      </Card>
    </Flex>
  );
}
