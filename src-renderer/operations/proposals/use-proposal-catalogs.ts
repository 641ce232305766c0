import { useLiveQuery } from 'dexie-react-hooks';
import { useServices } from '../../context/services-context';
import { useCatalogsRound } from '../../sync/use-catalogs-round';
import { jobTemplatesSchema, proposalTemplatesSchema, type ProposalCatalogs } from './new-proposal-draft';
import { usePractice } from '../../context/store-hooks';

const empty: ProposalCatalogs = { services: [], templates: [], pmJobTemplates: [], dmsJobTemplates: [] };

/**
 * What a new proposal is built from, as synced with the catalogs (services, templates, job templates), so
 * it can be built offline; online, opening the form asks for the catalogs if they are over an hour old.
 * `null` while the database answers; a list never synced is empty.
 */
export function useProposalCatalogs(): ProposalCatalogs | null {
  useCatalogsRound();
  const { databases } = useServices();
  const practiceKey = usePractice((s) => s.activePracticeKey) ?? '';
  return (
    useLiveQuery(async () => {
      if (!practiceKey) return empty;
      const db = databases.of(practiceKey);
      const report = async <T>(name: string, schema: { safeParse(v: unknown): { success: boolean; data?: T } }) => {
        const parsed = schema.safeParse((await db.reports.get(name))?.data);
        return parsed.success ? (parsed.data as T) : [];
      };
      return {
        services: await db.proposalServices.toArray(),
        templates: await report('proposalTemplates', proposalTemplatesSchema),
        pmJobTemplates: await report('pmJobTemplates', jobTemplatesSchema),
        dmsJobTemplates: await report('dmsJobTemplates', jobTemplatesSchema),
      } satisfies ProposalCatalogs;
    }, [practiceKey]) ?? null
  );
}
