import type { Entity } from '../../../../../src-preload/contract/partner-api';
import type { StoredEntity } from '../../../../../src-renderer/data/practice-db';
import { storedEntity } from '../../../../../src-renderer/sync/ingest';

let serial = 0;
/** A stored entity with the search text the renderer stores beside it (the app's own rule). */
export const stored = storedEntity;

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
