import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Region } from '../../../../src-preload/contract/partner-api';
import type { StoredEntity } from '../../../../src-renderer/data/practice-db';
import { indexClients, searchClients, type ClientView, type WordSearch } from '../../../../src-renderer/search';
import { ClientSearchIndex, MatchTier } from '../../../../src-renderer/search/word-index';
import { phoneForms } from '../../../../src-renderer/search/phone-forms';
import { ReferenceSearchIndex, referenceSearch } from './reference-search';
import { client } from '../features/clients/stored-clients';
import { tierOf } from './tier-of';

// Few words, so that clients share words, prefixes and near misses (smith/smyth, jon/john/joan).
const WORDS = ['john', 'joan', 'jon', 'smith', 'smyth', 'smithers', 'jo', 'li', 'zoë', 'ngāta', 'trust', 'ab', 'abc'];
const word = fc.constantFrom(...WORDS);
const randomClient = fc.record({
  words: fc.array(word, { minLength: 1, maxLength: 3 }),
  code: fc.constantFrom('C1', 'AB12', 'jo', 'SMI01', 'Ñ7'),
  email: fc.option(fc.constantFrom('john@smith.example', 'ab@jo.example'), { nil: null }),
  mobile: fc.option(fc.constantFrom('0412 345 678', '+61 449 524 965', '0449524965'), { nil: null }),
  terminated: fc.boolean(),
  type: fc.constantFrom('Company', 'Trust'),
  office: fc.constantFrom('Sydney', null),
  updated: fc.integer({ min: 1, max: 28 }),
});
type RandomClient = typeof randomClient extends fc.Arbitrary<infer T> ? T : never;

const toStored = (c: RandomClient): StoredEntity =>
  client({
    fullEntityName: c.words.join(' '),
    entityCode: c.code,
    entityEmail: c.email,
    entityMobile: c.mobile,
    entityTerminated: c.terminated,
    entityType: c.type,
    officeName: c.office,
    updatedOn: `2025-01-${String(c.updated).padStart(2, '0')}T00:00:00Z`,
  });

/** Queries as people type them: word prefixes in any order, typos, parts of words, codes, phones. */
const query = fc.oneof(
  fc
    .array(
      fc.tuple(word, fc.nat(), fc.constantFrom('prefix', 'typo', 'inside')).map(([w, n, how]) => {
        const at = n % w.length;
        if (how === 'prefix') return w.slice(0, at + 1);
        if (how === 'inside') return w.slice(at);
        return w.slice(0, at) + w.slice(at + 1, at + 2) + w.slice(at, at + 1) + w.slice(at + 2);
      }),
      { minLength: 1, maxLength: 3 },
    )
    .map((words) => words.join(' ')),
  fc.constantFrom('c1', 'AB12', 'ñ7', 'smi01', '0412 345', '+61 412 345 678', '449524', '0449 524 965', 'x', ' '),
);
const view = fc.record<ClientView>({
  query,
  terminated: fc.constantFrom('active', 'all', 'terminated'),
  type: fc.constantFrom('', 'Trust'),
  office: fc.constantFrom('', 'Sydney', '(none)'),
  sort: fc.constantFrom('name', 'name-desc', 'code', 'updated'),
});

const region: Region = 'ANZ';
const fast = (index: ClientSearchIndex): WordSearch => ({ index, region });
const keys = (list: readonly StoredEntity[]) => list.map((e) => e.entityKey);

describe('the fast client search gives the list the simple search gives', () => {
  it('for random clients, filters, orders and queries, after the clients changed', () => {
    fc.assert(
      fc.property(
        fc.array(randomClient, { minLength: 1, maxLength: 25 }),
        fc.array(randomClient, { maxLength: 25 }),
        fc.array(view, { minLength: 1, maxLength: 6 }),
        (first, later, views) => {
          // A first snapshot, then one where some clients changed, some went and some came: the fast
          // index is left with numbers of clients that are gone, as it is after a sync.
          const before = first.map(toStored);
          const after = [
            ...before.filter((_, i) => i % 3 !== 0),
            ...before.filter((_, i) => i % 3 === 0 && i % 2 === 0).map((e) => ({ ...e, search: `${e.search} jon` })),
            ...later.map(toStored),
          ];
          const search = new ClientSearchIndex().syncNow(before).syncNow(after);
          const reference = new ReferenceSearchIndex().syncNow(after);
          const list = indexClients(after);
          for (const v of views) {
            const expected = referenceSearch(list, reference, v, (q) =>
              reference.matchAny([q, ...phoneForms(q, region)]),
            );
            expect(keys(searchClients(list, fast(search), v)), JSON.stringify(v)).toEqual(keys(expected));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('key by key, as a query is typed and deleted (results reused from the keys before)', () => {
    fc.assert(
      fc.property(fc.array(randomClient, { minLength: 1, maxLength: 30 }), view, (all, v) => {
        const stored = all.map(toStored);
        const search = fast(new ClientSearchIndex().syncNow(stored));
        const reference = new ReferenceSearchIndex().syncNow(stored);
        const list = indexClients(stored);
        const typed = [...v.query].map((_, i) => v.query.slice(0, i + 1));
        for (const q of [...typed, ...typed.reverse()]) {
          const at = { ...v, query: q };
          const expected = referenceSearch(list, reference, at, (text) =>
            reference.matchAny([text, ...phoneForms(text, region)]),
          );
          expect(keys(searchClients(list, search, at)), q).toEqual(keys(expected));
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe('the client search index while a sync renumbers the clients', () => {
  it('answers from the new numbers after a query ran between the slices of that sync', () => {
    const clients = Array.from({ length: 600 }, (_, i) => client({ fullEntityName: `Alpha${i} Trust` }));
    const edited = (round: number) => clients.map((e) => ({ ...e, search: `${e.search} r${round}` }));
    const search = new ClientSearchIndex().syncNow(clients).syncNow(edited(1)).syncNow(edited(2));
    // The third edit of every client leaves more numbers dead than alive: the sync ends by renumbering.
    const steps = search.sync(edited(3), 600);
    steps.next();
    expect(search.match('al tr').size).toBe(600);
    expect(search.match('trust').size).toBe(600);
    while (!steps.next().done);
    expect(search.match('al tr').size).toBe(600);
    expect(search.match('trust').size).toBe(600);
    for (const e of clients.filter((_, i) => i % 50 === 0)) {
      expect(tierOf(search, search.match('al tr'), e)).toBe(MatchTier.words);
      expect(tierOf(search, search.match('trust'), e)).toBe(MatchTier.words);
    }
  });
});
