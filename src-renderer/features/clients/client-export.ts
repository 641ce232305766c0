import type { StoredEntity } from '../../data/practice-db';
import type { CsvColumn } from '../../ui/csv/csv-writer';
import { formatPhone } from '../../ui/regional/regional-format';

/**
 * The exported client list: what each row of the list shows (name, then code, type, office, email and the
 * phone as the list writes it, and the Terminated badge), one column each.
 */
export const clientExportColumns = (region: string | undefined): CsvColumn<StoredEntity>[] => [
  { heading: 'Client', kind: 'text', value: (e) => e.fullEntityName },
  { heading: 'Code', kind: 'text', value: (e) => e.entityCode },
  { heading: 'Type', kind: 'text', value: (e) => e.entityType },
  { heading: 'Office', kind: 'text', value: (e) => e.officeName },
  { heading: 'Email', kind: 'text', value: (e) => e.entityEmail },
  { heading: 'Phone', kind: 'text', value: (e) => clientPhone(e, region) },
  { heading: 'Terminated', kind: 'text', value: (e) => (e.entityTerminated ? 'Terminated' : '') },
];

/** The one phone a client row shows: the mobile, else the landline, in the region's format. */
export const clientPhone = (entity: StoredEntity, region: string | undefined): string =>
  formatPhone(entity.entityMobile || entity.entityTelephone, region);
