import type { ComponentProps } from 'react';
import { leadCreateSchema, leadNoteCreateSchema } from '../../../src-preload/contract/partner-api';
import { leadName } from '../../ui/words/lead-name';
import { lazyComponent } from '../../ui/LazyLoad';
import { describedAs, firstWords, resubmitIn, type OperationParts } from '../shared/operation-parts';
import { leadEffects } from '../../effects/lead-effects';
import type { LeadConvertForm as Convert, LeadForm as Create, LeadNoteForm as Note } from './LeadForms';

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

/** The lead as named on screen (ui/words/lead-name.ts). */
interface AboutLead {
  leadName: string;
}

export const leadOperations = {
  'lead.create': {
    effect: leadEffects['lead.create'],
    description: describedAs(
      'lead.create',
      ({ leadName }: AboutLead) => `Create lead ${leadName}`,
      null,
      (stored) => {
        const lead = leadCreateSchema.safeParse(stored);
        if (!lead.success) return null;
        const { name, surname, companyName } = lead.data;
        return { leadName: leadName({ name, surname: surname ?? null, companyName: companyName ?? null }) };
      },
    ),
    resubmit: resubmitIn(LeadForm, (body, { submitLabel }) => {
      const lead = leadCreateSchema.safeParse(body);
      return lead.success ? { initial: lead.data, submitLabel } : null;
    }),
    form: LeadForm,
  },
  'lead.addNote': {
    effect: leadEffects['lead.addNote'],
    description: describedAs(
      'lead.addNote',
      ({ leadName }: AboutLead) => `Add a note to lead ${leadName}`,
      (body) => {
        const note = leadNoteCreateSchema.safeParse(body);
        return note.success ? firstWords(note.data.text) : null;
      },
    ),
    resubmit: resubmitIn(LeadNoteForm, (body, { submitLabel }) => {
      const note = leadNoteCreateSchema.safeParse(body);
      return note.success ? { initial: note.data, submitLabel } : null;
    }),
    form: LeadNoteForm,
  },
  'lead.convert': {
    effect: leadEffects['lead.convert'],
    description: describedAs('lead.convert', ({ leadName }: AboutLead) => `Convert lead ${leadName} to a client`),
    resubmit: 'json',
    form: LeadConvertForm,
  },
} satisfies Record<'lead.create' | 'lead.addNote' | 'lead.convert', OperationParts>;
