import { Card, Flex, Heading } from '@radix-ui/themes';
import { useLiveQuery } from 'dexie-react-hooks';
import type { Onboarding } from '../../../src-preload/contract/partner-api';
import { readOpenEntries } from '../../outbox/outbox-db';
import { WriteActions, WriteButton } from '../../operations/shared/WriteActions';
import { useOpenAction } from '../../operations/action-context';
import { usePreloadedForms } from '../../operations/action-opener';
import { PendingActions } from '../outbox/OutboxStatus';
import { onboardingDocumentsReport } from '../../client-data/client-reads';
import { onboardingDocumentsSchema } from '../../../src-preload/contract/partner-api';
import { outstandingRequired } from '../../operations/onboardings/onboarding-documents';
import { useServices } from '../../context/services-context';
import { usePractice } from '../../context/store-hooks';
import { useOffered } from '../../client-facing/client-view';

/**
 * Actions on one onboarding (queued in the outbox) and what is still on its way for it. Removing a
 * requested document and setting custom fields sit with the document list they refer to
 * (OnboardingDocuments); recipients' access to each client entity needs that list too.
 */
export function OnboardingActions({ onboarding, name }: { onboarding: Onboarding; name: string }) {
  const { databases } = useServices();
  const openAction = useOpenAction();
  // The forms' code arrives while the user reads, so a dialog opens with its form at once.
  usePreloadedForms(['onboarding.complete', 'onboarding.editRecipients']);
  const practiceKey = usePractice((s) => s.activePracticeKey) ?? '';
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
  const about = { onboarding, name };
  const offered = useOffered();

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
            onClick={() => openAction('onboarding.editRecipients', about)}
          >
            Edit recipients
          </WriteButton>
          {offered('onboarding.complete') ? (
            <WriteButton
              disabled={completing || final}
              title={final ? 'This onboarding is already finished.' : undefined}
              onClick={() => openAction('onboarding.complete', { ...about, outstanding: data?.outstanding ?? null })}
            >
              Complete
            </WriteButton>
          ) : null}
        </WriteActions>
      </Flex>
      <PendingActions entries={pending} title="Pending for this onboarding" testId="onboarding-pending-actions" />
    </Card>
  );
}
