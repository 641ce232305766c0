import { describe, expect, it } from 'vitest';
import { DEFAULT_CLIENT_VIEW, indexClients, searchClients } from '../../../../src-renderer/search';
import { exactCodeFirst } from '../../../../src-renderer/search/search-clients';
import { ClientSearchIndex } from '../../../../src-renderer/search/word-index';
import { phoneForms } from '../../../../src-renderer/search/phone-forms';
import type { StoredEntity } from '../../../../src-renderer/data/practice-db';
import { client } from '../features/clients/stored-clients';
import { tierOf } from './tier-of';

describe('phone numbers in their other forms, per region', () => {
  it('ANZ: an Australian or New Zealand number typed internationally is also its national form, and back', () => {
    expect(phoneForms('+61 449 524 965', 'ANZ')).toEqual(['0449524965']);
    expect(phoneForms('+64 21 123 4567', 'ANZ')).toEqual(['0211234567']);
    expect(phoneForms('0061 449 524 965', 'ANZ')).toEqual(['0449524965', '61449524965']);
    expect(phoneForms('+61 (0)449 524 965', 'ANZ')).toEqual(['0449524965', '61449524965']);
    expect(phoneForms('0449 524 965', 'ANZ')).toEqual(['61449524965', '64449524965']);
  });

  it('UK and South Africa use their own country code only', () => {
    expect(phoneForms('+44 7700 900123', 'UK')).toEqual(['07700900123']);
    expect(phoneForms('07700 900123', 'UK')).toEqual(['447700900123']);
    expect(phoneForms('+27 82 555 1234', 'ZA')).toEqual(['0825551234']);
    expect(phoneForms('082 555 1234', 'ZA')).toEqual(['27825551234']);
    expect(phoneForms('+61 449 524 965', 'UK')).toEqual([]);
    expect(phoneForms('+27 82 555 1234', 'ANZ')).toEqual([]);
  });

  it('leaves alone what is not a phone number: words, short numbers, no region', () => {
    expect(phoneForms('Smith 0449 524 965', 'ANZ')).toEqual([]);
    expect(phoneForms('+61 44', 'ANZ')).toEqual([]);
    expect(phoneForms('12345678', 'ANZ')).toEqual([]);
    expect(phoneForms('+61 449 524 965', undefined)).toEqual([]);
  });
});

describe('searching by phone in either form', () => {
  const national = client({ fullEntityName: 'National Harper', entityMobile: '0449 524 965' });
  const international = client({ fullEntityName: 'International Lee', entityTelephone: '+61 2 9876 5432' });
  const other = client({ fullEntityName: 'Other Person', entityMobile: '0412 000 111' });
  const clients = [national, international, other];
  const index = new ClientSearchIndex().syncNow(clients);
  const found = (query: string) => {
    const matches = index.matchAny([query, ...phoneForms(query, 'ANZ')]);
    return {
      names: clients.filter((e) => tierOf(index, matches, e) !== undefined).map((e) => e.fullEntityName),
      size: matches.size,
    };
  };

  it('finds a number stored nationally by its international form, and the other way round', () => {
    expect(found('+61 449 524 965')).toEqual({ names: ['National Harper'], size: 1 });
    expect(found('+61449524965')).toEqual({ names: ['National Harper'], size: 1 });
    expect(found('(02) 9876 5432')).toEqual({ names: ['International Lee'], size: 1 });
    expect(found('0449 524 965')).toEqual({ names: ['National Harper'], size: 1 });
  });
});

describe('an exact client code first', () => {
  const named = (list: readonly StoredEntity[]) => list.map((e) => e.fullEntityName);
  const alpha = client({ fullEntityName: 'Alpha Holdings', entityCode: 'HAR0012' });
  const harper = client({ fullEntityName: 'Harper Family Trust', entityCode: 'HAR001' });
  const zed = client({ fullEntityName: 'Zed HAR001 Ltd', entityCode: 'ZED1' });

  it('moves the client whose code is typed whole, in any case, to the front; others keep their order', () => {
    expect(named(exactCodeFirst([alpha, zed, harper], ' har001 '))).toEqual([
      'Harper Family Trust',
      'Alpha Holdings',
      'Zed HAR001 Ltd',
    ]);
    expect(named(exactCodeFirst([alpha, zed, harper], 'HAR00'))).toEqual([
      'Alpha Holdings',
      'Zed HAR001 Ltd',
      'Harper Family Trust',
    ]);
  });

  it('ranks it first in the list a search shows, sorted by name', () => {
    const clients = [alpha, harper, zed];
    const search = new ClientSearchIndex().syncNow(clients);
    const view = { ...DEFAULT_CLIENT_VIEW, query: 'HAR001' };
    expect(named(searchClients(indexClients(clients), { index: search, region: 'ANZ' }, view))[0]).toBe(
      'Harper Family Trust',
    );
    expect(named(searchClients(indexClients(clients), null, view))[0]).toBe('Harper Family Trust');
  });

  it('ranks first a client the word index has not caught up with yet (a new snapshot is indexed while idle)', () => {
    // The index still holds the snapshot before Harper arrived; the list shows the new one.
    const search = new ClientSearchIndex().syncNow([alpha, zed]);
    const shown = indexClients([alpha, harper, zed]);
    const view = { ...DEFAULT_CLIENT_VIEW, query: 'har001' };
    expect(named(searchClients(shown, { index: search, region: 'ANZ' }, view))[0]).toBe('Harper Family Trust');
  });
});
