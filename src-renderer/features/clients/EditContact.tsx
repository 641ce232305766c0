import type { Contact, Entity } from '../../../src-preload/contract/partner-api';
import type { Pending } from '../../effects/outbox-effect';
import { useOpenAction } from '../../operations/action-context';
import { usePreloadedForms } from '../../operations/action-opener';
import { WriteButton } from '../../operations/shared/WriteActions';
import { useShownToClient } from '../../client-facing/client-view';

/**
 * "Edit" on one contact row: the contact form prefilled, sending only what changed. A contact added
 * offline has no id at the practice yet (its row is a placeholder), so it is edited in the Outbox instead.
 */
export function EditContact({ entity, contact }: { entity: Entity; contact: Pending<Contact> }) {
  const openAction = useOpenAction();
  // The form's code arrives while the user reads, so the dialog opens with its form at once.
  usePreloadedForms(['contact.update']);
  const notCreatedYet = contact.entityContactID <= 0;
  // The Outbox is refused with the screen turned to the client: it is not named as the way either.
  const shownToClient = useShownToClient();
  const name = `${contact.contactName} ${contact.contactSurname}`;
  return (
    <WriteButton
      size="1"
      disabled={notCreatedYet}
      title={
        notCreatedYet
          ? shownToClient
            ? 'Not at the practice yet: it can be edited once it is sent.'
            : 'Not at the practice yet: change it in the Outbox until it is sent.'
          : undefined
      }
      aria-label={`Edit ${name}`}
      onClick={() => openAction('contact.update', { entity, contact })}
    >
      Edit
    </WriteButton>
  );
}
