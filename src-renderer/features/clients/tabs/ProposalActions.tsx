import { Flex } from '@radix-ui/themes';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import type { OperationName } from '../../../../src-preload/contract/outbox/operations';
import type { OutboxEntry } from '../../../../src-preload/contract/outbox/outbox-entry';
import { duplicateSchema, type ProposalSummary } from '../../../../src-preload/contract/partner-api';
import { preloadAll } from '../../../ui/LazyLoad';
import { ModalDialog } from '../../../ui/ModalDialog';
import { ActingUserForm } from '../../../operations/shared/ActingUserForm';
import { useWriteBlocked } from '../../../operations/shared/UserSelect';
import { SENT_WHEN, WriteActions, WriteButton } from '../../../operations/shared/WriteActions';
import { useRegion } from '../../../ui/regional/use-region';
import { useInteractiveReads } from '../../../client-data/use-client-data';
import { PendingActions } from '../../outbox/OutboxStatus';
import { practiceCurrency } from '../../../ui/regional/regional-format';
import { ExternalProjectsForm, RenewForm, ServicesForm } from '../../../operations/proposals/proposal-operations';
import { operationRegistry } from '../../../operations/registry';
import { useServices } from '../../../context/services-context';
import { usePractice } from '../../../context/store-hooks';

const NEEDS_PRICING =
  'The pricing of this proposal is not on this laptop yet: open its pricing while online, or prepare a meeting pack for the client.';
/** Online, the pricing is one click away: nothing is missing, it has just not been opened. */
const OPEN_PRICING_FIRST = 'Open “Pricing” first: the change starts from the pricing as the practice has it.';

const LOADING_PRICING = 'Loading the pricing of this proposal…';

type Dialog = 'duplicate' | 'renew' | 'services' | 'projects';

/**
 * Duplicate, renew, replace services, replace external projects: queued in the outbox like every write.
 * The edits start from the proposal as stored here, so each waits until an earlier edit of the same
 * kind has reached the practice (a second edit from the old lines would undo the first).
 */
export function ProposalActions({
  proposal,
  clientName,
  pending,
}: {
  proposal: ProposalSummary;
  clientName: string;
  pending: readonly OutboxEntry[];
}) {
  const { databases, outbox } = useServices();
  // The forms' code arrives while the user reads, so a dialog opens with its form at once.
  useEffect(() => preloadAll([RenewForm, ServicesForm, ExternalProjectsForm]), []);
  const practiceKey = usePractice((s) => s.activePracticeKey) ?? '';
  const blocked = useWriteBlocked();
  const online = useInteractiveReads() !== null;
  const region = useRegion();
  const [open, setOpen] = useState<Dialog | null>(null);
  const close = () => setOpen(null);
  const db = databases.of(practiceKey);
  // 'loading' until the database answers: a stored pricing is never called missing on the way.
  const detail = useLiveQuery(
    async () => (await db.proposalDetails.get(proposal.proposalKey)) ?? null,
    [practiceKey, proposal.proposalKey],
    'loading' as const,
  );
  // Line edits and a whole-list replacement both start from the stored lines: either waits for the other.
  const kindOf = (operation: OperationName) =>
    operation === 'proposal.editServices' ? 'proposal.replaceServices' : operation;
  const waiting = (operation: OperationName) => pending.some((e) => kindOf(e.operation) === kindOf(operation));
  const queue = (operation: OperationName, body: unknown, summary: string, base?: unknown) =>
    outbox.queue({
      operation,
      payload: { params: { key: proposal.proposalKey }, body, ...(base === undefined ? {} : { base }) },
      summary,
      entityKey: proposal.entityKey,
      dependsOn: [],
    });
  const about = { proposalName: proposal.name, clientName };
  const renewWhy =
    proposal.statusName === 'Renewed'
      ? 'This proposal has already been renewed.'
      : waiting('proposal.renew')
        ? 'A renewal of this proposal is already waiting to be sent.'
        : undefined;
  const editWhy = (operation: OperationName) =>
    detail === 'loading'
      ? LOADING_PRICING
      : !detail
        ? online
          ? OPEN_PRICING_FIRST
          : NEEDS_PRICING
        : waiting(operation)
          ? 'An earlier change of this kind has not reached the practice yet.'
          : undefined;

  return (
    <Flex direction="column" gap="2">
      <WriteActions testId="proposal-actions">
        <WriteButton size="1" onClick={() => setOpen('duplicate')}>
          Duplicate
        </WriteButton>
        <WriteButton size="1" disabled={Boolean(renewWhy)} title={renewWhy} onClick={() => setOpen('renew')}>
          Renew
        </WriteButton>
        <WriteButton
          size="1"
          disabled={Boolean(editWhy('proposal.replaceServices'))}
          title={editWhy('proposal.replaceServices')}
          onClick={() => setOpen('services')}
        >
          Edit services
        </WriteButton>
        <WriteButton
          size="1"
          disabled={Boolean(editWhy('proposal.replaceExternalProjects'))}
          title={editWhy('proposal.replaceExternalProjects')}
          onClick={() => setOpen('projects')}
        >
          External projects
        </WriteButton>
      </WriteActions>
      <ModalDialog
        open={open === 'duplicate'}
        onClose={close}
        title={`Duplicate “${proposal.name}”`}
        description={SENT_WHEN}
      >
        <ActingUserForm
          schema={duplicateSchema}
          what={`A new draft copying the pricing, billings and jobs of “${proposal.name}”, for the same client. The original is not changed.`}
          userLabel="Copied by"
          missingUser="Choose which staff member is making the copy."
          submitLabel="Queue copy"
          disabledReason={blocked}
          onCancel={close}
          onSubmit={async (body) => {
            await queue('proposal.duplicate', body, operationRegistry['proposal.duplicate'].description.summary(about));
            close();
          }}
        />
      </ModalDialog>
      <ModalDialog open={open === 'renew'} onClose={close} title={`Renew “${proposal.name}”`} description={SENT_WHEN}>
        <RenewForm
          proposal={proposal}
          disabledReason={blocked}
          onCancel={close}
          onSubmit={async (body, signatory) => {
            await queue(
              'proposal.renew',
              body,
              operationRegistry['proposal.renew'].description.summary({ ...about, signatory }),
            );
            close();
          }}
        />
      </ModalDialog>
      {detail && detail !== 'loading' ? (
        <>
          <ModalDialog
            open={open === 'services'}
            onClose={close}
            width="wide"
            title={`Services of “${proposal.name}”`}
            description={SENT_WHEN}
          >
            <ServicesForm
              detail={detail}
              disabledReason={blocked}
              onCancel={close}
              onSubmit={async (write) => {
                if (write.operation === 'proposal.editServices')
                  await queue(
                    write.operation,
                    write.body,
                    operationRegistry['proposal.editServices'].description.summary({ ...about, ...write }),
                    write.base,
                  );
                else
                  await queue(
                    write.operation,
                    write.body,
                    operationRegistry['proposal.replaceServices'].description.summary({ ...about, body: write.body }),
                  );
                close();
              }}
            />
          </ModalDialog>
          <ModalDialog
            open={open === 'projects'}
            onClose={close}
            width="wide"
            title={`External projects of “${proposal.name}”`}
            description={SENT_WHEN}
          >
            <ExternalProjectsForm
              detail={detail}
              currency={practiceCurrency(region)}
              disabledReason={blocked}
              onCancel={close}
              onSubmit={async (body) => {
                await queue(
                  'proposal.replaceExternalProjects',
                  body,
                  operationRegistry['proposal.replaceExternalProjects'].description.summary({
                    ...about,
                    body,
                    knownIds: new Set(detail.externalProjects.map((p) => p.id)),
                  }),
                );
                close();
              }}
            />
          </ModalDialog>
        </>
      ) : null}
      <PendingActions entries={pending} title="Pending for this proposal" testId="proposal-pending-actions" />
    </Flex>
  );
}
