import { Badge, Card, Flex, Link as RadixLink } from '@radix-ui/themes';
import { FieldList } from '../../ui/FieldList';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { Lead } from '../../../src-preload/contract/partner-api';
import { EmptyState } from '../../ui/EmptyState';
import { ScreenHeader } from '../../ui/ScreenHeader';
import type { Pending } from '../../effects/outbox-effect';
import { readEntries } from '../../outbox/outbox-db';
import { activePractice } from '../../stores/practice-store';
import { formatDateTime, formatPhone } from '../../ui/regional/regional-format';
import { ConvertAction } from './LeadActions';
import { leadName } from '../../ui/words/lead-name';
import { createdLeadKey } from './lead-outbox';
import { LeadNotes } from './LeadNotes';
import { LeadStatusBadge } from './LeadStatusBadge';
import { useServices } from '../../context/services-context';
import { LoadingStatus } from '../../ui/LoadingStatus';
import { routes } from '../../../src-preload/contract/routes';
import { usePractice } from '../../context/store-hooks';

/** One lead from the local database: its details and status, the client it became, and its notes. */
export function LeadDetailScreen() {
  const { databases } = useServices();
  const { leadKey = '' } = useParams();
  const practiceKey = usePractice((s) => s.activePracticeKey);
  const region = usePractice((s) => activePractice(s)?.region);
  const navigate = useNavigate();
  const data = useLiveQuery(async () => {
    if (!practiceKey) return null;
    const db = databases.of(practiceKey);
    const lead: Pending<Lead> | undefined = await db.leads.get(leadKey);
    const [client, users] = await Promise.all([
      lead?.convertedEntityKey ? db.entities.get(lead.convertedEntityKey) : undefined,
      db.users.toArray(),
    ]);
    // A placeholder gives way to the practice's lead once created: follow it there.
    const createdAs = lead ? null : createdLeadKey((await readEntries(db)).entries, leadKey);
    return {
      lead,
      client,
      createdAs,
      authors: new Map(users.map((u) => [u.userKey, `${u.userFirstName} ${u.userLastName}`])),
    };
  }, [practiceKey, leadKey]);
  const createdAs = data?.createdAs;
  useEffect(() => {
    if (createdAs) navigate(routes.lead(createdAs), { replace: true });
  }, [createdAs, navigate]);

  if (data === undefined || createdAs) return <LoadingStatus>Loading the lead…</LoadingStatus>;
  if (!practiceKey || !data?.lead) {
    return (
      <>
        <ScreenHeader title="Lead" />
        <EmptyState
          title="This lead is not on this laptop"
          action={
            <RadixLink asChild>
              <Link to="/leads">Back to leads</Link>
            </RadixLink>
          }
        >
          It may belong to another practice, or the sync has not reached it yet.
        </EmptyState>
      </>
    );
  }
  const { lead, client, authors } = data;
  const name = leadName(lead);
  const pending = lead.pendingOutboxId === lead.leadKey;
  const fields: [string, string | null][] = [
    ['Company', lead.companyName !== name ? lead.companyName : null],
    ['Email', lead.email],
    ['Mobile', lead.mobile ? formatPhone(lead.mobile, region) : null],
    ['Source', lead.source],
    ['Assigned to', lead.assignedUserKey ? (authors.get(lead.assignedUserKey) ?? 'A former staff member') : 'Nobody'],
    ['Created', formatDateTime(lead.createdOn, region)],
    ['Last changed', formatDateTime(lead.updatedOn, region)],
  ];
  return (
    <>
      <ScreenHeader title={name} subtitle={pending ? 'New lead, not yet at the practice' : `Lead #${lead.leadID}`} />
      <Flex direction="column" gap="4">
        <Card>
          <Flex justify="between" align="center" gap="3" mb="3" wrap="wrap">
            <Flex gap="3" align="center">
              <LeadStatusBadge status={lead.statusName} size="2" />
              {pending ? (
                <Badge color="amber" size="2" data-testid="lead-pending">
                  pending
                </Badge>
              ) : null}
              {lead.convertedEntityKey ? (
                <RadixLink asChild>
                  <Link to={routes.client(lead.convertedEntityKey)} data-testid="converted-client">
                    {client ? `Client: ${client.fullEntityName}` : 'Open the client it became'}
                  </Link>
                </RadixLink>
              ) : null}
            </Flex>
            <Flex data-slot="lead-actions" gap="2" align="center">
              <ConvertAction lead={lead} />
            </Flex>
          </Flex>
          <FieldList fields={fields} />
        </Card>
        <LeadNotes practiceKey={practiceKey} lead={lead} authors={authors} region={region} />
      </Flex>
    </>
  );
}
