import { useDemoAndHub, type DemoAndHub } from '../../support/demo-and-hub';
import { useHubDatabaseUrl } from './hub-database';

/**
 * The demo practice, a hub mirroring it and the hub's data folder for one test file of the hub's suite, on
 * the run's engine (a fresh PostgreSQL database in `hub-postgres`, PGlite in the data folder otherwise).
 */
export function useHubTestBed(folderPrefix: string): DemoAndHub & { databaseUrl: () => string | undefined } {
  // First, so the database is dropped only after the bed has stopped the hub that uses it.
  const databaseUrl = useHubDatabaseUrl();
  return { ...useDemoAndHub({ folderPrefix, databaseUrl }), databaseUrl };
}
