import type {
  Bill,
  Onboarding,
  ProposalSummary,
  RecurringBilling,
  StatementSummary,
} from '../../src-preload/contract/partner-api';
import type { PackItem } from '../data/meeting-pack-types';
import type { UploadedFile } from '../client-data/uploaded-files';

/** What is on this laptop for a client when a pack is planned. */
export interface PackInputs {
  bills: readonly Pick<Bill, 'billingId' | 'billNumber' | 'statusName'>[];
  /** null when the client's proposal list has never been read. */
  proposals: readonly Pick<ProposalSummary, 'proposalKey' | 'name' | 'statusName'>[] | null;
  /** null when the client's statement list has never been read. */
  statements: readonly Pick<StatementSummary, 'statementId' | 'statementNumber'>[] | null;
  schedules: readonly Pick<RecurringBilling, 'recurringBillingId' | 'name'>[];
  /** The client's onboardings (synced with the practice's lists). */
  onboardings: readonly Pick<Onboarding, 'onboardingKey' | 'onboardingID'>[];
  /**
   * The files the client uploaded to those onboardings, from each onboarding's documents read kept here, and how
   * many of its onboardings have never had their documents read on this laptop (their uploads are not known yet).
   */
  uploads: { known: readonly Pick<UploadedFile, 'ref' | 'name' | 'fileName'>[]; unreadOnboardings: number };
  /** Whether the practice's eForm schema guide is on this laptop (the custom eForm form checks against it). */
  schemaGuideStored: boolean;
}

/**
 * Used for a list never read: what other clients' lists held on average (or one proposal, three statements), and
 * the files clients uploaded per onboarding whose documents were read (or one).
 */
export interface ListAverages {
  proposals: number;
  statements: number;
  uploadsPerOnboarding: number;
}

const item = (
  key: string,
  kind: PackItem['kind'],
  label: string,
  state: PackItem['state'] = 'waiting',
  message: string | null = null,
): PackItem => ({ key, kind, label, state, message });

export const isListItem = (i: Pick<PackItem, 'kind'>): boolean =>
  i.kind === 'proposals' ||
  i.kind === 'statements' ||
  i.kind === 'bills' ||
  i.kind === 'payments' ||
  i.kind === 'onboardingDocuments';

/**
 * The lists come first: they size the rest — the four money lists (every bill and statement of the client, not
 * just the synced year) and the document requirements of each of the client's onboardings, which name the files
 * the client uploaded. The requirements are also what removing a request, completing and custom fields need.
 */
export function listItems(onboardings: PackInputs['onboardings'] = []): PackItem[] {
  return [
    item('proposals', 'proposals', 'Proposal list'),
    item('statements', 'statements', 'Statement list'),
    item('bills', 'bills', 'All bills'),
    item('payments', 'payments', 'All payments'),
    ...onboardings.map((o) =>
      item(
        `onboardingDocuments:${o.onboardingKey}`,
        'onboardingDocuments',
        `Documents asked for in onboarding ${o.onboardingID}`,
      ),
    ),
  ];
}

/** Renew is offered on every proposal not yet renewed (ProposalActions); its form needs the practice's preview. */
export const canBeRenewed = (proposal: Pick<ProposalSummary, 'statusName'>): boolean =>
  proposal.statusName !== 'Renewed';

/**
 * Every read and document a client's screens and offline actions need, from what is known locally: the
 * renewal preview of each proposal that can be renewed (the Renew form), and each file the client uploaded to
 * an onboarding (its documents, read with the lists, name them). A client's custom-field values have no read
 * of their own: they are kept from the practice's answer to a change, so they are not planned. A draft bill
 * has no PDF (the practice cannot produce one), so it is planned as "none" rather than a request. The
 * practice's eForm schema guide (a custom eForm is checked against it before it is queued) comes with a pack
 * when it is not on this laptop yet.
 */
export function detailItems(inputs: PackInputs): PackItem[] {
  const items: PackItem[] = [];
  for (const p of inputs.proposals ?? []) {
    items.push(item(`proposal:${p.proposalKey}`, 'proposal', `Proposal “${p.name}” with pricing`));
    if (canBeRenewed(p))
      items.push(item(`renewPreview:${p.proposalKey}`, 'renewPreview', `Renewal preview of “${p.name}”`));
  }
  for (const u of inputs.uploads.known)
    items.push(item(`upload:${u.ref.id}`, 'upload', u.fileName ? `${u.name} from the client (${u.fileName})` : u.name));
  for (const b of inputs.bills) {
    items.push(item(`bill:${b.billingId}`, 'bill', `Bill ${b.billNumber}`));
    items.push(
      b.statusName === 'Draft'
        ? item(
            `billPdf:${b.billingId}`,
            'billPdf',
            `Bill ${b.billNumber} (PDF)`,
            'none',
            'A draft bill has no PDF yet.',
          )
        : item(`billPdf:${b.billingId}`, 'billPdf', `Bill ${b.billNumber} (PDF)`),
    );
  }
  for (const s of inputs.statements ?? []) {
    items.push(item(`statement:${s.statementId}`, 'statement', `Statement ${s.statementNumber}`));
    items.push(item(`statementPdf:${s.statementId}`, 'statementPdf', `Statement ${s.statementNumber} (PDF)`));
  }
  for (const r of inputs.schedules)
    items.push(item(`recurringRuns:${r.recurringBillingId}`, 'recurringRuns', `Runs of “${r.name}”`));
  items.push(item('idCertificate', 'idCertificate', 'Identity certificate (PDF)'));
  // One for the practice, not the client: read by the first pack that finds it missing.
  if (!inputs.schemaGuideStored) items.push(item('schemaGuide', 'schemaGuide', "The practice's eForm schema guide"));
  return items;
}

/**
 * Requests the items still waiting will take: one each, and two for a client's bills or payments (a paged
 * list: its first page, then the read that proves it ended; a list of more than one page takes more). An
 * uploaded file is one: the practice's answer naming its signed storage URL (the file itself comes from the
 * storage, which the request budget does not count; through the hub, the hub's answer is the file).
 */
export const requestsOf = (items: readonly PackItem[]): number =>
  items
    .filter((i) => i.state === 'waiting')
    .reduce((n, i) => n + (i.kind === 'bills' || i.kind === 'payments' ? 2 : 1), 0);

/**
 * The one estimate of a pack: shown before it starts, stored on the pack as it was shown, never computed
 * again for that pack. The lists, plus one request per detail, preview, PDF and uploaded file. Lists never read
 * count at the averages of other clients (a proposal as its pricing and its renewal preview; an onboarding whose
 * documents were never read as the files clients upload per onboarding), and the estimate says it is approximate.
 */
export function estimatePack(inputs: PackInputs, averages: ListAverages): { requests: number; approximate: boolean } {
  const known = requestsOf([...listItems(inputs.onboardings), ...detailItems(inputs)]);
  const missingProposals = inputs.proposals === null ? Math.round(averages.proposals * 2) : 0;
  const missingStatements = inputs.statements === null ? Math.round(averages.statements * 2) : 0;
  const missingUploads = Math.round(inputs.uploads.unreadOnboardings * averages.uploadsPerOnboarding);
  return {
    requests: known + missingProposals + missingStatements + missingUploads,
    approximate: inputs.proposals === null || inputs.statements === null || inputs.uploads.unreadOnboardings > 0,
  };
}

/** A fresh plan keeps what is already done (a resumed pack does not fetch twice). */
export function mergeItems(previous: readonly PackItem[], next: readonly PackItem[]): PackItem[] {
  const before = new Map(previous.map((i) => [i.key, i]));
  return next.map((i) => {
    const old = before.get(i.key);
    return old && (old.state === 'done' || (old.state === 'none' && i.state !== 'waiting')) ? old : i;
  });
}
