import { useContext, useEffect } from 'react';
import { ServicesContext } from '../context/services-context';

/**
 * A form that needs catalogs (an adhoc bill's ledger accounts and tax rates, eForm templates) asks, when it
 * opens, for a run that reads them if they are more than an hour old (main decides); the form shows what is
 * stored meanwhile and updates as the pages arrive. Nothing happens outside the app (no services), offline,
 * while paused or while a run is under way.
 */
export function useCatalogsRound(): void {
  const practice = useContext(ServicesContext)?.practice;
  useEffect(() => {
    if (practice) void practice.syncCatalogs().catch(() => undefined);
  }, [practice]);
}
