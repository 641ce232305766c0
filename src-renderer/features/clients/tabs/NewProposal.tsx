import { Badge, Flex, Link as RadixLink, SegmentedControl, Text } from '@radix-ui/themes';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { OutboxEntry } from '../../../../src-preload/contract/outbox/outbox-entry';
import { useServices } from '../../../context/services-context';
import { readClientProposals } from '../../../client-data/client-reads';
import { useInteractiveReads } from '../../../client-data/use-client-data';
import { AdhocProposalForm, FromTemplateForm } from '../../../operations/proposals/new-proposal-operations';
import { newProposalOf } from '../../../operations/proposals/new-proposal-of';
import type { DraftRows, DraftTotals } from '../../../operations/proposals/new-proposal-draft';
import type { TemplateDraft } from '../../../operations/proposals/NewProposalForm';
import { useWriteBlocked } from '../../../operations/shared/UserSelect';
import { SENT_WHEN, WriteActions, WriteButton } from '../../../operations/shared/WriteActions';
import { operationRegistry } from '../../../operations/registry';
import { useCatalogsRound } from '../../../sync/use-catalogs-round';
import { ModalDialog } from '../../../ui/ModalDialog';
import { StatusBadge } from '../../../ui/StatusBadge';
import { useRegion } from '../../../ui/regional/use-region';
import { formatMoney } from '../../../ui/regional/regional-format';
import { OutboxStatusBadge } from '../../outbox/OutboxStatus';
import { usePractice } from '../../../context/store-hooks';

type NewProposalOperation = 'proposal.create' | 'proposal.createFromTemplate';
export const isNewProposal = (entry: OutboxEntry) =>
  entry.operation === 'proposal.create' || entry.operation === 'proposal.createFromTemplate';

/**
 * "New proposal" on a client: from one of the practice's templates or from scratch, built offline from
 * the synced catalogs and queued like every write. The editor's code loads when the dialog opens.
 */
export function NewProposalButton({ entityKey, clientName }: { entityKey: string; clientName: string }) {
  const { outbox } = useServices();
  // Opening a client's proposals online fetches the templates and job templates if they are not fresh,
  // so a proposal can be built from them later offline.
  useCatalogsRound();
  const blocked = useWriteBlocked();
  const region = useRegion();
  const [open, setOpen] = useState(false);
  const [from, setFrom] = useState<'template' | 'scratch'>('template');
  // A proposal being built survives closing the dialog (a question from the client, a look at their bills).
  const [draft, setDraft] = useState<DraftRows | undefined>(undefined);
  const [templateDraft, setTemplateDraft] = useState<TemplateDraft | undefined>(undefined);
  const close = () => setOpen(false);
  const queue = async (operation: NewProposalOperation, name: string, body: unknown, totals: DraftTotals) => {
    const summary = operationRegistry[operation].description.summary({
      name,
      clientName,
      total: formatMoney(totals.total, region),
      services: totals.lines.length,
    });
    await outbox.queue({ operation, payload: { params: {}, body }, summary, entityKey, dependsOn: [] });
    if (operation === 'proposal.create') setDraft(undefined);
    else setTemplateDraft(undefined);
    close();
  };
  return (
    <>
      <WriteActions testId="new-proposal-actions">
        <WriteButton size="1" onClick={() => setOpen(true)}>
          New proposal
        </WriteButton>
      </WriteActions>
      <ModalDialog
        open={open}
        onClose={close}
        width="wide"
        title={`New proposal for ${clientName}`}
        description={SENT_WHEN}
      >
        <Flex direction="column" gap="3">
          <SegmentedControl.Root
            value={from}
            onValueChange={(value) => setFrom(value as 'template' | 'scratch')}
            aria-label="Start from"
          >
            <SegmentedControl.Item value="template">From a template</SegmentedControl.Item>
            <SegmentedControl.Item value="scratch">From scratch</SegmentedControl.Item>
          </SegmentedControl.Root>
          {from === 'template' ? (
            <FromTemplateForm
              entityKey={entityKey}
              clientName={clientName}
              disabledReason={blocked}
              draft={templateDraft}
              onDraft={setTemplateDraft}
              onCancel={close}
              onSubmit={(body, totals) => queue('proposal.createFromTemplate', body.name ?? '', body, totals)}
            />
          ) : (
            <AdhocProposalForm
              entityKey={entityKey}
              clientName={clientName}
              disabledReason={blocked}
              draft={draft}
              onDraft={setDraft}
              onCancel={close}
              onSubmit={(body, totals) => queue('proposal.create', body.name, body, totals)}
            />
          )}
        </Flex>
      </ModalDialog>
    </>
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
      {about ? <Text size="2">{formatMoney(about.servicesTotal, region)}</Text> : null}
      <Badge color="amber" variant="soft" data-testid="proposal-waiting">
        Waiting to be sent
      </Badge>
      <OutboxStatusBadge status={entry.status} />
      <Text size="1">
        <RadixLink asChild>
          <Link to="/outbox">Edit or discard in the Outbox</Link>
        </RadixLink>
      </Text>
    </Flex>
  ));
}
