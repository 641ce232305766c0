import { Flex, SegmentedControl } from '@radix-ui/themes';
import { useCallback, useState, type ComponentProps } from 'react';
import { lazyComponent } from '../../ui/LazyLoad';
import { formatMoney } from '../../ui/regional/regional-format';
import { useRegion } from '../../ui/regional/use-region';
import { startsInDialog, type StartFormProps } from '../shared/action-start';
import { SENT_WHEN } from '../shared/WriteActions';
import type { DraftRows, DraftTotals } from './new-proposal-draft';
import type { AdhocProposalForm as Adhoc, FromTemplateForm as FromTemplate, TemplateDraft } from './NewProposalForm';

// Loaded the first time one is opened, not at start: the editor is the largest form of the app.
export const AdhocProposalForm = lazyComponent<ComponentProps<typeof Adhoc>>(
  async () => (await import('./NewProposalForm')).AdhocProposalForm,
  'the proposal editor',
);
export const FromTemplateForm = lazyComponent<ComponentProps<typeof FromTemplate>>(
  async () => (await import('./NewProposalForm')).FromTemplateForm,
  'the form',
);

type From = 'template' | 'scratch';

/**
 * A new proposal for a client. The screen keeps what is being built, so it survives closing the dialog
 * (a question from the client, a look at their bills): the start reads it when it opens and hands each
 * change back.
 */
export interface NewProposalAbout {
  entityKey: string;
  clientName: string;
  kept: {
    from: From;
    setFrom(from: From): void;
    draft: DraftRows | undefined;
    setDraft(rows: DraftRows | undefined): void;
    templateDraft: TemplateDraft | undefined;
    setTemplateDraft(draft: TemplateDraft | undefined): void;
  };
}

type Told = { name: string; clientName: string; total: string; services: number };
type NewProposalTells = { 'proposal.create': Told; 'proposal.createFromTemplate': Told };

function NewProposalStart({
  about,
  disabledReason,
  onCancel,
  queue,
}: StartFormProps<NewProposalAbout, NewProposalTells>) {
  const { entityKey, clientName, kept } = about;
  const region = useRegion();
  // Held here too, so switching between the two ways of starting finds what was typed in either.
  const [from, setFrom] = useState(kept.from);
  const [draft, setDraft] = useState(kept.draft);
  const [templateDraft, setTemplateDraft] = useState(kept.templateDraft);
  const { setDraft: keepDraft, setTemplateDraft: keepTemplateDraft } = kept;
  const onDraft = useCallback(
    (rows: DraftRows) => {
      setDraft(rows);
      keepDraft(rows);
    },
    [keepDraft],
  );
  const onTemplateDraft = useCallback(
    (next: TemplateDraft) => {
      setTemplateDraft(next);
      keepTemplateDraft(next);
    },
    [keepTemplateDraft],
  );
  const told = (name: string, totals: DraftTotals): Told => ({
    name,
    clientName,
    total: formatMoney(totals.total, region),
    services: totals.lines.length,
  });
  return (
    <Flex direction="column" gap="3">
      <SegmentedControl.Root
        value={from}
        onValueChange={(value) => {
          setFrom(value as From);
          kept.setFrom(value as From);
        }}
        aria-label="Start from"
      >
        <SegmentedControl.Item value="template">From a template</SegmentedControl.Item>
        <SegmentedControl.Item value="scratch">From scratch</SegmentedControl.Item>
      </SegmentedControl.Root>
      {from === 'template' ? (
        <FromTemplateForm
          entityKey={entityKey}
          clientName={clientName}
          disabledReason={disabledReason}
          draft={templateDraft}
          onDraft={onTemplateDraft}
          onCancel={onCancel}
          onSubmit={async (body, totals) => {
            await queue({
              operation: 'proposal.createFromTemplate',
              payload: { params: {}, body },
              told: told(body.name ?? '', totals),
            });
            kept.setTemplateDraft(undefined);
          }}
        />
      ) : (
        <AdhocProposalForm
          entityKey={entityKey}
          clientName={clientName}
          disabledReason={disabledReason}
          draft={draft}
          onDraft={onDraft}
          onCancel={onCancel}
          onSubmit={async (body, totals) => {
            await queue({ operation: 'proposal.create', payload: { params: {}, body }, told: told(body.name, totals) });
            kept.setDraft(undefined);
          }}
        />
      )}
    </Flex>
  );
}

/** "New proposal" on a client, from one of the practice's templates or from scratch (one dialog for both). */
const newProposalStart = startsInDialog<NewProposalAbout, NewProposalTells>({
  title: ({ clientName }) => `New proposal for ${clientName}`,
  description: () => SENT_WHEN,
  width: 'wide',
  clientOf: ({ entityKey }) => entityKey,
  forms: [FromTemplateForm, AdhocProposalForm],
  Form: NewProposalStart,
});

export const newProposalStarts = {
  'proposal.createFromTemplate': newProposalStart,
  'proposal.create': newProposalStart,
};
