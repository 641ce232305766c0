import { describe, expect, it } from 'vitest';
import { adhocProposalSchema, type ProposalService } from '../../../../../src-preload/contract/partner-api';
import {
  adhocBody,
  draftRowsOf,
  draftRules,
  draftTotals,
  servicesInTree,
  taxRateOf,
} from '../../../../../src-renderer/operations/proposals/new-proposal-draft';
import { pricedLine } from '../../../../../src-main/demo-practice/routes/proposal-drafts';

const service = (id: number, over: Partial<ProposalService> = {}): ProposalService => ({
  serviceID: id,
  parentServiceID: null,
  name: `Service ${id}`,
  detail: '',
  price: 100,
  rangeMin: null,
  rangeMax: null,
  taxAmount: 15,
  serviceType: 'Fixed',
  frequency: 'Annually',
  pricingType: 'Fixed price',
  ...over,
});
const show = (n: number) => `$${n.toFixed(2)}`;
const catalogs = (services: ProposalService[]) => ({
  services,
  templates: [],
  pmJobTemplates: [{ id: 301, name: 'Year-end accounts', description: null }],
  dmsJobTemplates: [],
});
const money = { locale: 'en-AU', currency: 'AUD' };

describe('a new proposal as the practice will price it', () => {
  it('taxes each line at the catalogue’s rate, rounded as the demo practice rounds it', () => {
    // The demo practice prices a line with its profile's rate; the catalogue carries that rate as tax on the catalogue price.
    const practice = { services: [service(1, { price: 333.33, taxAmount: 50 })], profile: { taxRate: 0.15 } };
    const ours = draftTotals([{ serviceID: 1, quantity: 3, price: 333.33 }], practice.services).lines[0]!;
    const theirs = pricedLine(practice as never, { serviceID: 1, quantity: 3, price: 333.33 }, 'x');
    expect(taxRateOf(practice.services[0]!)).toBe(0.15);
    expect({ tax: ours.tax, total: ours.total }).toEqual({ tax: theirs.taxAmount, total: theirs.lineTotal });
  });

  it('totals before tax, tax, total and first-year value (a monthly fee twelve times)', () => {
    const services = [service(1), service(2, { frequency: 'Monthly', price: 50, taxAmount: 7.5 })];
    const totals = draftTotals([{ serviceID: 1, quantity: 2 }, { serviceID: 2 }], services);
    expect(totals).toMatchObject({ net: 250, tax: 37.5, total: 287.5, firstYear: 230 + 57.5 * 12 });
  });

  it('lists children right under their parent, each level by name', () => {
    const tree = servicesInTree([
      service(3, { name: 'Payroll', parentServiceID: 1 }),
      service(2, { name: 'Audit' }),
      service(1, { name: 'Bookkeeping' }),
      service(4, { name: 'Orphan', parentServiceID: 99 }),
    ]);
    expect(tree.map((t) => `${t.depth}:${t.service.name}`)).toEqual([
      '0:Audit',
      '0:Bookkeeping',
      '1:Payroll',
      '0:Orphan',
    ]);
  });

  it('refuses a price outside a ranged service’s range, and accepts one inside it', () => {
    const ranged = service(5, { price: 1500, rangeMin: 1200, rangeMax: 2250 });
    const rules = (price: number) => draftRules({ services: [{ serviceID: 5, price }] }, catalogs([ranged]), show);
    expect(rules(2300)).toEqual([
      { path: ['services', 0, 'price'], message: 'Choose a price from $1200.00 to $2250.00.' },
    ]);
    expect(rules(1100)).toHaveLength(1);
    expect(rules(2000)).toEqual([]);
  });

  it('refuses a service or job template not in the catalogs, a service twice and a recurring billing without frequency', () => {
    const issues = draftRules(
      {
        services: [{ serviceID: 1 }, { serviceID: 1 }, { serviceID: 42 }],
        pmJobs: [{ templateID: 999, name: 'Job' }],
        billings: [
          { description: 'Monthly fee', amount: 10, billOn: '2027-01-01', kind: 'recurring', frequency: null },
        ],
      },
      catalogs([service(1)]),
      show,
    );
    expect(issues.map((i) => i.path.join('.'))).toEqual([
      'services.1.serviceID',
      'services.2.serviceID',
      'pmJobs.0.templateID',
      'billings.0.frequency',
    ]);
  });

  it('builds the contract’s body from the rows, and the rows again from a queued body', () => {
    const rows = {
      name: 'Advisory 2027',
      lines: [{ serviceID: '1', quantity: '2', price: '1,250.50' }],
      pmJobs: [{ templateID: '301', name: 'Year-end accounts', dueOn: '2027-06-30' }],
      dmsJobs: [],
      billings: [
        { description: 'Set-up', amount: '500', billOn: '2027-01-15', kind: 'invoice' as const, frequency: '' },
      ],
    };
    const body = adhocBody('11111111-1111-4111-8111-111111111111', '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b', rows, money);
    const parsed = adhocProposalSchema.parse(body);
    expect(parsed.services).toEqual([{ serviceID: 1, quantity: 2, price: 1250.5 }]);
    expect(parsed.billings).toEqual([
      { description: 'Set-up', amount: 500, billOn: '2027-01-15', kind: 'invoice', frequency: null },
    ]);
    expect(draftRowsOf(parsed, money).lines).toEqual([{ serviceID: '1', quantity: '2', price: '1250.5' }]);
  });
});
