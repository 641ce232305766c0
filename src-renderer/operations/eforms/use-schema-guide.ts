import { useLiveQuery } from 'dexie-react-hooks';
import { useContext, useEffect } from 'react';
import { schemaGuideSchema, type SchemaGuide } from '../../../src-preload/contract/partner-api';
import { parseReadData } from '../../../src-preload/contract/reads';
import { ServicesContext } from '../../context/services-context';
import { SCHEMA_GUIDE_REPORT } from '../../client-data/client-reads';
import { isOnline } from '../../stores/connectivity-store';
import { useConnectivity, usePractice } from '../../context/store-hooks';

/** Where the guide is kept on this laptop (the practice's `reports` table); a meeting pack reads it too. */
export { SCHEMA_GUIDE_REPORT };
/** The guide changes with the practice's product, not by the hour: read again after a day. */
const FRESH_MS = 24 * 60 * 60_000;

/**
 * The practice's eForm schema guide, so a custom schema is checked against its rules before it is queued:
 * the stored guide at once (offline too, once it has been read), read again through main
 * (`practice.read`, kind `eforms.schemaGuide`) when `wanted` (the custom form is open), online, and the
 * stored one is missing or a day old. Null until it has been read once: the form then checks the
 * schema's shape only. Nothing happens outside the app (no services).
 */
export function useSchemaGuide(wanted: boolean): SchemaGuide | null {
  const services = useContext(ServicesContext);
  const practiceKey = usePractice((s) => s.activePracticeKey);
  const online = useConnectivity(isOnline);
  const db = services && practiceKey ? services.databases.of(practiceKey) : null;
  const stored = useLiveQuery(async () => (db ? ((await db.reports.get(SCHEMA_GUIDE_REPORT)) ?? null) : null), [db]);
  const companion = services?.companion ?? null;

  useEffect(() => {
    if (!wanted || !online || !companion || !db || !practiceKey || stored === undefined) return;
    if (stored && Date.now() - Date.parse(stored.fetchedAt) < FRESH_MS) return;
    void companion.practice
      .read({ practiceKey, request: { kind: 'eforms.schemaGuide' }, priority: 'interactive' })
      .then(async (result) => {
        if (!result.ok) return;
        const guide = parseReadData('eforms.schemaGuide', result.data);
        await db.reports.put({ name: SCHEMA_GUIDE_REPORT, data: guide, fetchedAt: new Date().toISOString() });
      })
      // Not read: the shape is still checked, and the next opening online tries again.
      .catch(() => undefined);
  }, [wanted, online, companion, db, practiceKey, stored]);

  const parsed = schemaGuideSchema.safeParse(stored?.data);
  return parsed.success ? parsed.data : null;
}
