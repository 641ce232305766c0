import type { Entity } from '../../../../../src-preload/contract/partner-api';
import { foldForSearch, type StoredEntity } from '../../../../../src-renderer/data/practice-db';

let serial = 0;
/** A stored entity with the search text the renderer stores beside it (name, preferred name, code, email, phones). */
export function stored(e: Entity): StoredEntity {
  const phones = [e.entityTelephone, e.entityMobile].map((p) => p?.replace(/\D/g, ''));
  return {
    ...e,
    search: foldForSearch(
      [
        e.fullEntityName,
        e.entitySalutation,
        e.entityCode,
        e.entityEmail,
        e.entityTelephone,
        e.entityMobile,
        ...phones,
      ].join(' '),
    ),
  };
}
export function client(fields: Partial<Entity> & { fullEntityName: string }): StoredEntity {
  serial++;
  return stored({
    entityKey: `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`,
    externalSystemID: null,
    entityCode: `C${serial}`,
    entitySalutation: null,
    entityInitials: null,
    entityBirthDate: null,
    entityEmail: null,
    entityTelephone: null,
    entityMobile: null,
    entitySalesTaxNumber: null,
    entityRegNumber: null,
    entityTerminated: false,
    entityType: 'Company',
    officeName: 'Sydney',
    isTaxEntity: true,
    updatedOn: '2025-01-01T00:00:00Z',
    ...fields,
  });
}
