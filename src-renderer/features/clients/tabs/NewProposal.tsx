import { Flex, Link as RadixLink, Text } from '@radix-ui/themes';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { OutboxEntry } from '../../../../src-preload/contract/outbox/outbox-entry';
import { useServices } from '../../../context/services-context';
import { readClientProposals } from '../../../client-data/client-reads';
import { useInteractiveReads } from '../../../client-data/use-client-data';
import { newProposalOf } from '../../../operations/proposals/new-proposal-of';
import type { DraftRows } from '../../../operations/proposals/new-proposal-draft';
import type { TemplateDraft } from '../../../operations/proposals/NewProposalForm';
import { WriteActions, WriteButton } from '../../../operations/shared/WriteActions';
import { useOpenAction } from '../../../operations/action-context';
import { useCatalogsRound } from '../../../sync/use-catalogs-round';
import { StatusBadge } from '../../../ui/StatusBadge';
import { useRegion } from '../../../ui/regional/use-region';
import { formatMoney } from '../../../ui/regional/regional-format';
import { OutboxStatusBadge } from '../../outbox/OutboxStatus';
import { usePractice } from '../../../context/store-hooks';
import { useShownToClient } from '../../../client-facing/client-view';

export const isNewProposal = (entry: OutboxEntry) =>
  entry.operation === 'proposal.create' || entry.operation === 'proposal.createFromTemplate';

/**
 * "New proposal" on a client: from one of the practice's templates or from scratch, built offline from
 * the synced catalogs and queued like every write. The editor's code loads when the dialog opens.
 */
export function NewProposalButton({ entityKey, clientName }: { entityKey: string; clientName: string }) {
  const openAction = useOpenAction();
  // Opening a client's proposals online fetches the templates and job templates if they are not fresh,
  // so a proposal can be built from them later offline.
  useCatalogsRound();
  const [from, setFrom] = useState<'template' | 'scratch'>('template');
  // A proposal being built survives closing the dialog (a question from the client, a look at their bills).
  const [draft, setDraft] = useState<DraftRows | undefined>(undefined);
  const [templateDraft, setTemplateDraft] = useState<TemplateDraft | undefined>(undefined);
  const kept = { from, setFrom, draft, setDraft, templateDraft, setTemplateDraft };
  return (
    <WriteActions testId="new-proposal-actions">
      <WriteButton size="1" onClick={() => openAction('proposal.create', { entityKey, clientName, kept })}>
        New proposal
      </WriteButton>
    </WriteActions>
  );
}

/**
 * A new proposal queued for this client shows at once as a Draft waiting to be sent; once the practice
 * has it, its own row (under the practice's key) takes its place. Edit or discard it in the Outbox.
 */
export function PendingNewProposals({ entityKey, entries }: { entityKey: string; entries: readonly OutboxEntry[] }) {
  const { databases } = useServices();
  const ctx = useInteractiveReads();
  // One that left the list reached the practice (or was discarded): read the list, so its own row appears.
  const shown = useRef<ReadonlySet<string>>(new Set());
  useEffect(() => {
    const now = new Set(entries.map((e) => e.id));
    const left = [...shown.current].some((id) => !now.has(id));
    shown.current = now;
    if (left && ctx) void readClientProposals(ctx, entityKey);
  }, [entries, ctx, entityKey]);
  const practiceKey = usePractice((s) => s.activePracticeKey) ?? '';
  const region = useRegion();
  // The Outbox is refused while the screen is turned to the client: no way there is offered.
  const shownToClient = useShownToClient();
  const rows =
    useLiveQuery(
      async () =>
        Promise.all(
          entries.map(async (entry) => ({ entry, about: await newProposalOf(databases.of(practiceKey), entry) })),
        ),
      [practiceKey, entries],
    ) ?? [];
  return rows.map(({ entry, about }) => (
    <Flex key={entry.id} gap="3" align="center" wrap="wrap" mb="3" data-testid="proposal-row" data-pending="true">
      <Text weight="bold">{about?.name ?? entry.summary}</Text>
      <StatusBadge status="Draft" />
      {about ? <Text size="2">{formatMoney(about.firstYear, region)} first year</Text> : null}
      {/* One badge for where it stands (waiting to send, sending, failed…): the Outbox's own words. */}
      <span data-testid="proposal-waiting">
        <OutboxStatusBadge status={entry.status} />
      </span>
      {shownToClient ? null : (
        <Text size="1">
          <RadixLink asChild>
            <Link to="/outbox">Edit or discard in the Outbox</Link>
          </RadixLink>
        </Text>
      )}
    </Flex>
  ));
}
