import { z } from 'zod';
import {
  catalogItemSchema,
  proposalTemplateSchema,
  roundCents,
  type AdhocProposal,
  type ProposalService,
  type RuleIssue,
} from '../../../src-preload/contract/partner-api';
import { lineNet, sumMoney } from '../../../src-preload/contract/money';
import { proposalAmounts, type ProposalAmounts } from '../../../src-preload/contract/proposal-amounts';
import type { MoneyLocale } from '../billing/adhoc-bill-draft';
import { inputIssue, numberInputText, numberOrNaN } from '../../ui/regional/money-input';

/**
 * What a new proposal is built from, as synced to the laptop with the catalogs: each list kept whole in
 * `reports` under its resource's name, as `{ items }` (main's sync-resources.ts).
 */
const itemsOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) }).transform((r) => r.items);
export const proposalTemplatesSchema = itemsOf(proposalTemplateSchema);
export const jobTemplatesSchema = itemsOf(catalogItemSchema);
export type ProposalTemplate = z.infer<typeof proposalTemplateSchema>;
export type JobTemplate = z.infer<typeof catalogItemSchema>;
export interface ProposalCatalogs {
  services: readonly ProposalService[];
  templates: readonly ProposalTemplate[];
  pmJobTemplates: readonly JobTemplate[];
  dmsJobTemplates: readonly JobTemplate[];
}

/** The catalogue as the practice structures it: each top-level service (by name), its children right under it. */
export function servicesInTree(services: readonly ProposalService[]): { service: ProposalService; depth: number }[] {
  const byName = (a: ProposalService, b: ProposalService) => a.name.localeCompare(b.name);
  const ids = new Set(services.map((s) => s.serviceID));
  // A child whose parent is not in the catalogue stands at the top, rather than vanish.
  const parentOf = (s: ProposalService) =>
    s.parentServiceID != null && ids.has(s.parentServiceID) ? s.parentServiceID : null;
  const out: { service: ProposalService; depth: number }[] = [];
  const place = (parent: number | null, depth: number) => {
    for (const service of services.filter((s) => parentOf(s) === parent).sort(byName)) {
      out.push({ service, depth });
      if (depth < 5) place(service.serviceID, depth + 1);
    }
  };
  place(null, 0);
  return out;
}

/**
 * The practice's tax on a line: its catalogue gives each service's tax at the catalogue price, and the
 * practice taxes a line at that rate on price × quantity, rounded to the cent (the rate is rounded to
 * four places, so a catalogue amount already rounded to the cent gives back the practice's rate).
 */
export function taxRateOf(service: Pick<ProposalService, 'price' | 'taxAmount'>): number {
  return service.price > 0 ? Math.round((service.taxAmount / service.price) * 10_000) / 10_000 : 0;
}

export function linePricing(service: Pick<ProposalService, 'price' | 'taxAmount'>, price: number, quantity: number) {
  const net = lineNet(quantity, price);
  const tax = roundCents(price * quantity * taxRateOf(service));
  return { net, tax, total: roundCents(net + tax) };
}

export interface PricedLine {
  serviceID: number;
  name: string;
  frequency: string;
  price: number;
  quantity: number;
  net: number;
  tax: number;
  total: number;
}
export interface DraftTotals {
  lines: PricedLine[];
  net: number;
  tax: number;
  total: number;
  /** What the client pays in the first year, and each frequency's share (contract/proposal-amounts.ts). */
  firstYear: number;
  byFrequency: ProposalAmounts['byFrequency'];
}

/** The totals as the practice will compute them, for lines whose service is in the catalogue. */
export function draftTotals(
  lines: readonly { serviceID: number; quantity?: number | undefined; price?: number | undefined }[],
  services: readonly ProposalService[],
): DraftTotals {
  const priced: PricedLine[] = [];
  for (const line of lines) {
    const service = services.find((s) => s.serviceID === line.serviceID);
    if (!service) continue;
    const price = line.price ?? service.price;
    const quantity = line.quantity ?? 1;
    if (!Number.isFinite(price) || !Number.isFinite(quantity)) continue;
    priced.push({
      serviceID: service.serviceID,
      name: service.name,
      frequency: service.frequency,
      price,
      quantity,
      ...linePricing(service, price, quantity),
    });
  }
  const sum = (pick: (l: PricedLine) => number) => sumMoney(priced.map(pick));
  return {
    lines: priced,
    net: sum((l) => l.net),
    tax: sum((l) => l.tax),
    total: sum((l) => l.total),
    ...proposalAmounts(priced),
  };
}

/* ---------- the editor's rows, as typed ---------- */

export interface DraftLineRow {
  serviceID: string;
  quantity: string;
  /** Blank: the catalogue price. */
  price: string;
}
export interface DraftJobRow {
  templateID: string;
  name: string;
  dueOn: string;
}
export interface DraftBillingRow {
  description: string;
  amount: string;
  billOn: string;
  kind: 'invoice' | 'recurring';
  frequency: string;
}
export interface DraftRows {
  name: string;
  lines: DraftLineRow[];
  pmJobs: DraftJobRow[];
  dmsJobs: DraftJobRow[];
  billings: DraftBillingRow[];
}

export const billingFrequencies = ['Weekly', 'Fortnightly', 'Monthly', 'Quarterly', 'Annually'] as const;

/** The body of `POST /proposals` as typed (unreadable numbers as NaN, so the schema refuses them). */
export function adhocBody(userKey: string, entityKey: string, rows: DraftRows, money: MoneyLocale) {
  const jobs = (list: readonly DraftJobRow[]) =>
    list.map((j) => ({
      templateID: j.templateID === '' ? Number.NaN : Number(j.templateID),
      name: j.name.trim(),
      ...(j.dueOn ? { dueOn: j.dueOn } : {}),
    }));
  const pmJobs = jobs(rows.pmJobs);
  const dmsJobs = jobs(rows.dmsJobs);
  return {
    userKey,
    entityKey,
    name: rows.name,
    services: rows.lines.map((row) => {
      const price = numberOrNaN(row.price, money);
      return {
        serviceID: row.serviceID === '' ? Number.NaN : Number(row.serviceID),
        quantity: numberOrNaN(row.quantity, { locale: money.locale }) ?? 1,
        ...(price === undefined ? {} : { price }),
      };
    }),
    ...(pmJobs.length ? { pmJobs } : {}),
    ...(dmsJobs.length ? { dmsJobs } : {}),
    ...(rows.billings.length
      ? {
          billings: rows.billings.map((b) => ({
            description: b.description.trim(),
            amount: numberOrNaN(b.amount, money) ?? Number.NaN,
            billOn: b.billOn,
            kind: b.kind,
            frequency: b.kind === 'recurring' ? b.frequency : null,
          })),
        }
      : {}),
  };
}

/** Quantities, prices and amounts that cannot be read in the practice's locale, where the body carries them. */
export function draftInputIssues(rows: DraftRows, money: MoneyLocale): RuleIssue[] {
  return [
    ...rows.lines.flatMap((row, i) => [
      ...inputIssue(row.quantity, { locale: money.locale }, ['services', i, 'quantity']),
      ...inputIssue(row.price, money, ['services', i, 'price']),
    ]),
    ...rows.billings.flatMap((b, i) => inputIssue(b.amount, money, ['billings', i, 'amount'])),
  ];
}

const between = (min: number, max: number, show: (n: number) => string) =>
  `Choose a price from ${show(min)} to ${show(max)}.`;

/**
 * What the catalogs say beyond the schema, checked before anything is queued: each service in the
 * catalogue and once only, a ranged service priced inside its range, each job from its catalogue and
 * named, each billing described, a recurring one with its frequency.
 */
export function draftRules(
  body: Pick<AdhocProposal, 'services'> & Partial<Pick<AdhocProposal, 'pmJobs' | 'dmsJobs' | 'billings'>>,
  catalogs: ProposalCatalogs,
  show: (n: number) => string,
): RuleIssue[] {
  const issues: RuleIssue[] = [];
  if (body.services.length === 0)
    issues.push({ path: ['services'], message: 'Add at least one service: a proposal prices something.' });
  const seen = new Set<number>();
  body.services.forEach((line, i) => {
    const service = catalogs.services.find((s) => s.serviceID === line.serviceID);
    if (!Number.isFinite(line.serviceID)) return; // the schema says "choose a service"
    if (!service) {
      issues.push({ path: ['services', i, 'serviceID'], message: 'This service is no longer in the catalogue.' });
      return;
    }
    if (seen.has(line.serviceID))
      issues.push({
        path: ['services', i, 'serviceID'],
        message: `${service.name} is already on the proposal: change its quantity instead.`,
      });
    seen.add(line.serviceID);
    const price = line.price ?? service.price;
    const { rangeMin, rangeMax } = service;
    if (rangeMin != null && rangeMax != null && Number.isFinite(price) && (price < rangeMin || price > rangeMax))
      issues.push({ path: ['services', i, 'price'], message: between(rangeMin, rangeMax, show) });
    if (Number.isFinite(price) && price < 0)
      issues.push({ path: ['services', i, 'price'], message: 'A price cannot be below zero.' });
  });
  const jobs = (list: AdhocProposal['pmJobs'], templates: readonly JobTemplate[], key: 'pmJobs' | 'dmsJobs') =>
    (list ?? []).forEach((job, i) => {
      if (Number.isFinite(job.templateID) && !templates.some((t) => t.id === job.templateID))
        issues.push({ path: [key, i, 'templateID'], message: 'This job template is no longer in the catalogue.' });
      if (!job.name.trim()) issues.push({ path: [key, i, 'name'], message: 'Name the job.' });
    });
  jobs(body.pmJobs, catalogs.pmJobTemplates, 'pmJobs');
  jobs(body.dmsJobs, catalogs.dmsJobTemplates, 'dmsJobs');
  (body.billings ?? []).forEach((billing, i) => {
    if (!billing.description.trim())
      issues.push({ path: ['billings', i, 'description'], message: 'Say what the billing is for.' });
    if (billing.kind === 'recurring' && !billing.frequency)
      issues.push({ path: ['billings', i, 'frequency'], message: 'Choose how often it recurs.' });
    if (Number.isFinite(billing.amount) && billing.amount <= 0)
      issues.push({ path: ['billings', i, 'amount'], message: 'Enter an amount above zero.' });
  });
  return issues;
}

/** A queued body back as rows, to edit it while it waits (numbers in the practice's locale). */
export function draftRowsOf(body: AdhocProposal, money: MoneyLocale): DraftRows {
  const text = (n: number) => numberInputText(n, money.locale);
  const jobRows = (list: AdhocProposal['pmJobs']) =>
    (list ?? []).map((j) => ({ templateID: String(j.templateID), name: j.name, dueOn: j.dueOn ?? '' }));
  return {
    name: body.name,
    lines: body.services.map((l) => ({
      serviceID: String(l.serviceID),
      quantity: text(l.quantity ?? 1),
      price: l.price === undefined ? '' : text(l.price),
    })),
    pmJobs: jobRows(body.pmJobs),
    dmsJobs: jobRows(body.dmsJobs),
    billings: (body.billings ?? []).map((b) => ({
      description: b.description,
      amount: text(b.amount),
      billOn: b.billOn,
      kind: b.kind,
      frequency: b.frequency ?? '',
    })),
  };
}

/**
 * Issues at their place in the body → the editor's fields (`services.0.price`, `billings.1.frequency`,
 * `services` for the list as a whole); zod's own words come from SchemaForm's plain-issues error map.
 */
export function draftErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[issue.path.slice(0, 3).map(String).join('.')] ??= issue.message;
  return errors;
}

/** The lines a template gives, priced from the catalogue (what the practice will make of it). */
export const templateLines = (template: ProposalTemplate | undefined) =>
  (template?.serviceIDs ?? []).map((serviceID) => ({ serviceID }));
