import { Flex, Link as RadixLink } from '@radix-ui/themes';
import { useLiveQuery } from 'dexie-react-hooks';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../ui/EmptyState';
import { ScreenHeader } from '../../ui/ScreenHeader';
import { activePractice } from '../../stores/practice-store';
import { ClientTabs } from './tabs/ClientTabs';
import { ClientSummary } from './ClientSummary';
import { ClientActions } from './ClientActions';
import { ClientOverview } from './ClientOverview';
import { useActivePracticeDb } from '../../context/services-context';
import { LoadingStatus } from '../../ui/LoadingStatus';
import { ShowToClient } from '../client-facing/ShowToClient';
import { useClientFacing, usePractice } from '../../context/store-hooks';

/**
 * One client from the local database, laid out for a meeting: the header says what a partner asks first
 * (balance and overdue, onboarding, identity, meeting pack), a compact bar holds the actions, and the
 * client's data (overview, billing, statements, proposals, identity) follows at the window's width.
 */
export function ClientDetailScreen() {
  const { entityKey = '' } = useParams();
  const db = useActivePracticeDb();
  const region = usePractice((s) => activePractice(s)?.region);
  const shownToClient = useClientFacing((s) => s.active !== null);
  const data = useLiveQuery(async () => {
    if (!db) return null;
    const [entity, contacts, onboardings] = await Promise.all([
      db.entities.get(entityKey),
      db.contacts.where('entityKey').equals(entityKey).toArray(),
      db.onboardings.where('entityKey').equals(entityKey).toArray(),
    ]);
    return {
      entity,
      contacts: contacts
        .filter((c) => !c.isDeleted)
        .sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary) || a.contactSurname.localeCompare(b.contactSurname)),
      onboardings,
    };
  }, [db, entityKey]);

  if (data === undefined) return <LoadingStatus>Loading the client…</LoadingStatus>;
  if (!data?.entity) {
    return (
      <>
        <ScreenHeader title="Client" />
        <EmptyState
          title="This client is not on this laptop"
          action={
            // The list is refused while the screen is turned to a client: no way there is offered.
            shownToClient ? undefined : (
              <RadixLink asChild>
                <Link to="/clients">Back to clients</Link>
              </RadixLink>
            )
          }
        >
          It may belong to another practice, or the sync has not reached it yet.
        </EmptyState>
      </>
    );
  }
  const e = data.entity;
  // The office is how the practice files the client, not something the client needs to see (docs/screens.md).
  const office = e.officeName && !shownToClient ? ` · ${e.officeName}` : '';
  return (
    <div className="client-page">
      {/* "Show to client" on the title's row: at 1024×700 a row of its own pushed the client's data down. */}
      <ScreenHeader
        title={e.fullEntityName}
        subtitle={`${e.entityCode} · ${e.entityType}${office}`}
        action={shownToClient ? undefined : <ShowToClient entityKey={e.entityKey} />}
      />
      <Flex direction="column" gap="4">
        <ClientSummary entity={e} onboardings={data.onboardings} region={region} />
        <ClientActions entity={e} contacts={data.contacts} />
        <ClientTabs
          entity={e}
          overview={
            <ClientOverview entity={e} contacts={data.contacts} onboardings={data.onboardings} region={region} />
          }
        />
      </Flex>
    </div>
  );
}
