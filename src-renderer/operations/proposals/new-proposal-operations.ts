import { z } from 'zod';
import { adhocProposalSchema, fromTemplateSchema } from '../../../src-preload/contract/partner-api';
import { formatMoney } from '../../ui/regional/regional-format';
import { describedAs, resubmitIn, type OperationParts } from '../shared/operation-parts';
import { AdhocProposalForm, FromTemplateForm, newProposalStarts } from './new-proposal-start';
import { proposalEffects } from '../../effects/proposal-effects';
import { countOf } from '../../ui/regional/counts';

/**
 * The editor's totals, as it hands them over with the body. The headline is the first-year value; an entry
 * stored without one (an older editor's) says its total for one billing of each service.
 */
const totalsSchema = z.object({ total: z.number(), firstYear: z.number().optional(), lines: z.array(z.unknown()) });
const headline = (totals: z.infer<typeof totalsSchema>, region: string | undefined) =>
  totals.firstYear === undefined
    ? `${formatMoney(totals.total, region)} for one billing of each service`
    : `${formatMoney(totals.firstYear, region)} first year`;

/** A new proposal as named on screen: its name, client, total in the practice's money and how many services. */
interface AboutNewProposal {
  name: string;
  clientName: string;
  total: string;
  services: number;
}
const newProposalLine = ({ name, clientName, total, services }: AboutNewProposal) =>
  `New proposal “${name}” for ${clientName}: ${total} (${countOf(services, 'service')})`;

export const newProposalOperations = {
  'proposal.createFromTemplate': {
    effect: proposalEffects['proposal.createFromTemplate'],
    description: describedAs('proposal.createFromTemplate', newProposalLine, null, (stored, known) => {
      const body = fromTemplateSchema.safeParse(stored);
      const totals = totalsSchema.safeParse(known.formSays);
      if (!body.success || !totals.success || known.clientName === null) return null;
      return {
        name: body.data.name ?? 'New proposal',
        clientName: known.clientName,
        total: headline(totals.data, known.region),
        services: totals.data.lines.length,
      };
    }),
    resubmit: resubmitIn(FromTemplateForm, (body, { submitLabel }) => {
      const parsed = fromTemplateSchema.safeParse(body);
      return parsed.success
        ? { entityKey: parsed.data.entityKey, clientName: '', initial: parsed.data, submitLabel }
        : null;
    }),
    start: newProposalStarts['proposal.createFromTemplate'],
  },
  'proposal.create': {
    effect: proposalEffects['proposal.create'],
    description: describedAs('proposal.create', newProposalLine, null, (stored, known) => {
      const body = adhocProposalSchema.safeParse(stored);
      const totals = totalsSchema.safeParse(known.formSays);
      if (!body.success || !totals.success || known.clientName === null) return null;
      return {
        name: body.data.name,
        clientName: known.clientName,
        total: headline(totals.data, known.region),
        services: body.data.services.length,
      };
    }),
    resubmit: resubmitIn(AdhocProposalForm, (body, { submitLabel }) => {
      const parsed = adhocProposalSchema.safeParse(body);
      return parsed.success
        ? { entityKey: parsed.data.entityKey, clientName: '', initial: parsed.data, submitLabel }
        : null;
    }),
    start: newProposalStarts['proposal.create'],
  },
} satisfies Record<'proposal.createFromTemplate' | 'proposal.create', OperationParts>;
