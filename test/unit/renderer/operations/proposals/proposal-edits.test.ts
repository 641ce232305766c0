import { describe, expect, it } from 'vitest';
import {
  externalProjectIssues,
  externalProjectsPutSchema,
  servicesPutSchema,
  type ProposalDetail,
  type ProposalService,
} from '../../../../../src-preload/contract/partner-api';
import {
  newProjectRow,
  newServiceRow,
  projectRowsOf,
  projectsBody,
  projectsErrors,
  serviceRowsOf,
  servicesBody,
  servicesErrors,
  servicesInputIssues,
  projectsInputIssues,
  withService,
  type ProjectRow,
  type ServiceRow,
} from '../../../../../src-renderer/operations/proposals/proposal-edits';

const AU = { locale: 'en-AU', currency: 'AUD' };
const USER = '55555555-5555-4555-8555-555555555555';

/* ---------- services ---------- */

const service = (serviceID: number, price: number): ProposalService => ({
  serviceID,
  parentServiceID: null,
  name: `Service ${serviceID}`,
  detail: '',
  price,
  rangeMin: null,
  rangeMax: null,
  taxAmount: 0,
  serviceType: 'Fixed',
  frequency: 'Monthly',
  pricingType: 'Fixed',
});
const catalogue = [service(10, 250), service(11, 99.5)];

describe('services', () => {
  it('serviceRowsOf turns stored lines into text rows', () => {
    expect(
      serviceRowsOf([{ serviceID: 10, serviceName: 'S', price: 250.5, quantity: 2, taxAmount: 0, lineTotal: 501 }], AU),
    ).toEqual([{ serviceID: '10', quantity: '2', price: '250.5' }]);
  });

  it('servicesBody: numbers read, a blank price left out so the catalogue price applies', () => {
    const body = servicesBody(
      USER,
      [
        { serviceID: '10', quantity: '2', price: '1,200' },
        { serviceID: '11', quantity: '1', price: '' },
      ],
      AU,
    );
    expect(body).toEqual({
      userKey: USER,
      services: [
        { serviceID: 10, quantity: 2, price: 1200 },
        { serviceID: 11, quantity: 1 },
      ],
    });
    expect('price' in body.services[1]!).toBe(false);
    expect(servicesPutSchema.safeParse(body).success).toBe(true);
  });

  it('servicesBody: no service chosen → serviceID undefined; blank quantity → undefined; junk → NaN', () => {
    const body = servicesBody(
      USER,
      [
        { serviceID: '', quantity: '', price: '' },
        { serviceID: '10', quantity: 'two', price: 'lots' },
      ],
      AU,
    );
    expect(body.services[0]).toEqual({ serviceID: undefined, quantity: undefined });
    expect(body.services[1]!.quantity).toBeNaN();
    expect(body.services[1]!.price).toBeNaN();
  });

  it('withService fills the catalogue price only where none was typed', () => {
    expect(withService(newServiceRow(), '10', catalogue, AU)).toEqual({ serviceID: '10', quantity: '1', price: '250' });
    expect(withService({ serviceID: '10', quantity: '1', price: '300' }, '11', catalogue, AU)).toEqual({
      serviceID: '11',
      quantity: '1',
      price: '300',
    });
    expect(withService(newServiceRow(), '99', catalogue, AU)).toEqual({ serviceID: '99', quantity: '1', price: '' });
    expect(withService({ serviceID: '10', quantity: '1', price: '   ' }, '11', catalogue, AU).price).toBe('99.5');
  });

  it('a South African practice types prices and quantities as the app shows them; what cannot be read is an input issue', () => {
    const ZA = { locale: 'en-ZA', currency: 'ZAR' };
    expect(servicesBody(USER, [{ serviceID: '10', quantity: '1,5', price: 'R 1 234,50' }], ZA).services).toEqual([
      { serviceID: 10, quantity: 1.5, price: 1234.5 },
    ]);
    expect(
      serviceRowsOf([{ serviceID: 10, serviceName: 'S', price: 250.5, quantity: 2, taxAmount: 0, lineTotal: 501 }], ZA),
    ).toEqual([{ serviceID: '10', quantity: '2', price: '250,5' }]);
    const rows = [{ serviceID: '10', quantity: '1', price: '1,234' }];
    expect(servicesBody(USER, rows, ZA).services[0]!.price).toBeNaN();
    const issues = servicesInputIssues(rows, ZA);
    expect(issues).toEqual([{ path: ['services', 0, 'price'], message: expect.stringContaining('could be 1 234') }]);
    expect(
      servicesErrors({
        issues: [
          { code: 'custom', ...issues[0]! },
          { code: 'invalid_type', path: ['services', 0, 'price'], message: 'x' },
        ],
      }),
    ).toEqual({ 'service.0.price': issues[0]!.message });
    expect(servicesInputIssues([{ serviceID: '10', quantity: '1', price: '' }], ZA)).toEqual([]);
  });

  describe('servicesErrors via servicesPutSchema (as the services form checks)', () => {
    const schema = servicesPutSchema.refine((v) => v.services.length > 0, {
      path: ['services'],
      message: 'Keep at least one service.',
    });
    const errorsOf = (rows: ServiceRow[], userKey = USER) => {
      const result = schema.safeParse(servicesBody(userKey, rows, AU));
      return result.success ? {} : servicesErrors(result.error);
    };

    it('a valid list has no errors', () => {
      expect(errorsOf([{ serviceID: '10', quantity: '1', price: '' }])).toEqual({});
    });

    it('line problems show under service.<row>.<field> in plain words', () => {
      expect(
        errorsOf([
          { serviceID: '', quantity: '1', price: '' },
          { serviceID: '10', quantity: 'x', price: '' },
          { serviceID: '11', quantity: '0', price: 'lots' },
        ]),
      ).toEqual({
        'service.0.serviceID': 'Choose a service from the catalogue.',
        'service.1.quantity': 'Enter a quantity above 0.',
        'service.2.quantity': 'Enter a quantity above 0.',
        'service.2.price': 'Enter a price, or leave it blank for the catalogue price.',
      });
    });

    it("list problems show under '', other fields under their name", () => {
      expect(errorsOf([])).toEqual({ '': 'Keep at least one service.' });
      expect(Object.keys(errorsOf([{ serviceID: '10', quantity: '1', price: '' }], ''))).toEqual(['userKey']);
    });
  });
});

/* ---------- external projects ---------- */

type StoredProject = ProposalDetail['externalProjects'][number];
const stored = (id: number, fields: Partial<StoredProject> = {}): StoredProject => ({
  id,
  name: `Project ${id}`,
  budget: 5000,
  budgetUnits: 'NZD',
  normalBillingRate: 180,
  hoursPerDay: 7.5,
  billingPeriod: 'Monthly',
  currency: 'NZD',
  isIr35: false,
  includeUnbilledTimeInProfitability: true,
  startsOn: '2026-07-01T09:30:00+12:00',
  endsOn: '2027-06-30T17:00:00+12:00',
  ...fields,
});
const defaults = { currency: 'NZD', startsOn: '2026-07-01', endsOn: '2027-06-30' };

describe('external projects', () => {
  it('projectRowsOf: text rows with whole-day dates, the practice timestamps kept aside', () => {
    const [first] = projectRowsOf([stored(4, { budget: 1234.5, hoursPerDay: 8, isIr35: true })], 'ANZ');
    expect(first).toEqual({
      id: 4,
      isNew: false,
      remove: false,
      name: 'Project 4',
      budget: '1234.5',
      budgetUnits: 'NZD',
      normalBillingRate: '180',
      hoursPerDay: '8',
      billingPeriod: 'Monthly',
      currency: 'NZD',
      isIr35: true,
      includeUnbilledTimeInProfitability: true,
      startsOn: '2026-07-01',
      endsOn: '2027-06-30',
      original: { startsOn: '2026-07-01T09:30:00+12:00', endsOn: '2027-06-30T17:00:00+12:00' },
    });
  });

  it('projectsBody: untouched dates go back exactly as the practice sent them', () => {
    const body = projectsBody(USER, projectRowsOf([stored(4)], 'ANZ'), 'ANZ');
    expect(body).toEqual({ userKey: USER, externalProjects: [{ ...stored(4), remove: false }] });
    expect(externalProjectsPutSchema.safeParse(body).success).toBe(true);
  });

  it('projectsBody: a changed date becomes midnight UTC of that day; the other date is kept', () => {
    const [row] = projectRowsOf([stored(4)], 'ANZ');
    const body = projectsBody(USER, [{ ...row!, endsOn: '2027-12-31' }], 'ANZ');
    expect(body.externalProjects[0]).toMatchObject({
      startsOn: '2026-07-01T09:30:00+12:00',
      endsOn: '2027-12-31T00:00:00.000Z',
    });
  });

  it('projectsBody: text is trimmed and read as numbers; a blank date stays blank (the schema refuses it)', () => {
    const row = {
      ...newProjectRow([], defaults),
      name: '  Audit  ',
      budget: '12,000',
      normalBillingRate: ' 150 ',
      currency: ' NZD ',
      startsOn: '',
    };
    const [project] = projectsBody(USER, [row], 'ANZ').externalProjects;
    expect(project).toMatchObject({
      name: 'Audit',
      budget: 12000,
      normalBillingRate: 150,
      hoursPerDay: 7.5,
      currency: 'NZD',
      startsOn: '',
      endsOn: '2027-06-30T00:00:00.000Z',
    });
  });

  it('projectsBody: removed existing rows are sent with remove: true; a new row also marked remove is dropped', () => {
    const [a, b] = projectRowsOf([stored(1), stored(2)], 'ANZ');
    const added = { ...newProjectRow([a!, b!], defaults), name: 'Dropped', remove: true };
    const body = projectsBody(USER, [a!, { ...b!, remove: true }, added], 'ANZ');
    expect(body.externalProjects.map((p) => [p.id, p.remove])).toEqual([
      [1, false],
      [2, true],
    ]);
  });

  it('newProjectRow picks an id no row uses (removed rows included) and the given defaults', () => {
    const rows = projectRowsOf([stored(3), stored(8)], 'ANZ');
    rows[1] = { ...rows[1]!, remove: true };
    const next = newProjectRow(rows, defaults);
    expect(next.id).toBe(9);
    expect(next).toMatchObject({
      isNew: true,
      remove: false,
      name: '',
      currency: 'NZD',
      budgetUnits: 'NZD',
      startsOn: '2026-07-01',
      endsOn: '2027-06-30',
    });
    expect(next.original).toBeUndefined();
    expect(newProjectRow([], defaults).id).toBe(1);
    expect(newProjectRow([next, ...rows], defaults).id).toBe(10);
  });

  it("budgets and rates are read in the locale of the project's currency, hours in the practice's", () => {
    const [row] = projectRowsOf(
      [stored(1, { currency: 'ZAR', budgetUnits: 'ZAR', budget: 12345.5, hoursPerDay: 7.5 })],
      'ZA',
    );
    expect(row).toMatchObject({ budget: '12345,5', hoursPerDay: '7,5' });
    const typed = { ...row!, budget: 'R 20 000', normalBillingRate: '1 250,50', hoursPerDay: '8,25' };
    expect(projectsBody(USER, [typed], 'ZA').externalProjects[0]).toMatchObject({
      budget: 20000,
      normalBillingRate: 1250.5,
      hoursPerDay: 8.25,
    });
    expect(projectsInputIssues([typed], 'ZA')).toEqual([]);
    expect(
      projectsInputIssues(
        [
          { ...typed, budget: '20,000' },
          { ...typed, id: 2, remove: true, budget: 'junk' },
        ],
        'ZA',
      ),
    ).toEqual([{ path: ['externalProjects', 0, 'budget'], message: expect.stringContaining('could be 20 000') }]);
  });

  describe("projectsErrors via externalProjectsPutSchema (with the practice's date rule, as the form checks)", () => {
    const schema = externalProjectsPutSchema.superRefine((value, ctx) => {
      for (const issue of externalProjectIssues(value.externalProjects))
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    });
    const errorsOf = (rows: ProjectRow[]) => {
      const body = projectsBody(USER, rows, 'ANZ');
      const result = schema.safeParse(body);
      return result.success ? {} : projectsErrors(result.error, body, rows);
    };
    const filled = (rows: readonly ProjectRow[], fields: Partial<ProjectRow> = {}): ProjectRow => ({
      ...newProjectRow(rows, defaults),
      name: 'New',
      budget: '100',
      normalBillingRate: '120',
      ...fields,
    });

    it('valid rows have no errors', () => {
      const rows = projectRowsOf([stored(1)], 'ANZ');
      expect(errorsOf([...rows, filled(rows)])).toEqual({});
    });

    it('a field problem shows on its form row in plain words', () => {
      const rows = projectRowsOf([stored(1), stored(2)], 'ANZ');
      rows[1] = { ...rows[1]!, budget: 'lots', startsOn: '' };
      expect(errorsOf(rows)).toEqual({
        'project.1.budget': 'Enter a budget.',
        'project.1.startsOn': 'Enter the start date.',
      });
    });

    it("a dropped new row shifts the body's indexes; errors still land on the right form row", () => {
      const rows = projectRowsOf([stored(1)], 'ANZ');
      const dropped = { ...filled(rows), remove: true };
      const broken = filled([...rows, dropped], { normalBillingRate: '' });
      expect(broken.id).toBe(3);
      const all = [rows[0]!, dropped, broken];
      expect(projectsBody(USER, all, 'ANZ').externalProjects.map((p) => p.id)).toEqual([1, 3]);
      expect(errorsOf(all)).toEqual({ 'project.2.normalBillingRate': 'Enter the normal billing rate.' });
    });

    it("the practice's own rule (end before start) keeps its message", () => {
      const rows = projectRowsOf([stored(1)], 'ANZ');
      const late = filled(rows, { startsOn: '2026-09-01', endsOn: '2026-08-01' });
      expect(errorsOf([{ ...rows[0]!, remove: true }, late])).toEqual({
        'project.1.endsOn': 'The project cannot end before it starts.',
      });
    });

    it("list and top-level problems show under '' and their own name", () => {
      expect(
        projectsErrors(
          {
            issues: [
              { code: 'custom', path: ['externalProjects'], message: 'none' },
              { code: 'custom', path: ['userKey'], message: 'who' },
            ],
          },
          projectsBody(USER, [], 'ANZ'),
          [],
        ),
      ).toEqual({ '': 'none', userKey: 'who' });
    });
  });
});
