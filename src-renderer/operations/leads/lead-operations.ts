import { leadCreateSchema, leadNoteCreateSchema } from '../../../src-preload/contract/partner-api';
import { leadName } from '../../ui/words/lead-name';
import { describedAs, firstWords, resubmitIn, type OperationParts } from '../shared/operation-parts';
import { leadEffects } from '../../effects/lead-effects';
import { LeadForm, LeadNoteForm, leadStarts } from './lead-start';

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
    start: leadStarts['lead.create'],
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
    start: leadStarts['lead.addNote'],
  },
  'lead.convert': {
    effect: leadEffects['lead.convert'],
    description: describedAs('lead.convert', ({ leadName }: AboutLead) => `Convert lead ${leadName} to a client`),
    resubmit: 'json',
    start: leadStarts['lead.convert'],
  },
} satisfies Record<'lead.create' | 'lead.addNote' | 'lead.convert', OperationParts>;
