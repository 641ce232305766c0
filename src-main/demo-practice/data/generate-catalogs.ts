import type { EformTemplate, OnboardingStatus, ProposalService } from '../../../src-preload/contract/partner-api';
import type { PracticeState } from '../state/practice-state';
import { isoDateTime, round2 } from './dates';
import type { Random } from './random';
import type { SalesTaxWork } from './regions/region-types';

export const onboardingStatuses: OnboardingStatus[] = [
  { statusID: 1, statusName: 'Draft', isFinal: false },
  { statusID: 2, statusName: 'In progress', isFinal: false },
  { statusID: 3, statusName: 'Awaiting approval', isFinal: false },
  { statusID: 4, statusName: 'Completed', isFinal: true },
  { statusID: 5, statusName: 'Cancelled', isFinal: true },
];
export const COMPLETED_STATUS_ID = 4;

export const eformTemplates: EformTemplate[] = [
  {
    templateId: 101,
    name: 'New client onboarding — individual',
    description: 'Identity, contact and tax details for a new individual client.',
    category: 'Onboarding',
    questionCount: 34,
  },
  {
    templateId: 102,
    name: 'New client onboarding — company',
    description: 'Company, directors, shareholders and banking details.',
    category: 'Onboarding',
    questionCount: 41,
  },
  {
    templateId: 103,
    name: 'Annual tax return questionnaire',
    description: 'Income, deductions and changes in circumstances for the year.',
    category: 'Tax',
    questionCount: 58,
  },
  {
    templateId: 104,
    name: 'AML / KYC declaration',
    description: 'Source of funds, beneficial ownership and politically exposed persons.',
    category: 'Compliance',
    questionCount: 22,
  },
  {
    templateId: 105,
    name: 'Engagement letter acknowledgement',
    description: 'Confirms the scope of work and terms of engagement.',
    category: 'Engagement',
    questionCount: 6,
  },
  {
    templateId: 106,
    name: 'Direct debit authority',
    description: 'Authorises the practice to collect fees by direct debit.',
    category: 'Billing',
    questionCount: 9,
  },
  {
    templateId: 107,
    name: 'Trust details',
    description: 'Trust deed, trustees, beneficiaries and appointor.',
    category: 'Onboarding',
    questionCount: 27,
  },
  {
    templateId: 108,
    name: 'Bank details update',
    description: 'New bank account for refunds and payments.',
    category: 'Billing',
    questionCount: 7,
  },
];

const serviceDefinitions = [
  {
    key: 'compliance',
    name: 'Annual compliance package',
    detail: 'Year-end accounts and tax returns',
    base: 2400,
    type: 'Fixed',
    frequency: 'Annually',
    pricing: 'Fixed price',
    parent: null,
  },
  {
    key: 'fs',
    name: 'Financial statements',
    detail: 'Preparation of annual financial statements',
    base: 1450,
    type: 'Fixed',
    frequency: 'Annually',
    pricing: 'Fixed price',
    parent: 'compliance',
  },
  {
    key: 'itr',
    name: 'Income tax return',
    detail: 'Preparation and lodgement of the income tax return',
    base: 650,
    type: 'Fixed',
    frequency: 'Annually',
    pricing: 'Fixed price',
    parent: 'compliance',
  },
  {
    key: 'salestax',
    // Named in each country's own words by generateServices (BAS, GST returns, VAT returns).
    name: 'Sales tax returns',
    detail: 'Periodic sales-tax returns',
    base: 380,
    type: 'Fixed',
    frequency: 'Quarterly',
    pricing: 'Fixed price',
    parent: null,
  },
  {
    key: 'payroll',
    name: 'Payroll processing',
    detail: 'Pay runs, payslips and filings',
    base: 240,
    type: 'Fixed',
    frequency: 'Monthly',
    pricing: 'Fixed price',
    parent: null,
  },
  {
    key: 'bookkeeping',
    name: 'Bookkeeping',
    detail: 'Monthly bookkeeping and reconciliations',
    base: 520,
    type: 'Range',
    frequency: 'Monthly',
    pricing: 'Range',
    parent: null,
  },
  {
    key: 'advisory',
    name: 'Business advisory',
    detail: 'Strategic and financial advice',
    base: 220,
    type: 'Hourly',
    frequency: 'Once',
    pricing: 'Hourly rate',
    parent: null,
  },
  {
    key: 'cashflow',
    name: 'Cash flow forecasting',
    detail: '12-month rolling cash flow forecast',
    base: 1200,
    type: 'Fixed',
    frequency: 'Once',
    pricing: 'Fixed price',
    parent: 'advisory',
  },
  {
    key: 'budget',
    name: 'Budget preparation',
    detail: 'Annual budget with monthly phasing',
    base: 900,
    type: 'Fixed',
    frequency: 'Annually',
    pricing: 'Fixed price',
    parent: 'advisory',
  },
  {
    key: 'trust',
    name: 'Trust administration',
    detail: 'Trust minutes, distributions and returns',
    base: 1100,
    type: 'Fixed',
    frequency: 'Annually',
    pricing: 'Fixed price',
    parent: null,
  },
  {
    key: 'smsf',
    name: 'Self-managed fund administration',
    detail: 'Accounts, audit liaison and annual return',
    base: 1950,
    type: 'Fixed',
    frequency: 'Annually',
    pricing: 'Fixed price',
    parent: null,
  },
  {
    key: 'secretarial',
    name: 'Company secretarial',
    detail: 'Registers, annual review and filings',
    base: 450,
    type: 'Fixed',
    frequency: 'Annually',
    pricing: 'Fixed price',
    parent: null,
  },
  {
    key: 'setup',
    name: 'Company set-up',
    detail: 'Incorporation and registrations',
    base: 990,
    type: 'Fixed',
    frequency: 'Once',
    pricing: 'Fixed price',
    parent: null,
  },
  {
    key: 'audit',
    name: 'Audit support',
    detail: 'Preparing for and liaising with auditors',
    base: 180,
    type: 'Hourly',
    frequency: 'Once',
    pricing: 'Hourly rate',
    parent: null,
  },
  {
    key: 'estate',
    name: 'Estate planning review',
    detail: 'Review of structures, wills and succession',
    base: 1500,
    type: 'Range',
    frequency: 'Once',
    pricing: 'Range',
    parent: null,
  },
  {
    key: 'cfo',
    name: 'Virtual CFO',
    detail: 'Monthly management reporting and board pack',
    base: 1800,
    type: 'Fixed',
    frequency: 'Monthly',
    pricing: 'Fixed price',
    parent: null,
  },
] as const;

/** The catalogue's id of a service definition (`salestax`, `itr`…). */
const serviceIdOf = (key: string): number => 201 + serviceDefinitions.findIndex((d) => d.key === key);

/**
 * Prices scale by region (a GBP fee is not the same number as an AUD fee); the sales-tax work is named as the
 * practice's country names it.
 */
export function generateServices(priceFactor: number, taxRate: number, salesTax: SalesTaxWork): ProposalService[] {
  const ids = new Map(serviceDefinitions.map((definition, i) => [definition.key, 201 + i]));
  return serviceDefinitions.map((original, i) => {
    const definition =
      original.key === 'salestax' ? { ...original, name: salesTax.service, detail: salesTax.detail } : original;
    const price = round2(Math.round((definition.base * priceFactor) / 5) * 5);
    const ranged = definition.type === 'Range';
    return {
      serviceID: 201 + i,
      parentServiceID: definition.parent ? (ids.get(definition.parent) ?? null) : null,
      name: definition.name,
      detail: definition.detail,
      price,
      rangeMin: ranged ? round2(price * 0.8) : null,
      rangeMax: ranged ? round2(price * 1.5) : null,
      taxAmount: round2(price * taxRate),
      serviceType: definition.type,
      frequency: definition.frequency,
      pricingType: definition.pricing,
    };
  });
}

export function generateCatalogs(salesTax: SalesTaxWork): PracticeState['catalogs'] {
  const items = (names: string[], first: number) =>
    names.map((name, i) => ({ id: first + i, name, description: null }));
  return {
    'pm-job-templates': items(
      [
        'Year-end accounts',
        'Tax return',
        salesTax.job,
        'Payroll month-end',
        'Advisory meeting',
        'Trust distribution minutes',
      ],
      301,
    ),
    'pm-job-categories': items(['Compliance', 'Advisory', 'Payroll', 'Bookkeeping', 'Secretarial'], 401),
    'pm-staff': items(['Unassigned', 'Partner review', 'Manager review', 'Preparer'], 501),
    'dms-job-templates': items(['Client file', 'Year-end workpapers', 'Permanent file'], 601),
    'dms-job-states': items(['Open', 'In review', 'Signed off', 'Archived'], 701),
  };
}

export function generateProposalTemplates(): PracticeState['proposalTemplates'] {
  const id = serviceIdOf;
  return [
    { templateID: 801, name: 'Individual tax client', serviceIDs: [id('itr')] },
    {
      templateID: 802,
      name: 'Small company compliance',
      serviceIDs: [id('compliance'), id('fs'), id('itr'), id('salestax')],
    },
    {
      templateID: 803,
      name: 'Growth advisory',
      serviceIDs: [id('advisory'), id('cashflow'), id('cfo')],
    },
  ];
}

export function generateLedger(
  random: Random,
  connected: boolean,
  anchor: Date,
  taxLabel: string,
  taxRate: number,
  organisationName: string,
  salesTax: SalesTaxWork,
): PracticeState['ledger'] {
  if (!connected) {
    return {
      status: { connected: false, ledger: null, organisationName: null, lastSyncOn: null, saleItems: [] },
      accounts: [],
      taxRates: [],
      brandingThemes: [],
    };
  }
  const key = () => random.uuid();
  return {
    status: {
      connected: true,
      ledger: 'ledger_a',
      organisationName,
      lastSyncOn: isoDateTime(new Date(anchor.getTime() - 3_600_000)),
      saleItems: [
        { code: 'ACC-ITR', name: 'Income tax return', unitPrice: 650 },
        { code: salesTax.saleItemCode, name: salesTax.job, unitPrice: 380 },
        { code: 'ADV-HR', name: 'Advisory (per hour)', unitPrice: 220 },
      ],
    },
    accounts: [
      { extAccountID: key(), code: '200', name: 'Fee income', type: 'REVENUE' },
      { extAccountID: key(), code: '210', name: 'Advisory income', type: 'REVENUE' },
      { extAccountID: key(), code: '260', name: 'Other revenue', type: 'REVENUE' },
      { extAccountID: key(), code: '400', name: 'Advertising', type: 'EXPENSE' },
    ],
    taxRates: [
      { extTaxID: 'OUTPUT', name: `${taxLabel} on income`, rate: taxRate },
      { extTaxID: 'EXEMPTOUTPUT', name: `${taxLabel} free income`, rate: 0 },
    ],
    brandingThemes: [
      { id: key(), name: 'Standard', isDefault: false },
      { id: key(), name: 'Practice branded', isDefault: true },
    ],
  };
}
