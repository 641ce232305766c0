import { describe, expect, it } from 'vitest';
import { generateDemoData } from '../../../../src-main/demo-practice/data/generate-demo-data';
import type { StoredEntity } from '../../../../src-renderer/data/practice-db';
import { foldForSearch } from '../../../../src-renderer/search';
import { client, stored } from '../features/clients/stored-clients';
import {
  DEFAULT_CLIENT_VIEW,
  NO_OFFICE,
  indexClients,
  isNarrowed,
  type ClientView,
} from '../../../../src-renderer/search';
import { filterClients } from '../../../../src-renderer/search/substring-search';

const clients = [
  client({ fullEntityName: 'zeta Holdings Pty Ltd', entityCode: 'C-10', updatedOn: '2025-03-01T00:00:00Z' }),
  client({ fullEntityName: 'Élan Family Trust', entityType: 'Trust', officeName: 'Melbourne', entityCode: 'C-2' }),
  client({ fullEntityName: 'Alpha Pty Ltd', entityCode: 'C-1', entityMobile: '0412 345 678' }),
  client({ fullEntityName: 'beta Partners', entityType: 'Partnership', officeName: null, entityCode: 'C-3' }),
  // 10:00 at +10:00 is midnight UTC: older than 01:00Z although its text sorts later.
  client({
    fullEntityName: 'Client 10',
    entityType: 'Individual',
    updatedOn: '2025-06-01T10:00:00+10:00',
    entityCode: 'C-4',
  }),
  client({
    fullEntityName: 'Client 9',
    entityType: 'Individual',
    updatedOn: '2025-06-01T01:00:00Z',
    entityCode: 'C-5',
    entityEmail: 'zoe@example.com',
  }),
  client({
    fullEntityName: 'Zoë Ngāta',
    entityType: 'Individual',
    entityTerminated: true,
    officeName: 'Melbourne',
    entityCode: 'C-6',
    updatedOn: '2025-12-01T00:00:00Z',
  }),
  client({ fullEntityName: 'Omega Trust', entityType: 'Trust', entityTerminated: true, entityCode: 'C-7' }),
];
const names = (list: readonly StoredEntity[]) => list.map((e) => e.fullEntityName);
const show = (view: Partial<ClientView>, list = clients) =>
  names(filterClients(indexClients(list), { ...DEFAULT_CLIENT_VIEW, ...view }));

describe('client list: filter and sort', () => {
  it('by default hides terminated clients and sorts by name A→Z, ignoring case and accents, numbers by value', () => {
    expect(show({})).toEqual([
      'Alpha Pty Ltd',
      'beta Partners',
      'Client 9',
      'Client 10',
      'Élan Family Trust',
      'zeta Holdings Pty Ltd',
    ]);
  });

  it('shows all clients, or only the terminated ones', () => {
    expect(show({ terminated: 'all' })).toHaveLength(8);
    expect(show({ terminated: 'terminated' })).toEqual(['Omega Trust', 'Zoë Ngāta']);
  });

  it('filters by entity type and by office, including clients with no office', () => {
    expect(show({ type: 'Trust' })).toEqual(['Élan Family Trust']);
    expect(show({ type: 'Trust', terminated: 'all' })).toEqual(['Élan Family Trust', 'Omega Trust']);
    expect(show({ office: 'Melbourne', terminated: 'all' })).toEqual(['Élan Family Trust', 'Zoë Ngāta']);
    expect(show({ office: NO_OFFICE })).toEqual(['beta Partners']);
  });

  it('sorts Z→A, by client code (C-2 before C-10) and by most recent update compared as instants', () => {
    expect(show({ sort: 'name-desc' })).toEqual([
      'zeta Holdings Pty Ltd',
      'Élan Family Trust',
      'Client 10',
      'Client 9',
      'beta Partners',
      'Alpha Pty Ltd',
    ]);
    expect(show({ sort: 'code' }).slice(0, 3)).toEqual(['Alpha Pty Ltd', 'Élan Family Trust', 'beta Partners']);
    expect(show({ sort: 'code' }).at(-1)).toBe('zeta Holdings Pty Ltd');
    expect(show({ sort: 'updated' }).slice(0, 3)).toEqual(['Client 9', 'Client 10', 'zeta Holdings Pty Ltd']);
  });

  it('combines the search (case- and accent-insensitive, phones by digits) with the filters and the order', () => {
    expect(show({ query: 'ZOE', terminated: 'all' })).toEqual(['Client 9', 'Zoë Ngāta']);
    expect(show({ query: 'ZOE' })).toEqual(['Client 9']);
    expect(show({ query: 'ngata', terminated: 'terminated' })).toEqual(['Zoë Ngāta']);
    expect(show({ query: '0412 345' })).toEqual(['Alpha Pty Ltd']);
    expect(show({ query: 'trust', terminated: 'all', sort: 'name-desc' })).toEqual([
      'Omega Trust',
      'Élan Family Trust',
    ]);
    expect(show({ query: 'trust', office: 'Sydney', terminated: 'all' })).toEqual(['Omega Trust']);
    expect(show({ query: 'no such client' })).toEqual([]);
  });

  it('offers the types and offices present in the local data, alphabetically', () => {
    const index = indexClients(clients);
    expect(index.types).toEqual(['Company', 'Individual', 'Partnership', 'Trust']);
    expect(index.offices).toEqual(['Melbourne', 'Sydney']);
    expect(index.hasNoOffice).toBe(true);
    expect(indexClients(clients.filter((c) => c.officeName)).hasNoOffice).toBe(false);
  });

  it('sorts each order once per snapshot, so a keystroke is one pass', () => {
    const index = indexClients(clients);
    expect(index.ordered('updated')).toBe(index.ordered('updated'));
    expect(filterClients(index, { ...DEFAULT_CLIENT_VIEW, terminated: 'all' })).toBe(index.ordered('name'));
  });

  it('knows when the view narrows the list beyond the default', () => {
    expect(isNarrowed(DEFAULT_CLIENT_VIEW)).toBe(false);
    expect(isNarrowed({ ...DEFAULT_CLIENT_VIEW, sort: 'code' })).toBe(false);
    expect(isNarrowed({ ...DEFAULT_CLIENT_VIEW, query: ' x ' })).toBe(true);
    expect(isNarrowed({ ...DEFAULT_CLIENT_VIEW, terminated: 'terminated' })).toBe(true);
    expect(isNarrowed({ ...DEFAULT_CLIENT_VIEW, office: NO_OFFICE })).toBe(true);
  });
});

describe('client list on the large demo practice (20,000 clients)', () => {
  const [practice] = generateDemoData({ seed: 42, size: 'large', anchor: new Date('2026-01-15T00:00:00Z') });
  const all = [...practice!.entities.values()].map(stored);
  const index = indexClients(all);
  const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

  it('has the size, types and offices the filters need', () => {
    expect(all.length).toBe(20_000);
    expect(index.types.length).toBeGreaterThanOrEqual(4);
    expect(index.offices.length).toBeGreaterThanOrEqual(2);
    expect(all.some((e) => e.entityTerminated)).toBe(true);
  });

  it.each([
    [{ sort: 'name' }, (a: StoredEntity, b: StoredEntity) => collator.compare(a.fullEntityName, b.fullEntityName) <= 0],
    [
      { sort: 'name-desc', terminated: 'terminated' },
      (a: StoredEntity, b: StoredEntity) => collator.compare(a.fullEntityName, b.fullEntityName) >= 0,
    ],
    [
      { sort: 'code', type: 'Trust' },
      (a: StoredEntity, b: StoredEntity) => collator.compare(a.entityCode, b.entityCode) <= 0,
    ],
    [
      { sort: 'updated', office: 'Melbourne', terminated: 'all', query: 'smith' },
      (a: StoredEntity, b: StoredEntity) => Date.parse(a.updatedOn) >= Date.parse(b.updatedOn),
    ],
  ] as Array<[Partial<ClientView>, (a: StoredEntity, b: StoredEntity) => boolean]>)(
    '%o: exactly the matching clients, in order',
    (partial, inOrder) => {
      const view = { ...DEFAULT_CLIENT_VIEW, ...partial };
      const result = filterClients(index, view);
      const needle = foldForSearch(view.query);
      const expected = all.filter(
        (e) =>
          (view.terminated === 'all' || e.entityTerminated === (view.terminated === 'terminated')) &&
          (!view.type || e.entityType === view.type) &&
          (!view.office || e.officeName === view.office) &&
          e.search.includes(needle),
      );
      expect(result.length).toBeGreaterThan(0);
      expect(new Set(result.map((e) => e.entityKey))).toEqual(new Set(expected.map((e) => e.entityKey)));
      expect(result.length).toBe(expected.length);
      for (let i = 1; i < result.length; i++) expect(inOrder(result[i - 1]!, result[i]!)).toBe(true);
    },
  );

  it('typing, refining and deleting characters (results reused from earlier keystrokes) always gives exactly the matching clients in order', () => {
    const fresh = indexClients(all); // its own memo: the sequence below starts cold
    const someone = all.find((e) => e.entityMobile && !e.entityTerminated)!;
    const digits = someone.entityMobile!.replace(/\D/g, '');
    const word = foldForSearch(someone.fullEntityName.split(' ')[0]!);
    const typed = [
      ...[...word].map((_, i) => word.slice(0, i + 1)),
      word.slice(0, 2),
      '',
      ...[...digits.slice(0, 6)].map((_, i) => digits.slice(0, i + 1)),
      digits.slice(0, 3),
    ];
    const ordered = fresh.ordered('name').filter((e) => !e.entityTerminated);
    for (const query of typed) {
      const needle = foldForSearch(query);
      const numeric = query.replace(/\D/g, '');
      const expected = ordered.filter(
        (e) => !needle || e.search.includes(needle) || (numeric.length >= 3 && e.search.includes(numeric)),
      );
      const result = filterClients(fresh, { ...DEFAULT_CLIENT_VIEW, query });
      expect(
        result.map((e) => e.entityKey),
        `query "${query}"`,
      ).toEqual(expected.map((e) => e.entityKey));
    }
    // Text and digits that match different clients, each on a cold index: both scans, merged in order.
    for (const query of [
      someone.entityMobile!.slice(0, 7),
      `${word.slice(0, 3)} ${digits.slice(0, 4)}`,
      `${digits.slice(1, 4)}${word.slice(0, 1)}`,
    ]) {
      const needle = foldForSearch(query);
      const numeric = query.replace(/\D/g, '');
      const expected = ordered.filter((e) => e.search.includes(needle) || e.search.includes(numeric));
      expect(expected.length, `query "${query}"`).toBeGreaterThan(0);
      expect(
        filterClients(indexClients(all), { ...DEFAULT_CLIENT_VIEW, query }).map((e) => e.entityKey),
        `query "${query}"`,
      ).toEqual(expected.map((e) => e.entityKey));
    }
  });
});
