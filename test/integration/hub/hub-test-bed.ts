import { useDemoAndHub, type DemoAndHub } from '../../support/demo-and-hub';
import { hubTestEngine, useHubDatabaseUrl } from './hub-database';

/**
 * The demo practice, a hub mirroring it and the hub's data folder for one test file of the hub's suite, on
 * the run's engine (a fresh PostgreSQL database in `hub-postgres`, PGlite in the data folder otherwise).
 */
export function useHubTestBed(folderPrefix: string): DemoAndHub & { databaseUrl: () => string | undefined } {
  // First, so the database is dropped only after the bed has stopped the hub that uses it.
  const databaseUrl = useHubDatabaseUrl();
  const bed = useDemoAndHub({ folderPrefix, databaseUrl });
  return {
    ...bed,
    databaseUrl,
    async startHub(options) {
      const hub = await bed.startHub(options);
      // A hub on PGlite in the hub-postgres project would pass there without proving anything about PostgreSQL.
      if (hub.db.engine !== hubTestEngine)
        throw new Error(`The hub runs on ${hub.db.engine}, but this run of the hub's suite is on ${hubTestEngine}.`);
      return hub;
    },
  };
}
