import type { OutboxEntry } from '../../../src-preload/contract/outbox/outbox-entry';
import { adhocProposalSchema, fromTemplateSchema } from '../../../src-preload/contract/partner-api';
import type { PracticeDb } from '../../data/practice-db';
import { draftTotals, proposalTemplatesSchema, templateLines } from './new-proposal-draft';

/** The name and first-year value a queued new proposal carries: its own lines, or its template's. */
export async function newProposalOf(
  db: PracticeDb,
  entry: Pick<OutboxEntry, 'operation' | 'payload'>,
): Promise<{ name: string; entityKey: string; firstYear: number } | null> {
  const services = await db.proposalServices.toArray();
  if (entry.operation === 'proposal.create') {
    const body = adhocProposalSchema.safeParse(entry.payload.body);
    if (!body.success) return null;
    return {
      name: body.data.name,
      entityKey: body.data.entityKey,
      firstYear: draftTotals(body.data.services, services).firstYear,
    };
  }
  const body = fromTemplateSchema.safeParse(entry.payload.body);
  if (!body.success) return null;
  const templates = proposalTemplatesSchema.safeParse((await db.reports.get('proposalTemplates'))?.data);
  const template = templates.success ? templates.data.find((t) => t.templateID === body.data.templateID) : undefined;
  return {
    name: body.data.name ?? template?.name ?? 'New proposal',
    entityKey: body.data.entityKey,
    firstYear: draftTotals(templateLines(template), services).firstYear,
  };
}
