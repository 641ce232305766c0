import { Box, Card, DataList, Flex, Heading, Link as RadixLink, Text } from '@radix-ui/themes';
import { useLiveQuery } from 'dexie-react-hooks';
import { Link, useParams } from 'react-router';
import type { Lead } from '../../../src-preload/contract/partner-api';
import { EmptyState } from '../../components/EmptyState';
import { ScreenHeader } from '../../components/ScreenHeader';
import { practiceDb } from '../../db/practice-db';
import { usePractice } from '../../stores/practice-store';
import { formatDateTime, formatPhone } from '../regional-format';
import { leadName } from './lead-filter';
import { LeadStatusBadge } from './LeadStatusBadge';
import { useLeadNotes } from './use-lead-notes';

/** The lead's notes: cached ones at once, refreshed from the practice when online (see use-lead-notes). */
function LeadNotes({ practiceKey, lead, authors, region }: { practiceKey: string; lead: Lead; authors: Map<string, string>; region: string | undefined }) {
  const { notes, notice, loading, cachedLoaded } = useLeadNotes(practiceKey, lead.leadKey, lead.noteCount, lead.updatedOn);
  return (
    <Card>
      <Flex justify="between" align="center" mb="3" gap="3">
        <Heading as="h2" size="3">Notes</Heading>
        {/* Note actions (e.g. "Add note", queued through the outbox) go here. */}
        <Flex data-slot="lead-note-actions" gap="2" align="center" />
      </Flex>
      {notice ? <Text as="p" size="2" color="amber" mb="3" role="status" data-testid="lead-notes-notice">{notice}</Text> : null}
      {!cachedLoaded ? null : notes.length > 0 ? (
        <Flex direction="column" gap="3" role="list" aria-label="Notes">
          {notes.map((note) => (
            <Box key={note.noteID} role="listitem" data-testid="lead-note">
              <Text as="p" size="2">{note.text}</Text>
              <Text as="p" size="1" color="gray">
                {[note.createdByKey ? authors.get(note.createdByKey) : null, formatDateTime(note.createdOn, region)].filter(Boolean).join(' · ')}
              </Text>
            </Box>
          ))}
        </Flex>
      ) : loading ? (
        <Text color="gray" size="2">Reading the notes from the practice…</Text>
      ) : notice ? null : (
        <Text color="gray" size="2">No notes yet.</Text>
      )}
    </Card>
  );
}

/** One lead from the local database: its details and status, the client it became, and its notes. */
export function LeadDetailScreen() {
  const { leadKey = '' } = useParams();
  const practiceKey = usePractice((s) => s.activePracticeKey);
  const region = usePractice((s) => s.practices.find((p) => p.practiceKey === s.activePracticeKey)?.region);
  const data = useLiveQuery(async () => {
    if (!practiceKey) return null;
    const db = practiceDb(practiceKey);
    const lead = await db.leads.get(leadKey);
    const [client, users] = await Promise.all([lead?.convertedEntityKey ? db.entities.get(lead.convertedEntityKey) : undefined, db.users.toArray()]);
    return { lead, client, authors: new Map(users.map((u) => [u.userKey, `${u.userFirstName} ${u.userLastName}`])) };
  }, [practiceKey, leadKey]);

  if (data === undefined) return null;
  if (!practiceKey || !data?.lead) {
    return (
      <>
        <ScreenHeader title="Lead" />
        <EmptyState title="This lead is not on this laptop" action={<RadixLink asChild><Link to="/leads">Back to leads</Link></RadixLink>}>
          It may belong to another practice, or the sync has not reached it yet.
        </EmptyState>
      </>
    );
  }
  const { lead, client, authors } = data;
  const name = leadName(lead);
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
      <ScreenHeader title={name} subtitle={`Lead #${lead.leadID}`} />
      <Flex direction="column" gap="4" maxWidth="900px">
        <Card>
          <Flex justify="between" align="center" gap="3" mb="3" wrap="wrap">
            <Flex gap="3" align="center">
              <LeadStatusBadge status={lead.statusName} size="2" />
              {lead.convertedEntityKey ? (
                <RadixLink asChild>
                  <Link to={`/clients/${lead.convertedEntityKey}`} data-testid="converted-client">
                    {client ? `Client: ${client.fullEntityName}` : 'Open the client it became'}
                  </Link>
                </RadixLink>
              ) : null}
            </Flex>
            {/* Lead actions (e.g. "Convert to client", queued through the outbox) go here. */}
            <Flex data-slot="lead-actions" gap="2" align="center" />
          </Flex>
          <DataList.Root>
            {fields
              .filter(([, value]) => value)
              .map(([label, value]) => (
                <DataList.Item key={label}>
                  <DataList.Label>{label}</DataList.Label>
                  <DataList.Value>{value}</DataList.Value>
                </DataList.Item>
              ))}
          </DataList.Root>
        </Card>
        <LeadNotes practiceKey={practiceKey} lead={lead} authors={authors} region={region} />
      </Flex>
    </>
  );
}
