import {
  externalProjectIssues,
  type ExternalProject,
  type ProposalDetail,
  type ProposalService,
  type RuleIssue,
} from '../../../src-preload/contract/partner-api';
import { dayStartMs } from '../../../src-preload/contract/iso-day';
import type { MoneyLocale } from '../billing/adhoc-bill-draft';
import type { FieldErrors, FormIssues } from '../../ui/form-kit';
import { inputIssue, numberInputText, numberOrNaN } from '../../ui/regional/money-input';
import { moneyLocale } from '../../ui/regional/regional-format';

/* ---------- services ---------- */

/** A service line as typed; a blank price means "the catalogue price". */
export interface ServiceRow {
  serviceID: string;
  quantity: string;
  price: string;
}

export const serviceRowsOf = (lines: ProposalDetail['pricing']['services'], money: MoneyLocale): ServiceRow[] =>
  lines.map((l) => ({
    serviceID: String(l.serviceID),
    quantity: numberInputText(l.quantity, money.locale),
    price: numberInputText(l.price, money.locale),
  }));

export const newServiceRow = (): ServiceRow => ({ serviceID: '', quantity: '1', price: '' });

/** The whole list for `PUT …/services` (it replaces every line). */
export function servicesBody(userKey: string, rows: readonly ServiceRow[], money: MoneyLocale) {
  return {
    userKey,
    services: rows.map((row) => {
      const price = numberOrNaN(row.price, money);
      return {
        serviceID: row.serviceID === '' ? undefined : Number(row.serviceID),
        quantity: numberOrNaN(row.quantity, { locale: money.locale }),
        ...(price === undefined ? {} : { price }),
      };
    }),
  };
}

/** Quantities and prices that cannot be read in the practice's locale. */
export function servicesInputIssues(rows: readonly ServiceRow[], money: MoneyLocale): RuleIssue[] {
  return rows.flatMap((row, index) => [
    ...inputIssue(row.quantity, { locale: money.locale }, ['services', index, 'quantity']),
    ...inputIssue(row.price, money, ['services', index, 'price']),
  ]);
}

/** Choosing a service fills in its catalogue price where none was typed. */
export function withService(
  row: ServiceRow,
  serviceID: string,
  catalogue: readonly ProposalService[],
  money: MoneyLocale,
): ServiceRow {
  const service = catalogue.find((s) => String(s.serviceID) === serviceID);
  return {
    ...row,
    serviceID,
    price: row.price.trim() || !service ? row.price : numberInputText(service.price, money.locale),
  };
}

const serviceHelp: Record<string, string> = {
  serviceID: 'Choose a service from the catalogue.',
  quantity: 'Enter a quantity above 0.',
  price: 'Enter a price, or leave it blank for the catalogue price.',
};

export function servicesErrors(error: FormIssues): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const [top, index, field] = issue.path;
    if (top === 'services' && typeof index === 'number' && typeof field === 'string')
      errors[`service.${index}.${field}`] ??=
        issue.code === 'custom' ? issue.message : (serviceHelp[field] ?? issue.message);
    else if (top === 'services') errors[''] ??= issue.message;
    else errors[String(top ?? '')] ??= issue.message;
  }
  return errors;
}

/* ---------- external projects ---------- */

/** A project as typed. Dates are whole days; the practice's time of day is kept when the day is unchanged. */
export interface ProjectRow {
  id: number;
  isNew: boolean;
  remove: boolean;
  name: string;
  budget: string;
  budgetUnits: string;
  normalBillingRate: string;
  hoursPerDay: string;
  billingPeriod: string;
  currency: string;
  isIr35: boolean;
  includeUnbilledTimeInProfitability: boolean;
  startsOn: string;
  endsOn: string;
  /** The practice's own timestamps, so an untouched date goes back exactly as it came. */
  original?: { startsOn: string; endsOn: string };
}

export const billingPeriods = ['Weekly', 'Monthly', 'Quarterly', 'Annually'] as const;

/**
 * A project's budget and rate are read in the locale of its own currency, as formatMoney shows them
 * (moneyLocale); its hours in the practice's.
 */
export const projectMoney = (row: Pick<ProjectRow, 'currency'>, region: string | undefined): MoneyLocale =>
  moneyLocale(region, row.currency);

export const projectRowsOf = (projects: ProposalDetail['externalProjects'], region: string | undefined): ProjectRow[] =>
  projects.map((p) => ({
    id: p.id,
    isNew: false,
    remove: false,
    name: p.name,
    budget: numberInputText(p.budget, projectMoney(p, region).locale),
    budgetUnits: p.budgetUnits,
    normalBillingRate: numberInputText(p.normalBillingRate, projectMoney(p, region).locale),
    hoursPerDay: numberInputText(p.hoursPerDay, moneyLocale(region).locale),
    billingPeriod: p.billingPeriod,
    currency: p.currency,
    isIr35: p.isIr35,
    includeUnbilledTimeInProfitability: p.includeUnbilledTimeInProfitability,
    startsOn: p.startsOn.slice(0, 10),
    endsOn: p.endsOn.slice(0, 10),
    original: { startsOn: p.startsOn, endsOn: p.endsOn },
  }));

/** A new project: an id the proposal does not use yet (the practice adds a project for an unknown id). */
export function newProjectRow(
  rows: readonly ProjectRow[],
  defaults: { currency: string; startsOn: string; endsOn: string },
): ProjectRow {
  const id = Math.max(0, ...rows.map((r) => r.id)) + 1;
  return {
    id,
    isNew: true,
    remove: false,
    name: '',
    budget: '',
    budgetUnits: defaults.currency,
    normalBillingRate: '',
    hoursPerDay: '7.5',
    billingPeriod: 'Monthly',
    currency: defaults.currency,
    isIr35: false,
    includeUnbilledTimeInProfitability: true,
    startsOn: defaults.startsOn,
    endsOn: defaults.endsOn,
  };
}

function dateTimeOf(day: string, original: string | undefined): string {
  if (original && original.slice(0, 10) === day) return original;
  return day ? new Date(dayStartMs(day)).toISOString() : '';
}

/** The rows the PUT carries: a new project dropped again is not sent at all. */
const keptProjects = (rows: readonly ProjectRow[]) => rows.filter((r) => !(r.isNew && r.remove));

/**
 * Every project goes in the PUT — unchanged, changed, new and removed (`remove: true`) — so the request
 * means the same whether the practice treats it as a full replacement or as edits by id.
 */
export function projectsBody(
  userKey: string,
  rows: readonly ProjectRow[],
  region: string | undefined,
): { userKey: string; externalProjects: Partial<ExternalProject>[] } {
  return {
    userKey,
    externalProjects: keptProjects(rows).map((r) => ({
      id: r.id,
      remove: r.remove,
      name: r.name.trim(),
      budget: numberOrNaN(r.budget, projectMoney(r, region)) as number,
      budgetUnits: r.budgetUnits.trim(),
      normalBillingRate: numberOrNaN(r.normalBillingRate, projectMoney(r, region)) as number,
      hoursPerDay: numberOrNaN(r.hoursPerDay, { locale: moneyLocale(region).locale }) as number,
      billingPeriod: r.billingPeriod,
      currency: r.currency.trim(),
      isIr35: r.isIr35,
      includeUnbilledTimeInProfitability: r.includeUnbilledTimeInProfitability,
      startsOn: dateTimeOf(r.startsOn, r.original?.startsOn),
      endsOn: dateTimeOf(r.endsOn, r.original?.endsOn),
    })),
  };
}

/** Budgets, rates and hours that cannot be read, at their place in the PUT (a removed project's numbers do not matter). */
export function projectsInputIssues(rows: readonly ProjectRow[], region: string | undefined): RuleIssue[] {
  return keptProjects(rows).flatMap((r, index) =>
    r.remove
      ? []
      : [
          ...inputIssue(r.budget, projectMoney(r, region), ['externalProjects', index, 'budget']),
          ...inputIssue(r.normalBillingRate, projectMoney(r, region), ['externalProjects', index, 'normalBillingRate']),
          ...inputIssue(r.hoursPerDay, { locale: moneyLocale(region).locale }, [
            'externalProjects',
            index,
            'hoursPerDay',
          ]),
        ],
  );
}

/** What the form asks beyond the schema: something to send, a name per kept project, and the practice's date rule. */
export function projectRules(projects: ReturnType<typeof projectsBody>['externalProjects']): RuleIssue[] {
  const issues: RuleIssue[] =
    projects.length === 0
      ? [{ path: ['externalProjects'], message: 'There are no projects to change: add one first.' }]
      : [];
  projects.forEach((p, i) => {
    if (!p.remove && !p.name?.trim())
      issues.push({ path: ['externalProjects', i, 'name'], message: 'Name the project.' });
  });
  const dated = projects.map((p) => ({
    id: p.id ?? 0,
    remove: p.remove ?? false,
    startsOn: p.startsOn ?? '',
    endsOn: p.endsOn ?? '',
  }));
  return [...issues, ...externalProjectIssues(dated).map(({ path, message }) => ({ path, message }))];
}

const projectHelp: Record<string, string> = {
  name: 'Name the project.',
  budget: 'Enter a budget.',
  normalBillingRate: 'Enter the normal billing rate.',
  hoursPerDay: 'Enter the hours in a working day.',
  startsOn: 'Enter the start date.',
  endsOn: 'Enter the end date.',
  budgetUnits: 'Say what the budget is counted in.',
  currency: 'Enter the currency code.',
};

/** Issues → `project.<row>.<field>`; the body's rows are the form's rows less dropped new ones, so ids map them back. */
export function projectsErrors(
  error: FormIssues,
  body: ReturnType<typeof projectsBody>,
  rows: readonly ProjectRow[],
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const [top, index, field] = issue.path;
    if (top === 'externalProjects' && typeof index === 'number' && typeof field === 'string') {
      const row = rows.findIndex((r) => r.id === body.externalProjects[index]?.id);
      errors[`project.${row}.${field}`] ??=
        issue.code === 'custom' ? issue.message : (projectHelp[field] ?? issue.message);
    } else if (top === 'externalProjects') errors[''] ??= issue.message;
    else errors[String(top ?? '')] ??= issue.message;
  }
  return errors;
}
