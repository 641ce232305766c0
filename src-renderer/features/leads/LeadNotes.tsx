import { Badge, Box, Card, Flex, Heading, Link as RadixLink, Text } from '@radix-ui/themes';
import { useLiveQuery } from 'dexie-react-hooks';
import { Link } from 'react-router';
import type { Lead } from '../../../src-preload/contract/partner-api';
import type { Pending } from '../../effects/outbox-effect';
import { readEntries } from '../../outbox/outbox-db';
import { formatDateTime } from '../../ui/regional/regional-format';
import { AddNoteAction } from './LeadActions';
import { pendingNotesFor, type PendingNote } from './lead-outbox';
import { useLeadNotes } from './use-lead-notes';
import { useServices } from '../../context/services-context';

const pendingLabel: Record<PendingNote['status'], string> = {
  pending: 'pending',
  sending: 'pending',
  failed: 'failed: see the Outbox',
  'needs-review': 'needs review: see the Outbox',
  done: '',
  discarded: '',
};

/**
 * The lead's notes: cached ones at once, refreshed from the practice when online (see use-lead-notes),
 * with notes typed here but not yet at the practice on top, marked as such. Once one is sent, the
 * practice's own note takes its place (the outbox settles it into the cache).
 */
export function LeadNotes({
  practiceKey,
  lead,
  authors,
  region,
}: {
  practiceKey: string;
  lead: Pending<Lead>;
  authors: Map<string, string>;
  region: string | undefined;
}) {
  const { databases } = useServices();
  const placeholder = lead.pendingOutboxId === lead.leadKey;
  const { notes, notice, loading, cachedLoaded } = useLeadNotes(
    practiceKey,
    lead.leadKey,
    lead.noteCount,
    lead.updatedOn,
    !placeholder,
  );
  const pending =
    useLiveQuery(
      async () => pendingNotesFor((await readEntries(databases.of(practiceKey))).entries, lead.leadKey),
      [practiceKey, lead.leadKey],
    ) ?? [];
  const byline = (userKey: string | null, at: string) =>
    [userKey ? authors.get(userKey) : null, formatDateTime(at, region)].filter(Boolean).join(' · ');
  return (
    <Card>
      <Flex justify="between" align="center" mb="3" gap="3">
        <Heading as="h2" size="3">
          Notes
        </Heading>
        <Flex data-slot="lead-note-actions" gap="2" align="center">
          <AddNoteAction lead={lead} />
        </Flex>
      </Flex>
      {notice ? (
        <Text as="p" size="2" color="amber" mb="3" role="status" data-testid="lead-notes-notice">
          {notice}
        </Text>
      ) : null}
      {!cachedLoaded ? null : notes.length + pending.length > 0 ? (
        <Flex direction="column" gap="3" role="list" aria-label="Notes">
          {pending.map((note) => (
            <Box key={note.entryId} role="listitem" data-testid="lead-note" data-pending="true">
              <Text as="p" size="2">
                {note.text}
              </Text>
              <Flex gap="2" align="center">
                <Badge color={note.status === 'failed' ? 'red' : 'amber'} size="1">
                  {pendingLabel[note.status]}
                </Badge>
                <Text size="1" color="gray">
                  {byline(note.userKey, note.createdAt)}
                </Text>
                {note.status === 'failed' || note.status === 'needs-review' ? (
                  <RadixLink asChild size="1">
                    <Link to="/outbox">Open the outbox</Link>
                  </RadixLink>
                ) : null}
              </Flex>
            </Box>
          ))}
          {notes.map((note) => (
            <Box key={note.noteID} role="listitem" data-testid="lead-note">
              <Text as="p" size="2">
                {note.text}
              </Text>
              <Text as="p" size="1" color="gray">
                {byline(note.createdByKey, note.createdOn)}
              </Text>
            </Box>
          ))}
        </Flex>
      ) : loading ? (
        <Text color="gray" size="2">
          Reading the notes from the practice…
        </Text>
      ) : notice ? null : (
        <Text color="gray" size="2">
          No notes yet.
        </Text>
      )}
    </Card>
  );
}
