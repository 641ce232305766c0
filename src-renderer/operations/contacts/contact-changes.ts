import type { Contact, ContactCreate, ContactUpdate } from '../../../src-preload/contract/partner-api';

const editable = ['contactName', 'contactSurname', 'email', 'mobile', 'position', 'isPrimary'] as const;

/**
 * Only the fields the form changed. The PUT changes just the fields it is given, so sending the rest
 * would overwrite whatever someone else changed at the practice meanwhile with what this laptop last saw.
 * An emptied optional field is sent as null (cleared), never left out.
 */
export function contactChanges(before: Pick<Contact, (typeof editable)[number]>, after: ContactCreate): ContactUpdate {
  const changes: ContactUpdate = {};
  const next: Record<(typeof editable)[number], string | boolean | null> = {
    contactName: after.contactName,
    contactSurname: after.contactSurname,
    email: after.email ?? null,
    mobile: after.mobile ?? null,
    position: after.position ?? null,
    isPrimary: after.isPrimary ?? before.isPrimary,
  };
  for (const field of editable) if (next[field] !== before[field]) Object.assign(changes, { [field]: next[field] });
  return changes;
}
