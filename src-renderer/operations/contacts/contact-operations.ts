import { contactCreateSchema, type ContactCreate, type ContactUpdate } from '../../../src-preload/contract/partner-api';
import { describedAs, resubmitIn, type OperationParts } from '../shared/operation-parts';
import { contactEffects } from '../../effects/contact-effects';
import { ContactForm, contactStarts } from './contact-start';

const fieldWords: Record<keyof ContactUpdate, string> = {
  contactName: 'first name',
  contactSurname: 'surname',
  email: 'email',
  mobile: 'mobile',
  position: 'position',
  isPrimary: 'primary contact',
  isDeleted: 'removed',
};

export const contactOperations = {
  'contact.create': {
    effect: contactEffects['contact.create'],
    description: describedAs(
      'contact.create',
      ({ body, clientName }: { body: ContactCreate; clientName: string }) =>
        `Add contact ${body.contactName} ${body.contactSurname} to ${clientName}`,
      null,
      (stored, { clientName }) => {
        const body = contactCreateSchema.safeParse(stored);
        return body.success && clientName !== null ? { body: body.data, clientName } : null;
      },
    ),
    resubmit: resubmitIn(ContactForm, (body, { submitLabel }) => {
      const initial = contactCreateSchema.safeParse(body);
      return { ...(initial.success ? { initial: initial.data } : {}), submitLabel };
    }),
    start: contactStarts['contact.create'],
  },
  'contact.update': {
    effect: contactEffects['contact.update'],
    description: describedAs(
      'contact.update',
      ({ name, changes, clientName }: { name: string; changes: ContactUpdate; clientName: string }) =>
        `Edit contact ${name} of ${clientName}: ${Object.keys(changes)
          .map((k) => fieldWords[k as keyof ContactUpdate])
          .join(', ')}`,
    ),
    // Only the changed fields are stored: the full form would read the others as emptied.
    resubmit: 'json',
    start: contactStarts['contact.update'],
  },
} satisfies Record<'contact.create' | 'contact.update', OperationParts>;
