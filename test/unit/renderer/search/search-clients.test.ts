import { describe, expect, it } from 'vitest';
import {
  ClientSearchIndex,
  DEFAULT_CLIENT_VIEW,
  indexClients,
  searchClients,
  type ClientView,
  type SearchableClient,
  type WordSearch,
} from '../../../../src-renderer/search';
import { client } from '../features/clients/stored-clients';

// Only the module's public entry: what the client list calls for each keystroke.
const clients = [
  client({ fullEntityName: 'Zoë Ngāta', entityCode: 'NGA01', entityMobile: '0449 524 965' }),
  client({ fullEntityName: 'John Smith', entityCode: 'SMI01', entityEmail: 'john@smith.example' }),
  client({ fullEntityName: 'Smithers & Johnson Pty Ltd', entityCode: 'SMI02', entityTelephone: '+61 2 9876 5432' }),
  client({ fullEntityName: 'Joan Smyth', entityCode: 'SMY01' }),
  client({ fullEntityName: 'Blacksmith Trust', entityCode: 'BLA01', entityType: 'Trust' }),
  client({ fullEntityName: 'Élan Family Trust', entityCode: 'ELA01', entityType: 'Trust' }),
  client({ fullEntityName: 'Alpha Holdings', entityCode: 'HAR0012' }),
  client({ fullEntityName: 'Harper Family Trust', entityCode: 'HAR001', entityType: 'Trust' }),
  client({ fullEntityName: 'Omega Trust', entityCode: 'OME01', entityType: 'Trust', entityTerminated: true }),
];
const list = indexClients(clients);
const ready: WordSearch = { index: new ClientSearchIndex().syncNow(clients), region: 'ANZ' };
const names = (shown: readonly SearchableClient[]) => shown.map((e) => e.fullEntityName);
/** The names a keystroke shows, in the order shown. */
const typed = (query: string, view: Partial<ClientView> = {}, words: WordSearch | null = ready) =>
  names(searchClients(list, words, { ...DEFAULT_CLIENT_VIEW, ...view, query }));

describe('searchClients: one call per keystroke gives the rows the list shows', () => {
  it('without a query, every current client in the chosen order', () => {
    expect(typed('')).toEqual([
      'Alpha Holdings',
      'Blacksmith Trust',
      'Élan Family Trust',
      'Harper Family Trust',
      'Joan Smyth',
      'John Smith',
      'Smithers & Johnson Pty Ltd',
      'Zoë Ngāta',
    ]);
    expect(typed('   ', { sort: 'code' })[0]).toBe('Blacksmith Trust');
  });

  it('by name: word matches, then substring-only ones, then typos, each group in the chosen order', () => {
    expect(typed('smith')).toEqual(['John Smith', 'Smithers & Johnson Pty Ltd', 'Blacksmith Trust', 'Joan Smyth']);
    expect(typed('smith', { sort: 'name-desc' })).toEqual([
      'Smithers & Johnson Pty Ltd',
      'John Smith',
      'Blacksmith Trust',
      'Joan Smyth',
    ]);
    // "smyth" and "joan" are each one letter from a word typed: found, but after the exact matches.
    expect(typed('SMITH john')).toEqual(['John Smith', 'Smithers & Johnson Pty Ltd', 'Joan Smyth']);
    expect(typed('jonh smith')).toEqual(['John Smith', 'Smithers & Johnson Pty Ltd']);
    expect(typed('nobody here')).toEqual([]);
  });

  it('ignores accents and case, in the query and in the name', () => {
    expect(typed('ngata zoe')).toEqual(['Zoë Ngāta']);
    expect(typed('NGĀTA')).toEqual(['Zoë Ngāta']);
    expect(typed('elan')).toEqual(['Élan Family Trust']);
    expect(typed('Élan fam')).toEqual(['Élan Family Trust']);
  });

  it("finds a phone number however it is typed, in the practice region's other forms too", () => {
    for (const phone of ['0449 524 965', '0449524965', '+61 449 524 965', '+61449524965', '0061 449 524 965'])
      expect(typed(phone), phone).toEqual(['Zoë Ngāta']);
    expect(typed('524 965')).toEqual(['Zoë Ngāta']);
    expect(typed('(02) 9876 5432')).toEqual(['Smithers & Johnson Pty Ltd']);
    // Another region's country code is not the practice's: the national form is not searched.
    expect(typed('+61 449 524 965', {}, { ...ready, region: 'UK' })).toEqual([]);
  });

  it('puts the client whose code is typed whole first, in any case, before the word matches that sort earlier', () => {
    expect(typed('har001')).toEqual(['Harper Family Trust', 'Alpha Holdings']);
    expect(typed('HAR00')).toEqual(['Alpha Holdings', 'Harper Family Trust']);
    expect(typed(' Har001 ')).toEqual(['Harper Family Trust', 'Alpha Holdings']);
    // "bla01" is one letter from the code typed: found with a typo, after the client named.
    expect(typed('ela01')).toEqual(['Élan Family Trust', 'Blacksmith Trust']);
  });

  it('applies the filters to what the query finds', () => {
    expect(typed('trust')).toEqual(['Blacksmith Trust', 'Élan Family Trust', 'Harper Family Trust']);
    expect(typed('trust', { terminated: 'all' })).toEqual([
      'Blacksmith Trust',
      'Élan Family Trust',
      'Harper Family Trust',
      'Omega Trust',
    ]);
    expect(typed('trust', { terminated: 'terminated' })).toEqual(['Omega Trust']);
    expect(typed('smith', { type: 'Trust' })).toEqual(['Blacksmith Trust']);
  });

  it('searches by substring alone until the word index is ready, so nothing typed meanwhile is lost', () => {
    expect(typed('smith', {}, null)).toEqual(['Blacksmith Trust', 'John Smith', 'Smithers & Johnson Pty Ltd']);
    expect(typed('smith john', {}, null)).toEqual([]);
    expect(typed('0449 524', {}, null)).toEqual(['Zoë Ngāta']);
    expect(typed('har001', {}, null)).toEqual(['Harper Family Trust', 'Alpha Holdings']);
  });

  it('gives the same rows key by key as typed at once (results reused from the keys before)', () => {
    for (const query of ['smith john', '+61 449 524 965', 'har001', 'jonh']) {
      const keys = [...query].map((_, i) => query.slice(0, i + 1));
      const fresh = indexClients(clients);
      const byKey = [...keys, ...[...keys].reverse()].map((q) =>
        names(searchClients(fresh, ready, { ...DEFAULT_CLIENT_VIEW, query: q })),
      );
      expect(byKey, query).toEqual([...keys, ...[...keys].reverse()].map((q) => typed(q)));
    }
  });
});
