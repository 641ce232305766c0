import type { ComponentProps } from 'react';
import { useNavigate } from 'react-router';
import type { OutboxRef } from '../../../src-preload/contract/outbox/operations';
import { routes } from '../../../src-preload/contract/routes';
import { leadName } from '../../ui/words/lead-name';
import { lazyComponent } from '../../ui/LazyLoad';
import { startsInDialog, type StartFormProps } from '../shared/action-start';
import { SENT_WHEN } from '../shared/WriteActions';
import type { LeadConvertForm as Convert, LeadForm as Create, LeadNoteForm as Note } from './LeadForms';
import { Text } from '@radix-ui/themes';

// Loaded the first time one is opened, not at start.
export const LeadForm = lazyComponent<ComponentProps<typeof Create>>(
  async () => (await import('./LeadForms')).LeadForm,
  'the form',
);
export const LeadNoteForm = lazyComponent<ComponentProps<typeof Note>>(
  async () => (await import('./LeadForms')).LeadNoteForm,
  'the form',
);
export const LeadConvertForm = lazyComponent<ComponentProps<typeof Convert>>(
  async () => (await import('./LeadForms')).LeadConvertForm,
  'the form',
);

/**
 * A lead as its actions start from it: its name on screen, and where a write about it goes (a lead still
 * waiting to be created is reached through the entry creating it, which the write waits for).
 */
export interface LeadAbout {
  leadName: string;
  leadKey: string | OutboxRef;
  dependsOn: string[];
}

type Told = { leadName: string };

function NewLeadStart({ disabledReason, onCancel, queue }: StartFormProps<null, { 'lead.create': Told }>) {
  const navigate = useNavigate();
  return (
    <LeadForm
      submitLabel="Create lead"
      disabledReason={disabledReason}
      onCancel={onCancel}
      onSubmit={async (body) => {
        const id = await queue({
          operation: 'lead.create',
          payload: { params: {}, body },
          told: {
            leadName: leadName({
              name: body.name,
              surname: body.surname ?? null,
              companyName: body.companyName ?? null,
            }),
          },
        });
        navigate(routes.lead(id)); // the placeholder's key is the entry id (effects/lead-effects.ts)
      }}
    />
  );
}

/** How the lead actions start: "New lead" on the list, a note and the conversion on one lead. */
export const leadStarts = {
  'lead.create': startsInDialog<null, { 'lead.create': Told }>({
    title: () => 'New lead',
    description: () => SENT_WHEN,
    clientOf: () => null,
    forms: [LeadForm],
    Form: NewLeadStart,
  }),
  'lead.addNote': startsInDialog<LeadAbout, { 'lead.addNote': Told }>({
    title: (lead) => `Add a note to ${lead.leadName}`,
    description: () => SENT_WHEN,
    clientOf: () => null,
    forms: [LeadNoteForm],
    Form: ({ about: lead, disabledReason, onCancel, queue }) => (
      <LeadNoteForm
        submitLabel="Add note"
        disabledReason={disabledReason}
        onCancel={onCancel}
        onSubmit={async (body) => {
          await queue({
            operation: 'lead.addNote',
            payload: { params: { leadKey: lead.leadKey }, body },
            told: { leadName: lead.leadName },
            dependsOn: lead.dependsOn,
          });
        }}
      />
    ),
  }),
  'lead.convert': startsInDialog<LeadAbout, { 'lead.convert': Told }>({
    title: (lead) => `Convert ${lead.leadName} to a client`,
    description: () => (
      <>
        {SENT_WHEN} <Text weight="medium">The new client appears after the next sync.</Text>
      </>
    ),
    clientOf: () => null,
    forms: [LeadConvertForm],
    Form: ({ about: lead, disabledReason, onCancel, queue }) => (
      <LeadConvertForm
        disabledReason={disabledReason}
        onCancel={onCancel}
        onSubmit={async (body) => {
          await queue({
            operation: 'lead.convert',
            payload: { params: { leadKey: lead.leadKey }, body },
            told: { leadName: lead.leadName },
            dependsOn: lead.dependsOn,
          });
        }}
      />
    ),
  }),
};
