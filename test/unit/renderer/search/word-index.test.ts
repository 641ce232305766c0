import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateDemoData } from '../../../../src-main/demo-practice/data/generate-demo-data';
import { DEFAULT_CLIENT_VIEW, indexClients, searchClients, type ClientView } from '../../../../src-renderer/search';
import { filterClients } from '../../../../src-renderer/search/substring-search';
import { ClientSearchIndex, MatchTier, queryWords, transpositions } from '../../../../src-renderer/search/word-index';
import type { StoredEntity } from '../../../../src-renderer/data/practice-db';
import { client, stored } from '../features/clients/stored-clients';
import { tierOf } from './tier-of';

const clients = [
  client({ fullEntityName: 'John Smith', entityEmail: 'john@smith.example', entityMobile: '0412 345 678' }),
  client({ fullEntityName: 'Smithers & Johnson Pty Ltd', entityType: 'Partnership' }),
  client({ fullEntityName: 'Joan Smyth', officeName: 'Melbourne' }),
  client({ fullEntityName: 'Zoë Ngāta', entityCode: 'NGAT01', entityTerminated: true }),
  client({ fullEntityName: 'Blacksmith Trust', entityType: 'Trust' }),
  client({ fullEntityName: 'Jo Li' }),
];
const index = new ClientSearchIndex().syncNow(clients);
const names = (list: readonly StoredEntity[]) => list.map((e) => e.fullEntityName);
/** The names a query finds, by tier. */
function found(query: string, search = index, list: readonly StoredEntity[] = clients) {
  const matches = search.match(query);
  const byTier = (tier: MatchTier) => list.filter((e) => tierOf(search, matches, e) === tier).map(names1);
  return { words: byTier(MatchTier.words), typo: byTier(MatchTier.typo), size: matches.size };
}
const names1 = (e: StoredEntity) => e.fullEntityName;

describe('client search index', () => {
  it('finds every word in any order, each as a prefix, ignoring case and accents', () => {
    expect(found('smith john').words).toEqual(['John Smith', 'Smithers & Johnson Pty Ltd']);
    expect(found('john sm').words).toEqual(['John Smith', 'Smithers & Johnson Pty Ltd']);
    expect(found('JOHN   SMITH,').words).toEqual(['John Smith', 'Smithers & Johnson Pty Ltd']);
    expect(found('ngata zoe').words).toEqual(['Zoë Ngāta']);
    expect(found('NGĀTA').words).toEqual(['Zoë Ngāta']);
  });

  it('searches the code, the email and the phones (as typed and as digits) too', () => {
    expect(found('ngat01').words).toEqual(['Zoë Ngāta']);
    expect(found('john@smith.ex').words).toEqual(['John Smith']);
    expect(found('0412 345').words).toEqual(['John Smith']);
    expect(found('0412345678').words).toEqual(['John Smith']);
  });

  it('tolerates one typo in a word of four letters or more: wrong, missing, extra or swapped letter', () => {
    expect(found('jonh').typo).toEqual(['John Smith', 'Smithers & Johnson Pty Ltd']);
    expect(found('jonh smith')).toMatchObject({ words: [], typo: ['John Smith', 'Smithers & Johnson Pty Ltd'] });
    expect(found('smiht john').typo).toEqual(['John Smith', 'Smithers & Johnson Pty Ltd']);
    expect(found('smth').typo).toContain('John Smith');
    expect(found('smitth').typo).toContain('John Smith');
    expect(found('smuth').typo).toContain('John Smith');
    // "smyth" is one letter from "smith": both, the exact one as a word match.
    expect(found('smyth')).toMatchObject({ words: ['Joan Smyth'], typo: ['John Smith'] });
  });

  it('needs every word, and allows no typo in short words', () => {
    expect(found('john trust').size).toBe(0);
    expect(found('jhn').size).toBe(0);
    expect(found('jo').words).toEqual(['John Smith', 'Smithers & Johnson Pty Ltd', 'Joan Smyth', 'Jo Li']);
    expect(found('joh').words).toEqual(['John Smith', 'Smithers & Johnson Pty Ltd']);
    expect(found('jon').size).toBe(0);
    expect(found('  ').size).toBe(0);
  });

  it('follows the stored clients: added, changed and removed ones', () => {
    const search = new ClientSearchIndex().syncNow(clients);
    const renamed = { ...clients[0]!, fullEntityName: 'Jane Citizen', search: 'jane citizen' };
    const added = client({ fullEntityName: 'Ada Lovelace' });
    const next = [renamed, ...clients.slice(1, 3), added];
    search.syncNow(next);
    expect(search.size).toBe(4);
    expect(found('john', search, next).words).toEqual(['Smithers & Johnson Pty Ltd']);
    expect(found('jane cit', search, next).words).toEqual(['Jane Citizen']);
    expect(found('ada', search, next).words).toEqual(['Ada Lovelace']);
    expect(found('ngata', search, next).size).toBe(0);
    // Many edits later the numbering is compacted, and nothing is lost or found twice.
    for (let round = 0; round < 30; round++)
      search.syncNow(next.map((e) => ({ ...e, search: `${e.search} r${round}` })));
    expect(found('smith', search, next)).toMatchObject({ words: ['Smithers & Johnson Pty Ltd'], typo: ['Joan Smyth'] });
    expect(found('r29 ada', search, next).words).toEqual(['Ada Lovelace']);
    expect(found('r28', search, next).size).toBe(0);
  });

  it('builds in slices: the generator pauses after each chunk of clients', () => {
    const search = new ClientSearchIndex();
    const steps = [...search.sync(clients, 2)];
    expect(steps).toHaveLength(3);
    expect(search.size).toBe(clients.length);
    expect([...search.sync(clients, 2)]).toHaveLength(0);
  });

  it('swaps neighbouring letters and splits queries into folded words', () => {
    expect(transpositions('john')).toEqual(['ojhn', 'jhon', 'jonh']);
    expect(transpositions('aab')).toEqual(['aba']);
    expect(queryWords(' Smith, Jöhn-Paul ')).toEqual(['smith', 'john', 'paul']);
  });
});

describe('client list search: filters, sort and tiers', () => {
  const listIndex = indexClients(clients);
  const words = { index, region: undefined };
  const show = (view: Partial<ClientView>) =>
    names(searchClients(listIndex, words, { ...DEFAULT_CLIENT_VIEW, ...view }));

  it('keeps the chosen sort within tiers: word matches, then substring-only ones, then typos', () => {
    expect(show({ query: 'smith' })).toEqual([
      'John Smith',
      'Smithers & Johnson Pty Ltd',
      'Blacksmith Trust',
      'Joan Smyth',
    ]);
    expect(show({ query: 'smith', sort: 'name-desc' })).toEqual([
      'Smithers & Johnson Pty Ltd',
      'John Smith',
      'Blacksmith Trust',
      'Joan Smyth',
    ]);
    expect(show({ query: 'smyth' })).toEqual(['Joan Smyth', 'John Smith']);
    expect(show({ query: 'jonh' })).toEqual(['John Smith', 'Smithers & Johnson Pty Ltd']);
  });

  it('numbers the list again once the index has changed, so a renamed client is found by its new name', () => {
    const search = new ClientSearchIndex().syncNow(clients);
    const words = { index: search, region: undefined };
    const before = indexClients(clients);
    expect(names(searchClients(before, words, { ...DEFAULT_CLIENT_VIEW, query: 'john' })).length).toBeGreaterThan(0);
    const renamed = [{ ...clients[0]!, fullEntityName: 'Jane Citizen', search: 'jane citizen' }, ...clients.slice(1)];
    search.syncNow(renamed);
    const after = indexClients(renamed);
    expect(names(searchClients(after, words, { ...DEFAULT_CLIENT_VIEW, query: 'jane cit' }))).toEqual(['Jane Citizen']);
    // A list numbered before the change is numbered again, not read with the renamed client's old number.
    expect(searchClients(before, words, { ...DEFAULT_CLIENT_VIEW, query: 'jane' }).map((e) => e.entityKey)).toEqual([
      clients[0]!.entityKey,
    ]);
  });

  it('applies the terminated, type and office filters to the matches', () => {
    expect(show({ query: 'zoe' })).toEqual([]);
    expect(show({ query: 'zoe', terminated: 'all' })).toEqual(['Zoë Ngāta']);
    expect(show({ query: 'smith', type: 'Partnership' })).toEqual(['Smithers & Johnson Pty Ltd']);
    expect(show({ query: 'smyth', office: 'Sydney' })).toEqual(['John Smith']);
  });

  it('is the substring search until the index is ready, and the plain list without a query', () => {
    const view = { ...DEFAULT_CLIENT_VIEW, query: 'smith john' };
    expect(searchClients(listIndex, null, view)).toEqual(filterClients(listIndex, view));
    expect(searchClients(listIndex, null, view)).toEqual([]);
    expect(searchClients(listIndex, words, DEFAULT_CLIENT_VIEW)).toBe(filterClients(listIndex, DEFAULT_CLIENT_VIEW));
  });
});

/** Words of letters, some accented, as client names are made of. */
const word = fc.stringMatching(/^[a-zA-Zéöā]{1,9}$/);
const nameWords = fc.array(word, { minLength: 1, maxLength: 4 });

describe('client search properties', () => {
  it('finds every client by its exact name, whatever the other clients', () => {
    fc.assert(
      fc.property(fc.array(nameWords, { minLength: 1, maxLength: 12 }), (all) => {
        const list = all.map((words) => client({ fullEntityName: words.join(' ') }));
        const search = new ClientSearchIndex().syncNow(list);
        for (const e of list) expect(tierOf(search, search.match(e.fullEntityName), e)).toBe(MatchTier.words);
      }),
    );
  });

  it('finds a client whatever the order of the words typed', () => {
    fc.assert(
      fc.property(nameWords, fc.integer(), (words, seed) => {
        const e = client({ fullEntityName: words.join(' ') });
        const search = new ClientSearchIndex().syncNow([e]);
        const shuffled = [...words].sort((a, b) => ((a.length * 31 + seed) % 7) - ((b.length * 31 + seed) % 7));
        expect(tierOf(search, search.match(shuffled.reverse().join(' ')), e)).toBe(MatchTier.words);
      }),
    );
  });

  it('finds a client with one wrong, missing, extra or swapped letter in a word of four letters or more', () => {
    const edits = ['replace', 'delete', 'insert', 'swap'] as const;
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z]{4,10}$/),
        fc.constantFrom(...edits),
        fc.nat(),
        fc.constantFrom('x', 'q', 'e'),
        (name, edit, at, letter) => {
          // The word as typed must keep four letters for a typo to be tolerated.
          fc.pre(edit !== 'delete' || name.length > 4);
          const i = at % (name.length - 1);
          const typed =
            edit === 'replace'
              ? name.slice(0, i) + letter + name.slice(i + 1)
              : edit === 'delete'
                ? name.slice(0, i) + name.slice(i + 1)
                : edit === 'insert'
                  ? name.slice(0, i) + letter + name.slice(i)
                  : name.slice(0, i) + name[i + 1] + name[i] + name.slice(i + 2);
          const e = client({ fullEntityName: `${name} Holdings` });
          const search = new ClientSearchIndex().syncNow([e]);
          expect(tierOf(search, search.match(`holdings ${typed}`), e)).toBeDefined();
        },
      ),
    );
  });
});

describe('client search on the large demo practice (20,000 clients)', () => {
  const [practice] = generateDemoData({ seed: 42, size: 'large', anchor: new Date('2026-01-15T00:00:00Z') });
  const all = [...practice!.entities.values()].map(stored);
  const search = new ClientSearchIndex().syncNow(all);

  it('finds each client by its name, its code and its name backwards', () => {
    for (const e of all.filter((_, i) => i % 97 === 0)) {
      expect(tierOf(search, search.match(e.fullEntityName), e), e.fullEntityName).toBe(MatchTier.words);
      expect(tierOf(search, search.match(e.entityCode), e), e.entityCode).toBe(MatchTier.words);
      const backwards = e.fullEntityName.split(' ').reverse().join(' ');
      expect(tierOf(search, search.match(backwards), e), backwards).toBe(MatchTier.words);
    }
  });

  it('gives the same matches as a scan of every client for prefixes and multiword queries', () => {
    const starts = (e: StoredEntity, w: string) => e.search.split(/[^\p{L}\p{N}]+/u).some((t) => t.startsWith(w));
    for (const query of ['s', 'smi', 'smith j', 'jo sm', '04', 'trust family', 'pty ltd a']) {
      const words = queryWords(query);
      const expected = all.filter((e) => words.every((w) => starts(e, w))).map((e) => e.entityKey);
      const matches = search.match(query);
      expect(all.filter((e) => tierOf(search, matches, e) === MatchTier.words).map((e) => e.entityKey)).toEqual(
        expected,
      );
    }
  });
});
