import type { ExternalProjectsPut, ServicesPatch, ServicesPut } from '../../../src-preload/contract/partner-api';
import type { BaseLine } from '../../../src-preload/contract/outbox/service-line-edits';
import { newProposalOperations } from './new-proposal-operations';
import { describedAs, type OperationParts } from '../shared/operation-parts';
import { proposalEffects } from '../../effects/proposal-effects';
import { proposalStarts } from './proposal-start';
import { countOf } from '../../ui/regional/counts';

/** The proposal as named on screen: its name and its client's. */
interface AboutProposal {
  proposalName: string;
  clientName: string;
}
const named = ({ proposalName, clientName }: AboutProposal) => `“${proposalName}” (${clientName})`;

export const proposalOperations = {
  ...newProposalOperations,
  'proposal.duplicate': {
    effect: proposalEffects['proposal.duplicate'],
    description: describedAs(
      'proposal.duplicate',
      (about: AboutProposal) => `Copy proposal ${named(about)} as a new draft`,
    ),
    resubmit: 'json',
    start: proposalStarts['proposal.duplicate'],
  },
  'proposal.renew': {
    effect: proposalEffects['proposal.renew'],
    description: describedAs(
      'proposal.renew',
      (about: AboutProposal & { signatory: { name: string } | null }) =>
        `Renew proposal ${named(about)}${about.signatory ? `, signed by ${about.signatory.name}` : ''}`,
    ),
    resubmit: 'json',
    start: proposalStarts['proposal.renew'],
  },
  'proposal.replaceServices': {
    effect: proposalEffects['proposal.replaceServices'],
    description: describedAs(
      'proposal.replaceServices',
      (about: AboutProposal & { body: ServicesPut }) =>
        `Replace the services of ${named(about)}: ${countOf(about.body.services.length, 'line')}`,
    ),
    resubmit: 'json',
    start: proposalStarts['proposal.replaceServices'],
  },
  'proposal.editServices': {
    effect: proposalEffects['proposal.editServices'],
    description: describedAs(
      'proposal.editServices',
      (about: AboutProposal & { body: ServicesPatch; base: BaseLine[] }) => {
        const added = about.body.services.filter(
          (s) => !s.remove && about.base.find((b) => b.serviceID === s.serviceID)?.was == null,
        ).length;
        const removed = about.body.services.filter((s) => s.remove).length;
        const changed = about.body.services.length - added - removed;
        const what = [changed && `change ${changed}`, added && `add ${added}`, removed && `remove ${removed}`]
          .filter(Boolean)
          .join(', ');
        return `Edit the service lines of ${named(about)}: ${what} (${about.body.services.length === 1 ? 'line' : 'lines'})`;
      },
    ),
    resubmit: 'json',
    start: proposalStarts['proposal.editServices'],
  },
  'proposal.replaceExternalProjects': {
    effect: proposalEffects['proposal.replaceExternalProjects'],
    description: describedAs(
      'proposal.replaceExternalProjects',
      /** `knownIds`: the projects the proposal has as stored here (the others are added). */
      (about: AboutProposal & { body: ExternalProjectsPut; knownIds: ReadonlySet<number> }) => {
        const { externalProjects } = about.body;
        const added = externalProjects.filter((p) => !about.knownIds.has(p.id)).length;
        const removed = externalProjects.filter((p) => p.remove).length;
        const kept = externalProjects.length - added - removed;
        const what = [added && `add ${added}`, removed && `remove ${removed}`, kept && `keep or change ${kept}`]
          .filter(Boolean)
          .join(', ');
        return `External projects of ${named(about)}: ${what}`;
      },
    ),
    resubmit: 'json',
    start: proposalStarts['proposal.replaceExternalProjects'],
  },
} satisfies Record<
  | 'proposal.duplicate'
  | 'proposal.renew'
  | 'proposal.replaceServices'
  | 'proposal.editServices'
  | 'proposal.replaceExternalProjects',
  OperationParts
>;
