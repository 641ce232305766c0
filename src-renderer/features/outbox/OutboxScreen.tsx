import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { validateQueuedPayload } from '../../../src-preload/contract/outbox/payload-check';
import type { OutboxEntry } from '../../../src-preload/contract/outbox/outbox-entry';
import { EmptyState } from '../../ui/EmptyState';
import { ConfirmDialog, ModalDialog } from '../../ui/ModalDialog';
import { ScreenHeader } from '../../ui/ScreenHeader';
import { useRegion } from '../../ui/regional/use-region';
import { formatDateTime } from '../../ui/regional/regional-format';
import { discardEntry, readEntries, resubmit } from '../../outbox/outbox-db';
import { canDiscard, isOpen, needsConsent } from '../../outbox/outbox-state';
import { heldBehindBackoff, waitReason, type WaitReason } from '../../outbox/wait-reason';
import { partsOf } from '../../operations/registry';
import { EditEntry } from './EditEntry';
import { EformResult } from './EformResult';
import { LineConflicts } from './LineConflicts';
import { OutboxStatusBadge, withContent } from './OutboxStatus';
import { useWaitContext } from './use-wait-context';
import { SendAgain } from './SendAgain';
import { useServices } from '../../context/services-context';
import { routes } from '../../../src-preload/contract/routes';
import { useOutbox, usePractice } from '../../context/store-hooks';

/** Everything queued on this laptop as JSON, so nothing typed is ever trapped in the app. */
function exportJson(practiceKey: string, entries: OutboxEntry[], unreadable: unknown[]): void {
  const blob = new Blob(
    [JSON.stringify({ practiceKey, exportedAt: new Date().toISOString(), entries, unreadable }, null, 2)],
    { type: 'application/json' },
  );
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `outbox-${new Date().toISOString().slice(0, 19).replace(/:/g, '-')}.json`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function EntryCard({
  entry,
  clientName,
  practiceKey,
  wait,
}: {
  entry: OutboxEntry;
  clientName: string | null;
  practiceKey: string;
  /** Why it has not gone yet, when it waits (wait-reason.ts). */
  wait: WaitReason | null;
}) {
  const { databases, outbox } = useServices();
  const region = useRegion();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const db = databases.of(practiceKey);
  // Changed outside the app since it was queued: sent again as it is, it would only be refused again.
  // A waiting entry is retried only after an error's backoff: offline, the budget or a dependency would
  // hold it just the same.
  const retryable =
    validateQueuedPayload(entry.operation, entry.payload).ok && (entry.status !== 'pending' || wait?.canRetry === true);
  const { description } = partsOf(entry.operation);

  return (
    <Card data-testid="outbox-entry" data-status={entry.status}>
      <Flex direction="column" gap="2">
        <Flex gap="2" align="center" wrap="wrap">
          <OutboxStatusBadge status={entry.status} />
          <Text weight="medium" data-testid="outbox-summary">
            {withContent(entry)}
          </Text>
          <Text size="1" color="gray">
            {description.title}
            {description.sentOnce ? ` · ${description.sentOnce}` : ''}
          </Text>
        </Flex>
        {clientName && entry.entityKey ? (
          <Text size="2">
            Client: <Link to={routes.client(entry.entityKey)}>{clientName}</Link>
          </Text>
        ) : null}
        <Text size="1" color="gray">
          Queued {formatDateTime(entry.createdAt, region)} · attempts {entry.attempts}
        </Text>
        {wait ? (
          <Text size="2" color="gray" data-testid="outbox-wait" data-wait={wait.kind}>
            {wait.text}.
          </Text>
        ) : null}
        {entry.lastError && entry.status !== 'done' ? (
          <Text size="2" color="red" role="alert" data-testid="outbox-error">
            {entry.lastError.message}
          </Text>
        ) : null}
        <LineConflicts entry={entry} choices />
        {entry.review ? (
          <Text size="2" color="amber">
            {entry.review}
          </Text>
        ) : null}
        <EformResult entry={entry} />
        {isOpen(entry) && entry.status !== 'sending' ? (
          <Flex gap="2">
            {needsConsent(entry) ? (
              // It may be at the practice already: no one-click resend, and no edit that would resend it.
              <SendAgain entry={entry} practiceKey={practiceKey} />
            ) : (
              <>
                {retryable ? (
                  <Button
                    size="1"
                    variant="soft"
                    onClick={() => void resubmit(db, entry).then(() => outbox.kick('user'))}
                  >
                    Retry now
                  </Button>
                ) : null}
                <Button size="1" variant="soft" onClick={() => setEditing(true)}>
                  Edit
                </Button>
                <ModalDialog
                  open={editing}
                  onClose={() => setEditing(false)}
                  width="wide"
                  title="Edit and resubmit"
                  description={entry.summary}
                >
                  <EditEntry entry={entry} practiceKey={practiceKey} onDone={() => setEditing(false)} />
                </ModalDialog>
              </>
            )}
            {canDiscard(entry) ? (
              <>
                <Button size="1" variant="soft" color="red" onClick={() => setConfirming(true)}>
                  Discard
                </Button>
                <ConfirmDialog
                  open={confirming}
                  onClose={() => setConfirming(false)}
                  title="Discard this action?"
                  description={`“${entry.summary}” will not be sent, and what it changed on this laptop is undone. Export the outbox first if you may need it.`}
                  cancelLabel="Keep it"
                  confirmLabel="Discard"
                  onConfirm={() => void discardEntry(db, entry)}
                />
              </>
            ) : null}
          </Flex>
        ) : null}
      </Flex>
    </Card>
  );
}

/** The outbox: what waits, what failed and why, what needs a person; retry, edit, discard, export. */
export function OutboxScreen() {
  const { databases, outbox } = useServices();
  const practiceKey = usePractice((s) => s.activePracticeKey);
  const paused = useOutbox((s) => s.pausedForCredentials);
  // The budget is main's own figure (no request to the practice), asked while this screen is open.
  const waitContext = useWaitContext(practiceKey ?? '');
  const data = useLiveQuery(async () => {
    if (!practiceKey) return null;
    const db = databases.of(practiceKey);
    const { entries, unreadable } = await readEntries(db);
    const keys = [...new Set(entries.map((e) => e.entityKey).filter((k): k is string => Boolean(k)))];
    const names = new Map(
      (await db.entities.bulkGet(keys)).filter(Boolean).map((e) => [e!.entityKey, e!.fullEntityName]),
    );
    return { entries, unreadable, names };
  }, [practiceKey]);
  const header = (
    <ScreenHeader title="Outbox" subtitle="Changes prepared on this laptop, waiting to go to the practice." />
  );
  if (!practiceKey)
    return (
      <>
        {header}
        <EmptyState title="Nothing waiting to be sent">
          No practice is connected on this laptop yet. Once one is, actions you take while offline wait here until the
          laptop is back online, and are sent exactly once.
        </EmptyState>
      </>
    );
  if (!data) return header;
  const open = data.entries.filter(isOpen);
  const recent = data.entries
    .filter((e) => !isOpen(e))
    .slice(-20)
    .reverse();
  const byId = new Map(data.entries.map((e) => [e.id, e]));
  const behind = heldBehindBackoff(open, waitContext.now);
  const holds = data.entries.filter((e) => e.mayLandUntil);
  const waitOf = (entry: OutboxEntry) =>
    waitReason(entry, { ...waitContext, byId: (id) => byId.get(id), behind: behind.get(entry.id), holds });
  return (
    <>
      {header}
      <Flex direction="column" gap="3">
        <Flex gap="3" align="center">
          <Text size="2" data-testid="outbox-open-count">
            {open.length} waiting or needing attention
          </Text>
          <Button size="1" variant="soft" onClick={() => outbox.kick('user')}>
            Send now
          </Button>
          <Button
            size="1"
            variant="soft"
            color="gray"
            onClick={() => exportJson(practiceKey, data.entries, data.unreadable)}
          >
            Export as JSON
          </Button>
        </Flex>
        {paused ? (
          <Card>
            <Flex gap="3" align="center">
              <Text color="amber" size="2">
                The practice stopped accepting the saved credentials. Nothing is sent until they are entered again in
                Settings.
              </Text>
              <Button size="1" onClick={() => outbox.resume()}>
                Try again
              </Button>
            </Flex>
          </Card>
        ) : null}
        {data.unreadable.length > 0 ? (
          <Text color="red" size="2">
            {data.unreadable.length} stored entries could not be read by this version of the app. They are kept; export
            them to keep a copy.
          </Text>
        ) : null}
        {open.length === 0 ? (
          <EmptyState title="Nothing waiting to be sent">
            Actions you take while offline — sending an eForm, adding a contact, noting a lead — wait here until the
            laptop is back online, and are sent exactly once.
          </EmptyState>
        ) : (
          open.map((entry) => (
            <EntryCard
              key={entry.id}
              entry={entry}
              practiceKey={practiceKey}
              clientName={entry.entityKey ? (data.names.get(entry.entityKey) ?? null) : null}
              wait={waitOf(entry)}
            />
          ))
        )}
        {recent.length > 0 ? (
          <Heading as="h2" size="3" mt="3">
            Recently sent or discarded
          </Heading>
        ) : null}
        {recent.map((entry) => (
          <EntryCard
            key={entry.id}
            entry={entry}
            practiceKey={practiceKey}
            clientName={entry.entityKey ? (data.names.get(entry.entityKey) ?? null) : null}
            wait={null}
          />
        ))}
      </Flex>
    </>
  );
}
