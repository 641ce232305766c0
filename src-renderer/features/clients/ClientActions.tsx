import { Flex, Heading, Text, VisuallyHidden } from '@radix-ui/themes';
import { useLiveQuery } from 'dexie-react-hooks';
import { useId } from 'react';
import type { Contact, Entity } from '../../../src-preload/contract/partner-api';
import { readOpenEntries } from '../../outbox/outbox-db';
import { usePractice } from '../../context/store-hooks';
import { useOpenAction } from '../../operations/action-context';
import { usePreloadedForms } from '../../operations/action-opener';
import { WriteActions, WriteButton } from '../../operations/shared/WriteActions';
import { PendingActions } from '../outbox/OutboxStatus';
import { useServices } from '../../context/services-context';
import { useOffered } from '../../client-facing/client-view';

/** "eForms, ID checks, AML checks or bills": what a terminated client gets none of, of the actions shown. */
const listed = (words: readonly string[]): string =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)!}`;

/** Actions on one client (queued in the outbox, so they work offline) and what is still pending for it. */
export function ClientActions({ entity, contacts }: { entity: Entity; contacts: Contact[] }) {
  const { databases } = useServices();
  const openAction = useOpenAction();
  // The forms' code arrives while the user reads, so a dialog opens with its form at once.
  usePreloadedForms([
    'contact.create',
    'eform.create',
    'identity.sendVerification',
    'identity.runAmlCheck',
    'bill.createAdhoc',
  ]);
  const practiceKey = usePractice((s) => s.activePracticeKey) ?? '';
  const headingId = useId();
  const db = databases.of(practiceKey);
  const pending =
    useLiveQuery(
      async () => (await readOpenEntries(db)).filter((e) => e.entityKey === entity.entityKey),
      [practiceKey, entity.entityKey],
    ) ?? [];
  const about = { entity, contacts };
  // While the screen is turned to the client, only what staff do with them (client-view.ts).
  const offered = useOffered();
  const refusedWhenTerminated = [
    offered('eform.create') ? 'eForms' : null,
    offered('identity.sendVerification') ? 'ID checks' : null,
    offered('identity.runAmlCheck') ? 'AML checks' : null,
    offered('bill.createAdhoc') ? 'bills' : null,
  ].filter((word) => word !== null);

  // Why the buttons for an active client are greyed out on a terminated one: said once, read out with each.
  const terminatedId = useId();
  const onlyActive = entity.entityTerminated ? { disabled: true, 'aria-describedby': terminatedId } : {};

  return (
    <section aria-labelledby={headingId} className="client-actions" data-testid="client-actions">
      <VisuallyHidden>
        <Heading as="h2" size="3" id={headingId}>
          Actions
        </Heading>
      </VisuallyHidden>
      <Flex gap="3" align="center" wrap="wrap">
        <WriteActions>
          <WriteButton onClick={() => openAction('contact.create', about)}>Add contact</WriteButton>
          <WriteButton {...onlyActive} onClick={() => openAction('eform.create', about)}>
            Send eForm
          </WriteButton>
          {offered('identity.sendVerification') ? (
            <WriteButton {...onlyActive} onClick={() => openAction('identity.sendVerification', about)}>
              Send ID verification
            </WriteButton>
          ) : null}
          {offered('identity.runAmlCheck') ? (
            <WriteButton {...onlyActive} onClick={() => openAction('identity.runAmlCheck', about)}>
              Run AML check
            </WriteButton>
          ) : null}
          {offered('bill.createAdhoc') ? (
            <WriteButton {...onlyActive} onClick={() => openAction('bill.createAdhoc', about)}>
              Create bill
            </WriteButton>
          ) : null}
        </WriteActions>
        {entity.entityTerminated ? (
          <Text id={terminatedId} size="1" color="gray" data-testid="terminated-reason">
            A terminated client gets no {listed(refusedWhenTerminated)}; contacts can still be added.
          </Text>
        ) : null}
      </Flex>
      <PendingActions entries={pending} title="Pending for this client" testId="client-pending-actions" />
    </section>
  );
}
