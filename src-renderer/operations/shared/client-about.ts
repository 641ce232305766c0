import type { Contact, Entity } from '../../../src-preload/contract/partner-api';

/** What a client's actions start from: the client and its contacts as the client page shows them. */
export interface ClientAbout {
  entity: Entity;
  contacts: readonly Contact[];
}

/** Forms addressed to the client default to its primary contact (or the first, or the client itself). */
export function recipientOf({ entity, contacts }: ClientAbout) {
  const primary = contacts.find((c) => c.isPrimary) ?? contacts[0];
  return {
    recipientName: primary ? `${primary.contactName} ${primary.contactSurname}` : entity.fullEntityName,
    recipientEmail: primary?.email ?? entity.entityEmail ?? '',
    recipientMobile: primary?.mobile ?? entity.entityMobile ?? '',
  };
}
