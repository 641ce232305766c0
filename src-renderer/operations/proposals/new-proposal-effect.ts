import type { OutboxEntry } from '../../../src-preload/contract/outbox/outbox-entry';
import {
  adhocProposalSchema,
  fromTemplateSchema,
  proposalCreatedSchema,
  type ProposalSummary,
} from '../../../src-preload/contract/partner-api';
import type { PracticeDb } from '../../practice/practice-db';
import type { Effect } from '../../outbox/outbox-effect';
import { markStale, nothing } from '../../outbox/effect-helpers';
import { draftTotals, proposalTemplatesSchema, templateLines } from './new-proposal-draft';

/** The name and lines a queued new proposal carries: its own, or its template's. */
export async function newProposalOf(
  db: PracticeDb,
  entry: Pick<OutboxEntry, 'operation' | 'payload'>,
): Promise<{ name: string; entityKey: string; servicesTotal: number } | null> {
  const services = await db.proposalServices.toArray();
  if (entry.operation === 'proposal.create') {
    const body = adhocProposalSchema.safeParse(entry.payload.body);
    if (!body.success) return null;
    return {
      name: body.data.name,
      entityKey: body.data.entityKey,
      servicesTotal: draftTotals(body.data.services, services).total,
    };
  }
  const body = fromTemplateSchema.safeParse(entry.payload.body);
  if (!body.success) return null;
  const templates = proposalTemplatesSchema.safeParse((await db.reports.get('proposalTemplates'))?.data);
  const template = templates.success ? templates.data.find((t) => t.templateID === body.data.templateID) : undefined;
  return {
    name: body.data.name ?? template?.name ?? 'New proposal',
    entityKey: body.data.entityKey,
    servicesTotal: draftTotals(templateLines(template), services).total,
  };
}

/**
 * A new proposal has no row until the practice answers: the client's Proposals tab lists its open entry
 * as a Draft waiting to be sent (a row keyed by anything but the practice's key would be dropped, or
 * doubled, by the next read of the list). Once done, the practice's key takes the row — the same key the
 * next read of the list brings, so it is replaced, never doubled — and the list is marked stale.
 */
export const newProposalEffect = {
  tables: ['proposals', 'proposalServices', 'reports', 'clientReads'],
  apply: nothing,
  async settle(db, entry) {
    const result = proposalCreatedSchema.safeParse(entry.result);
    const about = await newProposalOf(db, entry);
    if (result.success && about && !(await db.proposals.get(result.data.proposalKey))) {
      const row: ProposalSummary = {
        proposalKey: result.data.proposalKey,
        engagementKey: result.data.engagementKey,
        entityKey: about.entityKey,
        name: about.name,
        statusName: 'Draft',
        servicesTotal: about.servicesTotal,
        createdOn: entry.updatedAt,
        sentOn: null,
        acceptedOn: null,
        startsOn: null,
        endsOn: null,
        renewedFromKey: null,
        updatedOn: entry.updatedAt,
      };
      await db.proposals.put(row);
    }
    await markStale(db, about?.entityKey ?? entry.entityKey, 'proposals');
  },
  revert: nothing,
} satisfies Effect;
