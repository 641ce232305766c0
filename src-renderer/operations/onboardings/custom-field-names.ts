import { customFieldValuesSchema } from '../../../src-preload/contract/partner-api';
import { CUSTOM_FIELDS_REPORT_PREFIX } from '../../client-data/client-reads';
import type { PracticeDb } from '../../data/practice-db';

/** A custom field as the practice names it. */
export interface CustomFieldName {
  customFieldID: number;
  label: string;
}

/**
 * The practice's custom fields by name, gathered from every custom-fields answer kept on this laptop (any
 * client of any onboarding). The Partner API lists no catalogue of them; these answers carry the labels.
 * Unlabelled fields and unreadable answers are left out; each number appears once, sorted by name.
 */
export function customFieldNames(answers: unknown[]): CustomFieldName[] {
  const byId = new Map<number, string>();
  for (const answer of answers) {
    const parsed = customFieldValuesSchema.safeParse(answer);
    if (!parsed.success) continue;
    for (const field of parsed.data) {
      const label = field.label.trim();
      if (label && !byId.has(field.customFieldID)) byId.set(field.customFieldID, label);
    }
  }
  return [...byId]
    .map(([customFieldID, label]) => ({ customFieldID, label }))
    .sort((a, b) => a.label.localeCompare(b.label) || a.customFieldID - b.customFieldID);
}

/** The custom-field names stored for this practice (see customFieldNames). */
export async function storedCustomFieldNames(db: PracticeDb): Promise<CustomFieldName[]> {
  const rows = await db.reports.where('name').startsWith(CUSTOM_FIELDS_REPORT_PREFIX).toArray();
  return customFieldNames(rows.map((row) => row.data));
}
