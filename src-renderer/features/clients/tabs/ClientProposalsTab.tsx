import { Card, Flex, Heading, Table, Text } from '@radix-ui/themes';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import type { ProposalSummary } from '../../../../src-preload/contract/partner-api';
import { readClientProposals, readProposalDetail } from '../../../client-data/client-reads';
import { useClientPart, useDetailOnOpen } from '../../../client-data/use-client-data';
import type { StoredEntity } from '../../../data/practice-db';
import { readOpenEntries } from '../../../outbox/outbox-db';
import { ProposalActions } from './ProposalActions';
import { isNewProposal, NewProposalButton, PendingNewProposals } from './NewProposal';
import { formatDate, formatMoney } from '../../../ui/regional/regional-format';
import { DetailStatus, PartStatus, ReadButton } from '../../shared/PartStatus';
import { StatusBadge } from '../../../ui/StatusBadge';
import { useRegion } from '../../../ui/regional/use-region';
import { useServices } from '../../../context/services-context';
import { inWords } from '../../../ui/words/enum-words';
import { usePractice } from '../../../context/store-hooks';
import { DetailsToggle } from '../../../ui/DetailsToggle';
import { ProposalHeadline } from '../../../ui/money/ProposalHeadline';
import { pricingAmounts, type ProposalAmounts } from '../../../../src-preload/contract/proposal-amounts';

/** The client's proposals with status and totals; one opens to its pricing lines, invoices, recurring billings and jobs. */
export function ClientProposalsTab({ entity }: { entity: StoredEntity }) {
  const { databases } = useServices();
  const practiceKey = usePractice((s) => s.activePracticeKey);
  const region = useRegion();
  const [open, setOpen] = useState<string | null>(null);
  const proposals = useLiveQuery(
    async () =>
      practiceKey
        ? (await databases.of(practiceKey).proposals.where('entityKey').equals(entity.entityKey).toArray()).sort(
            (a, b) => b.createdOn.localeCompare(a.createdOn),
          )
        : [],
    [practiceKey, entity.entityKey],
  );
  // One read of what is still on its way for the client's proposals, shared out per proposal.
  const pending =
    useLiveQuery(
      async () =>
        practiceKey
          ? (await readOpenEntries(databases.of(practiceKey))).filter(
              (e) => e.entityKey === entity.entityKey && e.operation.startsWith('proposal.'),
            )
          : [],
      [practiceKey, entity.entityKey],
    ) ?? [];
  // Each proposal's amounts from its pricing where this laptop holds it, at the catalogue's frequencies.
  const amounts =
    useLiveQuery(async () => {
      if (!practiceKey || !proposals) return new Map<string, ProposalAmounts | null>();
      const db = databases.of(practiceKey);
      const [details, catalogue] = await Promise.all([
        db.proposalDetails.bulkGet(proposals.map((p) => p.proposalKey)),
        db.proposalServices.toArray(),
      ]);
      return new Map(
        details.flatMap((d) => (d ? [[d.proposalKey, pricingAmounts(d.pricing.services, catalogue)] as const] : [])),
      );
    }, [practiceKey, proposals]) ?? new Map<string, ProposalAmounts | null>();
  const part = useClientPart(entity.entityKey, 'proposals', proposals ? proposals.length : 'loading');
  return (
    <Card>
      <Flex gap="3" align="center" mb="2">
        <Heading as="h2" size="3">
          Proposals
        </Heading>
        <ReadButton label="Read again" run={(ctx) => readClientProposals(ctx, entity.entityKey)} />
        <NewProposalButton entityKey={entity.entityKey} clientName={entity.fullEntityName} />
      </Flex>
      <PartStatus part="proposals" what="Proposals" noun="proposals" region={region} {...part} />
      <PendingNewProposals entityKey={entity.entityKey} entries={pending.filter(isNewProposal)} />
      {!proposals || proposals.length === 0
        ? null
        : proposals.map((p) => (
            <Flex key={p.proposalKey} direction="column" gap="2" mb="3" data-testid="proposal-row">
              <Flex gap="3" align="center" wrap="wrap">
                <Text weight="bold">{p.name}</Text>
                <StatusBadge status={p.statusName} />
                <ProposalHeadline
                  amounts={amounts.get(p.proposalKey) ?? null}
                  servicesTotal={p.servicesTotal}
                  region={region}
                />
                <Text size="1" color="gray">
                  {p.startsOn
                    ? `${formatDate(p.startsOn, region)} – ${formatDate(p.endsOn, region)}`
                    : `created ${formatDate(p.createdOn, region)}`}
                </Text>
                <DetailsToggle id={p.proposalKey} open={open} onOpen={setOpen} show="Pricing" hide="Hide pricing" />
              </Flex>
              <ProposalActions
                proposal={p}
                clientName={entity.fullEntityName}
                pending={pending.filter((e) => e.payload.params['key'] === p.proposalKey)}
              />
              {open === p.proposalKey ? <ProposalPricing proposal={p} /> : null}
            </Flex>
          ))}
    </Card>
  );
}

function ProposalPricing({ proposal }: { proposal: ProposalSummary }) {
  const region = useRegion();
  const { databases } = useServices();
  const practiceKey = usePractice((s) => s.activePracticeKey);
  const catalogue = useLiveQuery(
    async () => (practiceKey ? databases.of(practiceKey).proposalServices.toArray() : []),
    [practiceKey],
  );
  const { detail, problem, state } = useDetailOnOpen(
    (db) => db.proposalDetails.get(proposal.proposalKey),
    (ctx) => readProposalDetail(ctx, proposal.proposalKey),
    proposal.proposalKey,
  );
  if (!detail) return <DetailStatus state={state} subject="the pricing of this proposal" verb="is" problem={problem} />;
  const pricing = detail.pricing;
  const frequencyOf = (serviceID: number) => catalogue?.find((s) => s.serviceID === serviceID)?.frequency;
  const amounts = catalogue ? pricingAmounts(pricing.services, catalogue) : null;
  return (
    <Flex direction="column" gap="2" data-testid="proposal-pricing">
      <Table.Root size="1" aria-label={`Services of ${proposal.name}`}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>Service</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Billed</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">Qty</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">Price excl. tax</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">Tax</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">Total incl. tax</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {pricing.services.map((s, i) => (
            <Table.Row key={`${s.serviceID}-${i}`}>
              <Table.Cell>{s.serviceName}</Table.Cell>
              <Table.Cell>{frequencyOf(s.serviceID) ?? '—'}</Table.Cell>
              <Table.Cell justify="end">{s.quantity}</Table.Cell>
              <Table.Cell justify="end">{formatMoney(s.price, region)}</Table.Cell>
              <Table.Cell justify="end">{formatMoney(s.taxAmount, region)}</Table.Cell>
              <Table.Cell justify="end">{formatMoney(s.lineTotal, region)}</Table.Cell>
            </Table.Row>
          ))}
          <Table.Row>
            <Table.RowHeaderCell colSpan={5}>One billing of each service</Table.RowHeaderCell>
            <Table.Cell justify="end" data-testid="proposal-services-total">
              {formatMoney(pricing.servicesTotal, region)}
            </Table.Cell>
          </Table.Row>
        </Table.Body>
      </Table.Root>
      <ProposalHeadline amounts={amounts} servicesTotal={pricing.servicesTotal} region={region} />
      {pricing.invoices.length + pricing.recurringBillings.length > 0 ? (
        <Text size="1">
          Billing:{' '}
          {[...pricing.invoices, ...pricing.recurringBillings]
            .map(
              (b) =>
                `${b.description} ${formatMoney(b.amount, region)} (${b.kind === 'recurring' ? (b.frequency ?? inWords('proposalBillingKind', b.kind)) : formatDate(b.billOn, region)})`,
            )
            .join(' · ')}
        </Text>
      ) : null}
      {pricing.jobs.length > 0 ? (
        <Text size="1" color="gray">
          Jobs: {pricing.jobs.map((j) => j.name).join(', ')}
        </Text>
      ) : null}
      {detail.signatoryName ? (
        <Text size="1" color="gray">
          Signatory: {detail.signatoryName}
        </Text>
      ) : null}
    </Flex>
  );
}
