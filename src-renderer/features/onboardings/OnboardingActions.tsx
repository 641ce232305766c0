import { Card, Flex, Heading } from '@radix-ui/themes';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import type { Onboarding } from '../../../src-preload/contract/partner-api';
import { preloadAll } from '../../ui/LazyLoad';
import { ModalDialog } from '../../ui/ModalDialog';
import { readOpenEntries } from '../../outbox/outbox-db';
import { useWriteBlocked } from '../../operations/shared/UserSelect';
import { SENT_WHEN, WriteActions, WriteButton } from '../../operations/shared/WriteActions';
import { CompleteForm, RecipientsForm } from '../../operations/onboardings/onboarding-operations';
import { operationRegistry } from '../../operations/registry';
import { PendingActions } from '../outbox/OutboxStatus';
import { onboardingDocumentsReport } from '../../client-data/client-reads';
import { onboardingDocumentsSchema } from '../../../src-preload/contract/partner-api';
import { outstandingRequired } from '../../operations/onboardings/onboarding-documents';
import { useServices } from '../../context/services-context';
import { usePractice } from '../../context/store-hooks';

/**
 * Actions on one onboarding (queued in the outbox) and what is still on its way for it. Removing a
 * requested document and setting custom fields sit with the document list they refer to
 * (OnboardingDocuments); recipients' access to each client entity needs that list too.
 */
export function OnboardingActions({ onboarding, name }: { onboarding: Onboarding; name: string }) {
  const { databases, outbox } = useServices();
  // The forms' code arrives while the user reads, so a dialog opens with its form at once.
  useEffect(() => preloadAll([CompleteForm, RecipientsForm]), []);
  const practiceKey = usePractice((s) => s.activePracticeKey) ?? '';
  const blocked = useWriteBlocked();
  const [open, setOpen] = useState<'recipients' | 'complete' | null>(null);
  const close = () => setOpen(null);
  const db = databases.of(practiceKey);
  const data = useLiveQuery(async () => {
    const [entries, status, documents] = await Promise.all([
      readOpenEntries(db),
      db.onboardingStatuses.get(onboarding.statusID),
      db.reports.get(onboardingDocumentsReport(onboarding.onboardingKey)),
    ]);
    const requirements = onboardingDocumentsSchema.safeParse(documents?.data);
    const removing = entries
      .filter(
        (e) => e.operation === 'onboarding.removeDocument' && e.payload.params['key'] === onboarding.onboardingKey,
      )
      .map((e) => ({
        entityOnboardingId: Number(e.payload.query?.['entityOnboardingId']),
        documentId: Number(e.payload.params['documentId']),
      }));
    return {
      // Unknown (null) until the document list has been read on this laptop: never said to be complete.
      outstanding: documents && requirements.success ? outstandingRequired(requirements.data, removing) : null,
      pending: entries.filter(
        (e) => e.operation.startsWith('onboarding.') && e.payload.params['key'] === onboarding.onboardingKey,
      ),
      final: status?.isFinal ?? onboarding.completedOn !== null,
    };
  }, [practiceKey, onboarding.onboardingKey, onboarding.statusID, onboarding.completedOn]);
  const pending = data?.pending ?? [];
  // One recipients change at a time: a recipient added by a change not yet sent has no key at the practice to change it by.
  const recipientsWaiting = pending.some((e) => e.operation === 'onboarding.editRecipients');
  const completing = pending.some((e) => e.operation === 'onboarding.complete');
  // The record itself says so at once; the status lookup above lags one render behind a change to the record.
  const final = onboarding.completedOn !== null || Boolean(data?.final);
  const queue = (operation: 'onboarding.editRecipients' | 'onboarding.complete', body: unknown, summary: string) =>
    outbox.queue({
      operation,
      payload: { params: { key: onboarding.onboardingKey }, body },
      summary,
      entityKey: onboarding.entityKey,
      dependsOn: [],
    });

  return (
    <Card>
      <Flex gap="3" align="center" wrap="wrap" mb={pending.length ? '3' : '0'}>
        <Heading as="h2" size="3">
          Actions
        </Heading>
        <WriteActions>
          <WriteButton
            disabled={recipientsWaiting}
            title={
              recipientsWaiting ? 'An earlier change to the recipients has not reached the practice yet.' : undefined
            }
            onClick={() => setOpen('recipients')}
          >
            Edit recipients
          </WriteButton>
          <WriteButton
            disabled={completing || final}
            title={final ? 'This onboarding is already finished.' : undefined}
            onClick={() => setOpen('complete')}
          >
            Complete
          </WriteButton>
        </WriteActions>
      </Flex>
      <ModalDialog
        open={open === 'recipients'}
        onClose={close}
        width="wide"
        title={`Recipients of onboarding #${onboarding.onboardingID}`}
        description={SENT_WHEN}
      >
        <RecipientsForm
          onboarding={onboarding}
          disabledReason={blocked}
          onCancel={close}
          onSubmit={async (body) => {
            await queue(
              'onboarding.editRecipients',
              body,
              operationRegistry['onboarding.editRecipients'].description.summary({
                body,
                onboardingID: onboarding.onboardingID,
                name,
              }),
            );
            close();
          }}
        />
      </ModalDialog>
      <ModalDialog
        open={open === 'complete'}
        onClose={close}
        title={`Complete onboarding #${onboarding.onboardingID}`}
        description={SENT_WHEN}
      >
        <CompleteForm
          onboarding={onboarding}
          outstanding={data?.outstanding ?? null}
          disabledReason={blocked}
          onCancel={close}
          onSubmit={async (body) => {
            await queue(
              'onboarding.complete',
              body,
              operationRegistry['onboarding.complete'].description.summary({
                onboardingID: onboarding.onboardingID,
                name,
              }),
            );
            close();
          }}
        />
      </ModalDialog>
      <PendingActions entries={pending} title="Pending for this onboarding" testId="onboarding-pending-actions" />
    </Card>
  );
}
