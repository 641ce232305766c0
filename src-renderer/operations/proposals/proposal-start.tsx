import type { ComponentProps } from 'react';
import type { BaseLine } from '../../../src-preload/contract/outbox/service-line-edits';
import {
  duplicateSchema,
  type ExternalProjectsPut,
  type ProposalDetail,
  type ProposalSummary,
  type ServicesPatch,
  type ServicesPut,
} from '../../../src-preload/contract/partner-api';
import { lazyComponent } from '../../ui/LazyLoad';
import { practiceCurrency } from '../../ui/regional/regional-format';
import { useRegion } from '../../ui/regional/use-region';
import { ActingUserForm } from '../shared/ActingUserForm';
import { startsInDialog, type StartFormProps } from '../shared/action-start';
import { SENT_WHEN } from '../shared/WriteActions';
import type { ExternalProjectsForm as ExternalProjects } from './ExternalProjectsForm';
import type { RenewForm as Renew } from './RenewForm';
import type { ServicesForm as Services } from './ServicesForm';

// Loaded the first time one is opened, not at start.
export const RenewForm = lazyComponent<ComponentProps<typeof Renew>>(
  async () => (await import('./RenewForm')).RenewForm,
  'the form',
);
export const ServicesForm = lazyComponent<ComponentProps<typeof Services>>(
  async () => (await import('./ServicesForm')).ServicesForm,
  'the form',
);
export const ExternalProjectsForm = lazyComponent<ComponentProps<typeof ExternalProjects>>(
  async () => (await import('./ExternalProjectsForm')).ExternalProjectsForm,
  'the form',
);

/** A proposal as its actions start from it: the summary row and its client's name. */
export interface ProposalAbout {
  proposal: ProposalSummary;
  clientName: string;
}
/** A proposal whose pricing is stored here: line edits start from it. */
export interface PricedProposalAbout extends ProposalAbout {
  detail: ProposalDetail;
}

type Named = { proposalName: string; clientName: string };
type DuplicateTells = { 'proposal.duplicate': Named };
type RenewTells = { 'proposal.renew': Named & { signatory: { name: string } | null } };
type ServicesTells = {
  'proposal.editServices': Named & { body: ServicesPatch; base: BaseLine[] };
  'proposal.replaceServices': Named & { body: ServicesPut };
};
type ProjectsTells = {
  'proposal.replaceExternalProjects': Named & { body: ExternalProjectsPut; knownIds: ReadonlySet<number> };
};

const named = ({ proposal, clientName }: ProposalAbout): Named => ({ proposalName: proposal.name, clientName });
const params = ({ proposal }: ProposalAbout) => ({ key: proposal.proposalKey });

function ProjectsStart({ about, disabledReason, onCancel, queue }: StartFormProps<PricedProposalAbout, ProjectsTells>) {
  const region = useRegion();
  return (
    <ExternalProjectsForm
      detail={about.detail}
      currency={practiceCurrency(region)}
      disabledReason={disabledReason}
      onCancel={onCancel}
      onSubmit={async (body) => {
        await queue({
          operation: 'proposal.replaceExternalProjects',
          payload: { params: params(about), body },
          told: { ...named(about), body, knownIds: new Set(about.detail.externalProjects.map((p) => p.id)) },
        });
      }}
    />
  );
}

/** The services dialog queues a line edit (PATCH, with the lines as read) or a whole-list replacement (PUT). */
const servicesStart = startsInDialog<PricedProposalAbout, ServicesTells>({
  title: ({ proposal }) => `Services of “${proposal.name}”`,
  description: () => SENT_WHEN,
  width: 'wide',
  clientOf: ({ proposal }) => proposal.entityKey,
  forms: [ServicesForm],
  Form: ({ about, disabledReason, onCancel, queue }) => (
    <ServicesForm
      detail={about.detail}
      disabledReason={disabledReason}
      onCancel={onCancel}
      onSubmit={async (write) => {
        if (write.operation === 'proposal.editServices')
          await queue({
            operation: write.operation,
            payload: { params: params(about), body: write.body, base: write.base },
            told: { ...named(about), body: write.body, base: write.base },
          });
        else
          await queue({
            operation: write.operation,
            payload: { params: params(about), body: write.body },
            told: { ...named(about), body: write.body },
          });
      }}
    />
  ),
});

/** How the actions on an existing proposal start, from its row on the client's Proposals tab. */
export const proposalStarts = {
  'proposal.duplicate': startsInDialog<ProposalAbout, DuplicateTells>({
    title: ({ proposal }) => `Duplicate “${proposal.name}”`,
    description: () => SENT_WHEN,
    clientOf: ({ proposal }) => proposal.entityKey,
    forms: [],
    Form: ({ about, disabledReason, onCancel, queue }) => (
      <ActingUserForm
        schema={duplicateSchema}
        what={`A new draft copying the pricing, billings and jobs of “${about.proposal.name}”, for the same client. The original is not changed.`}
        userLabel="Copied by"
        missingUser="Choose which staff member is making the copy."
        submitLabel="Queue copy"
        disabledReason={disabledReason}
        onCancel={onCancel}
        onSubmit={async (body) => {
          await queue({
            operation: 'proposal.duplicate',
            payload: { params: params(about), body },
            told: named(about),
          });
        }}
      />
    ),
  }),
  'proposal.renew': startsInDialog<ProposalAbout, RenewTells>({
    title: ({ proposal }) => `Renew “${proposal.name}”`,
    description: () => SENT_WHEN,
    clientOf: ({ proposal }) => proposal.entityKey,
    forms: [RenewForm],
    Form: ({ about, disabledReason, onCancel, queue }) => (
      <RenewForm
        proposal={about.proposal}
        disabledReason={disabledReason}
        onCancel={onCancel}
        onSubmit={async (body, signatory) => {
          await queue({
            operation: 'proposal.renew',
            payload: { params: params(about), body },
            told: { ...named(about), signatory },
          });
        }}
      />
    ),
  }),
  'proposal.replaceServices': servicesStart,
  'proposal.editServices': servicesStart,
  'proposal.replaceExternalProjects': startsInDialog<PricedProposalAbout, ProjectsTells>({
    title: ({ proposal }) => `External projects of “${proposal.name}”`,
    description: () => SENT_WHEN,
    width: 'wide',
    clientOf: ({ proposal }) => proposal.entityKey,
    forms: [ExternalProjectsForm],
    Form: ProjectsStart,
  }),
};
