import { Flex, Heading, Text, VisuallyHidden } from '@radix-ui/themes';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useId, useState } from 'react';
import { preloadAll } from '../../ui/LazyLoad';
import type { OperationName } from '../../../src-preload/contract/outbox/operations';
import type { StoredPayload } from '../../../src-preload/contract/outbox/payload-check';
import type { Contact, Entity } from '../../../src-preload/contract/partner-api';
import { ModalDialog } from '../../ui/ModalDialog';
import { readOpenEntries } from '../../outbox/outbox-db';
import { AdhocBillForm } from '../../operations/billing/bill-operations';
import { ContactForm } from '../../operations/contacts/contact-operations';
import { EformForm } from '../../operations/eforms/eform-operations';
import { AmlCheckForm, IdVerificationForm } from '../../operations/identity/identity-operations';
import { operationRegistry } from '../../operations/registry';
import { useWriteBlocked } from '../../operations/shared/UserSelect';
import { SENT_WHEN, WriteActions, WriteButton } from '../../operations/shared/WriteActions';
import { PendingActions } from '../outbox/OutboxStatus';
import { formatMoney } from '../../ui/regional/regional-format';
import { useRegion } from '../../ui/regional/use-region';
import { useServices } from '../../context/services-context';
import { confirmFirst, useVerificationOnFile, VerifiedOnFileNotice } from '../../operations/identity/VerifiedOnFile';
import { usePractice } from '../../context/store-hooks';

/** Actions on one client (queued in the outbox, so they work offline) and what is still pending for it. */
export function ClientActions({ entity, contacts }: { entity: Entity; contacts: Contact[] }) {
  const { databases, outbox } = useServices();
  // The forms' code arrives while the user reads, so a dialog opens with its form at once.
  useEffect(() => preloadAll([ContactForm, EformForm, IdVerificationForm, AmlCheckForm, AdhocBillForm]), []);
  const practiceKey = usePractice((s) => s.activePracticeKey) ?? '';
  const blocked = useWriteBlocked();
  const region = useRegion();
  const headingId = useId();
  const [open, setOpen] = useState<'contact' | 'eform' | 'idv' | 'aml' | 'bill' | null>(null);
  const db = databases.of(practiceKey);
  const templates = useLiveQuery(() => db.eformTemplates.toArray(), [practiceKey]) ?? [];
  const pending =
    useLiveQuery(
      async () => (await readOpenEntries(db)).filter((e) => e.entityKey === entity.entityKey),
      [practiceKey, entity.entityKey],
    ) ?? [];
  const primary = contacts.find((c) => c.isPrimary) ?? contacts[0];
  // Forms addressed to the client default to its primary contact.
  const recipient = {
    recipientName: primary ? `${primary.contactName} ${primary.contactSurname}` : entity.fullEntityName,
    recipientEmail: primary?.email ?? entity.entityEmail ?? '',
    recipientMobile: primary?.mobile ?? entity.entityMobile ?? '',
  };
  const onFile = useVerificationOnFile(db, entity.entityKey);
  const [confirmed, setConfirmed] = useState(false);
  const close = () => {
    setOpen(null);
    setConfirmed(false);
  };
  const verifiedNotice = (
    <VerifiedOnFileNotice onFile={onFile} confirmed={confirmed} onConfirm={setConfirmed} region={region} />
  );
  /** Queues a write about this client, then closes its dialog. */
  const queue = async (operation: OperationName, payload: StoredPayload, summary: string) => {
    await outbox.queue({ operation, payload, summary, entityKey: entity.entityKey, dependsOn: [] });
    close();
  };

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
          <WriteButton onClick={() => setOpen('contact')}>Add contact</WriteButton>
          <ModalDialog
            open={open === 'contact'}
            onClose={close}
            title={`Add a contact to ${entity.fullEntityName}`}
            description={SENT_WHEN}
          >
            <ContactForm
              submitLabel="Add contact"
              disabledReason={blocked}
              onCancel={close}
              onSubmit={async (body) => {
                await queue(
                  'contact.create',
                  { params: { entityKey: entity.entityKey }, body },
                  operationRegistry['contact.create'].description.summary({ body, clientName: entity.fullEntityName }),
                );
              }}
            />
          </ModalDialog>
          <WriteButton {...onlyActive} onClick={() => setOpen('eform')}>
            Send eForm
          </WriteButton>
          <ModalDialog
            open={open === 'eform'}
            onClose={close}
            width="wide"
            title={`Send an eForm to ${entity.fullEntityName}`}
            description="The recipient defaults to the client's primary contact."
          >
            <EformForm
              templates={templates}
              disabledReason={blocked}
              onCancel={close}
              defaults={{ entityKey: entity.entityKey, ...recipient }}
              onSubmit={async (body) => {
                const templateName = templates.find((t) => t.templateId === body.templateId)?.name;
                await queue(
                  'eform.create',
                  { params: {}, body },
                  operationRegistry['eform.create'].description.summary({
                    body,
                    templateName: templateName ?? String(body.templateId),
                    clientName: entity.fullEntityName,
                  }),
                );
              }}
            />
          </ModalDialog>
          <WriteButton {...onlyActive} onClick={() => setOpen('idv')}>
            Send ID verification
          </WriteButton>
          <ModalDialog
            open={open === 'idv'}
            onClose={close}
            title={`Send an ID verification to ${entity.fullEntityName}`}
            description="The client gets a link to verify their identity. Sent now if online, or as soon as the laptop is back online."
          >
            {verifiedNotice}
            <IdVerificationForm
              entityKey={entity.entityKey}
              disabledReason={blocked ?? confirmFirst(onFile, confirmed)}
              onCancel={close}
              defaults={recipient}
              onSubmit={async (body) => {
                await queue(
                  'identity.sendVerification',
                  { params: {}, body },
                  operationRegistry['identity.sendVerification'].description.summary({
                    body,
                    clientName: entity.fullEntityName,
                  }),
                );
              }}
            />
          </ModalDialog>
          <WriteButton {...onlyActive} onClick={() => setOpen('aml')}>
            Run AML check
          </WriteButton>
          <ModalDialog
            open={open === 'aml'}
            onClose={close}
            title={`Run an AML check on ${entity.fullEntityName}`}
            description="Screens the client against anti-money-laundering lists. Run now if online, or as soon as the laptop is back online."
          >
            {verifiedNotice}
            <AmlCheckForm
              entityKey={entity.entityKey}
              disabledReason={blocked ?? confirmFirst(onFile, confirmed)}
              onCancel={close}
              onSubmit={async (body) => {
                await queue(
                  'identity.runAmlCheck',
                  { params: {}, body },
                  operationRegistry['identity.runAmlCheck'].description.summary({
                    body,
                    clientName: entity.fullEntityName,
                  }),
                );
              }}
            />
          </ModalDialog>
          <WriteButton {...onlyActive} onClick={() => setOpen('bill')}>
            Create bill
          </WriteButton>
          <ModalDialog
            open={open === 'bill'}
            onClose={close}
            width="wide"
            title={`Create an adhoc bill for ${entity.fullEntityName}`}
            description={SENT_WHEN}
          >
            <AdhocBillForm
              entityKey={entity.entityKey}
              disabledReason={blocked}
              onCancel={close}
              onSubmit={async (body, totals) => {
                const amount =
                  totals.total === null
                    ? `${formatMoney(totals.net, region)} before tax`
                    : formatMoney(totals.total, region);
                await queue(
                  'bill.createAdhoc',
                  { params: {}, body },
                  operationRegistry['bill.createAdhoc'].description.summary({
                    body,
                    clientName: entity.fullEntityName,
                    amount,
                  }),
                );
              }}
            />
          </ModalDialog>
        </WriteActions>
        {entity.entityTerminated ? (
          <Text id={terminatedId} size="1" color="gray" data-testid="terminated-reason">
            A terminated client gets no eForms, ID checks, AML checks or bills; contacts can still be added.
          </Text>
        ) : null}
      </Flex>
      <PendingActions entries={pending} title="Pending for this client" testId="client-pending-actions" />
    </section>
  );
}
