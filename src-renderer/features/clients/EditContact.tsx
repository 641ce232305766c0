import { useEffect, useState } from 'react';
import { preloadAll } from '../../ui/LazyLoad';
import type { Contact, Entity } from '../../../src-preload/contract/partner-api';
import { ModalDialog } from '../../ui/ModalDialog';
import type { Pending } from '../../effects/outbox-effect';
import { contactChanges } from '../../operations/contacts/contact-changes';
import { ContactForm } from '../../operations/contacts/contact-operations';
import { operationRegistry } from '../../operations/registry';
import { useWriteBlocked } from '../../operations/shared/UserSelect';
import { WriteButton } from '../../operations/shared/WriteActions';
import { useServices } from '../../context/services-context';
import { UserFacingFailure } from '../../ui/words/describe-failure';

/**
 * "Edit" on one contact row: the contact form prefilled, sending only what changed. A contact added
 * offline has no id at the practice yet (its row is a placeholder), so it is edited in the Outbox instead.
 */
export function EditContact({ entity, contact }: { entity: Entity; contact: Pending<Contact> }) {
  const { outbox } = useServices();
  // The forms' code arrives while the user reads, so a dialog opens with its form at once.
  useEffect(() => preloadAll([ContactForm]), []);
  const blocked = useWriteBlocked();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const notCreatedYet = contact.entityContactID <= 0;
  const name = `${contact.contactName} ${contact.contactSurname}`;
  return (
    <>
      <WriteButton
        size="1"
        disabled={notCreatedYet}
        title={notCreatedYet ? 'Not at the practice yet: change it in the Outbox until it is sent.' : undefined}
        aria-label={`Edit ${name}`}
        onClick={() => setOpen(true)}
      >
        Edit
      </WriteButton>
      <ModalDialog
        open={open}
        onClose={close}
        title={`Edit ${name}`}
        description="Only the fields you change are sent, now if online or as soon as the laptop is back online."
      >
        <ContactForm
          initial={{
            contactName: contact.contactName,
            contactSurname: contact.contactSurname,
            email: contact.email,
            mobile: contact.mobile,
            position: contact.position,
            isPrimary: contact.isPrimary,
          }}
          submitLabel="Save changes"
          disabledReason={blocked}
          onCancel={close}
          onSubmit={async (after) => {
            const body = contactChanges(contact, after);
            if (Object.keys(body).length === 0) throw new UserFacingFailure('Nothing was changed.');
            await outbox.queue({
              operation: 'contact.update',
              payload: { params: { entityKey: entity.entityKey, entityContactID: contact.entityContactID }, body },
              summary: operationRegistry['contact.update'].description.summary({
                name: `${after.contactName} ${after.contactSurname}`,
                changes: body,
                clientName: entity.fullEntityName,
              }),
              entityKey: entity.entityKey,
              dependsOn: [],
            });
            close();
          }}
        />
      </ModalDialog>
    </>
  );
}
