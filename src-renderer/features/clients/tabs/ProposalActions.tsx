import { Flex } from '@radix-ui/themes';
import { useLiveQuery } from 'dexie-react-hooks';
import type { OperationName } from '../../../../src-preload/contract/outbox/operations';
import type { OutboxEntry } from '../../../../src-preload/contract/outbox/outbox-entry';
import type { ProposalSummary } from '../../../../src-preload/contract/partner-api';
import { WriteActions, WriteButton } from '../../../operations/shared/WriteActions';
import { useInteractiveReads } from '../../../client-data/use-client-data';
import { PendingActions } from '../../outbox/OutboxStatus';
import { useOpenAction } from '../../../operations/action-context';
import { usePreloadedForms } from '../../../operations/action-opener';
import { useServices } from '../../../context/services-context';
import { usePractice } from '../../../context/store-hooks';
import { useOffered, useShownToClient } from '../../../client-facing/client-view';

const NEEDS_PRICING =
  'The pricing of this proposal is not on this laptop yet: open its pricing while online, or prepare a meeting pack for the client.';
/** The same, with the screen turned to the client: the meeting pack is the practice's preparation. */
const NEEDS_PRICING_SHOWN = 'The pricing of this proposal is not on this laptop yet: open its pricing while online.';
/** Online, the pricing is one click away: nothing is missing, it has just not been opened. */
const OPEN_PRICING_FIRST = 'Open “Pricing” first: the change starts from the pricing as the practice has it.';

const LOADING_PRICING = 'Loading the pricing of this proposal…';

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
  const { databases } = useServices();
  const openAction = useOpenAction();
  // The forms' code arrives while the user reads, so a dialog opens with its form at once.
  usePreloadedForms(['proposal.renew', 'proposal.replaceServices', 'proposal.replaceExternalProjects']);
  const practiceKey = usePractice((s) => s.activePracticeKey) ?? '';
  const online = useInteractiveReads() !== null;
  const offered = useOffered();
  const shownToClient = useShownToClient();
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
  const about = { proposal, clientName };
  const priced = detail && detail !== 'loading' ? { ...about, detail } : null;
  // A declined proposal is the client's answer: proposing again is a new proposal (Duplicate), not this one changed.
  const declined =
    proposal.statusName === 'Declined'
      ? 'The client declined this proposal: duplicate it to propose again.'
      : undefined;
  const renewWhy =
    declined ??
    (proposal.statusName === 'Renewed'
      ? 'This proposal has already been renewed.'
      : waiting('proposal.renew')
        ? 'A renewal of this proposal is already waiting to be sent.'
        : undefined);
  const editWhy = (operation: OperationName) =>
    declined ??
    (detail === 'loading'
      ? LOADING_PRICING
      : !detail
        ? online
          ? OPEN_PRICING_FIRST
          : shownToClient
            ? NEEDS_PRICING_SHOWN
            : NEEDS_PRICING
        : waiting(operation)
          ? 'An earlier change of this kind has not reached the practice yet.'
          : undefined);

  return (
    <Flex direction="column" gap="2">
      <WriteActions testId="proposal-actions">
        <WriteButton size="1" onClick={() => openAction('proposal.duplicate', about)}>
          Duplicate
        </WriteButton>
        <WriteButton
          size="1"
          disabled={Boolean(renewWhy)}
          title={renewWhy}
          onClick={() => openAction('proposal.renew', about)}
        >
          Renew
        </WriteButton>
        <WriteButton
          size="1"
          disabled={Boolean(editWhy('proposal.replaceServices'))}
          title={editWhy('proposal.replaceServices')}
          onClick={() => {
            if (priced) openAction('proposal.replaceServices', priced);
          }}
        >
          Edit services
        </WriteButton>
        {offered('proposal.replaceExternalProjects') ? (
          <WriteButton
            size="1"
            disabled={Boolean(editWhy('proposal.replaceExternalProjects'))}
            title={editWhy('proposal.replaceExternalProjects')}
            onClick={() => {
              if (priced) openAction('proposal.replaceExternalProjects', priced);
            }}
          >
            External projects
          </WriteButton>
        ) : null}
      </WriteActions>
      <PendingActions entries={pending} title="Pending for this proposal" testId="proposal-pending-actions" />
    </Flex>
  );
}
