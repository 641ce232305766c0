import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemo, type TestDemo } from './support/demo';

let t: TestDemo;
beforeAll(async () => {
  t = await startDemo({ pageSize: 25 });
});
afterAll(() => t.demo.close());

async function allPages(path: string): Promise<any[]> {
  const records: any[] = [];
  for (let page = 1; page < 1000; page++) {
    const result = await t.call('GET', `${path}${path.includes('?') ? '&' : '?'}pageNumber=${page}`);
    expect(result.status).toBe(200);
    if (result.json.length === 0) break;
    records.push(...result.json);
  }
  return records;
}

describe('pageNumber (contract: 1-based, 1 to 10000)', () => {
  it('refuses 0, 10001 and non-numbers with 400', async () => {
    for (const value of ['0', '10001', '-1', 'x', '1.5']) {
      expect((await t.call('GET', `/entities/list?pageNumber=${value}`)).status, value).toBe(400);
    }
    expect((await t.call('GET', '/entities/list?pageNumber=10000')).status).toBe(200);
  });

  it('pages through every entity exactly once, and past the end is an empty page', async () => {
    const all = await allPages('/entities/list');
    expect(all.length).toBe(t.state().entities.size);
    expect(new Set(all.map((e) => e.entityKey)).size).toBe(all.length);
    expect((await t.call('GET', '/entities/list?pageNumber=9999')).json).toEqual([]);
  });

  it('gives the same set with a stable shuffle and another page size (the client must not depend on either)', async () => {
    t.demo.configure({ sortOrder: 'shuffle', pageSize: 37 });
    try {
      const shuffled = await allPages('/entities/list');
      expect(new Set(shuffled.map((e) => e.entityKey))).toEqual(new Set(t.state().entities.keys()));
      const first = (await t.call('GET', '/entities/list?pageNumber=1')).json;
      expect(first.length).toBe(37);
      expect(first.map((e: any) => e.entityKey)).not.toEqual([...t.state().entities.keys()].slice(0, 37));
    } finally {
      t.demo.configure({ sortOrder: 'key', pageSize: 25 });
    }
  });
});

describe('lastUpdated (contract: inclusive, never in the future)', () => {
  it('includes a record changed exactly at lastUpdated and excludes earlier ones', async () => {
    const entities = [...t.state().entities.values()].sort((a, b) => a.updatedOn.localeCompare(b.updatedOn));
    const pivot = entities[Math.floor(entities.length / 2)]!;
    const since = await allPages(`/entities/list?lastUpdated=${encodeURIComponent(pivot.updatedOn)}`);
    const expected = entities.filter((e) => e.updatedOn >= pivot.updatedOn).map((e) => e.entityKey);
    expect(since.map((e) => e.entityKey).sort()).toEqual(expected.sort());
    expect(since.some((e) => e.entityKey === pivot.entityKey)).toBe(true);
  });

  it('refuses a lastUpdated in the future with 400', async () => {
    const future = new Date(Date.now() + 3_600_000).toISOString();
    for (const path of ['/entities/list', '/contacts/list', '/onboardings/list']) {
      const result = await t.call('GET', `${path}?lastUpdated=${encodeURIComponent(future)}`);
      expect(result.status, path).toBe(400);
      expect(result.json.message).toMatch(/future/);
    }
  });
});

describe('Entity filters (contract: case-insensitive substrings, combined with AND)', () => {
  it('filters by surname and email case-insensitively, and combines filters with AND', async () => {
    const individual = [...t.state().entities.values()].find((e) => e.entityType === 'Individual' && e.entityEmail)!;
    const profile = t.state().entityProfiles.get(individual.entityKey)!;
    const surname = profile.surname!.slice(0, 3).toUpperCase();
    const bySurname = await allPages(`/entities/list?surname=${encodeURIComponent(surname)}`);
    expect(bySurname.some((e) => e.entityKey === individual.entityKey)).toBe(true);
    for (const e of bySurname)
      expect(t.state().entityProfiles.get(e.entityKey)!.surname!.toLowerCase()).toContain(surname.toLowerCase());
    const emailPart = individual.entityEmail!.split('@')[0]!.toUpperCase();
    const both = await allPages(
      `/entities/list?surname=${encodeURIComponent(surname)}&email=${encodeURIComponent(emailPart)}`,
    );
    expect(both.map((e) => e.entityKey)).toContain(individual.entityKey);
    expect(both.length).toBeLessThanOrEqual(bySurname.length);
    const none = await allPages(`/entities/list?surname=${encodeURIComponent(surname)}&email=zzzz-no-such`);
    expect(none).toEqual([]);
  });

  it('filters by given name and by other (trading) name', async () => {
    const individual = [...t.state().entityProfiles.entries()].find(([, p]) => p.isIndividual)!;
    const byName = await allPages(`/entities/list?name=${encodeURIComponent(individual[1].givenName!.toLowerCase())}`);
    expect(byName.map((e) => e.entityKey)).toContain(individual[0]);
    const business = [...t.state().entityProfiles.entries()].find(([, p]) => p.otherName)!;
    const byOther = await allPages(`/entities/list?otherName=${encodeURIComponent(business[1].otherName!)}`);
    expect(byOther.map((e) => e.entityKey)).toContain(business[0]);
  });
});

describe('Contacts (contract: soft-deleted only with includeDeleted=true)', () => {
  it('hides soft-deleted contacts unless includeDeleted=true', async () => {
    const deleted = [...t.state().contacts.values()].filter((c) => c.isDeleted);
    expect(deleted.length).toBeGreaterThan(0);
    const visible = await allPages('/contacts/list');
    expect(visible.some((c) => c.isDeleted)).toBe(false);
    const everything = await allPages('/contacts/list?includeDeleted=true');
    expect(everything.length).toBe(t.state().contacts.size);
    expect(everything.filter((c) => c.isDeleted).length).toBe(deleted.length);
  });

  it('limits to one client with entityKey', async () => {
    const entityKey = [...t.state().contacts.values()][0]!.entityKey;
    const list = await allPages(`/contacts/list?entityKey=${entityKey}`);
    expect(list.length).toBeGreaterThan(0);
    for (const c of list) expect(c.entityKey).toBe(entityKey);
  });
});

describe('Onboardings (contract: statusID, searchFilter, userID, excludeCompleted)', () => {
  it('omits completed onboardings with excludeCompleted=true', async () => {
    const all = await allPages('/onboardings/list');
    expect(all.some((o) => o.statusID === 4)).toBe(true);
    const open = await allPages('/onboardings/list?excludeCompleted=true');
    expect(open.some((o) => o.statusID === 4)).toBe(false);
    expect(open.length).toBe(all.filter((o) => o.statusID !== 4).length);
  });

  it('filters by statusID and combines it with searchFilter', async () => {
    const inProgress = await allPages('/onboardings/list?statusID=2');
    for (const o of inProgress) expect(o).toMatchObject({ statusID: 2, statusName: 'In progress' });
    const target = inProgress.find((o) => o.recipients.length > 0)!;
    const surname = target.recipients[0].surname;
    const searched = await allPages(
      `/onboardings/list?statusID=2&searchFilter=${encodeURIComponent(surname.toUpperCase())}`,
    );
    expect(searched.map((o) => o.onboardingKey)).toContain(target.onboardingKey);
    for (const o of searched) expect(o.statusID).toBe(2);
  });

  it('filters by the userID from users/list', async () => {
    const users = (await t.call('GET', '/users/list')).json;
    const user = users[0];
    const mine = await allPages(`/onboardings/list?userID=${user.userID}`);
    for (const o of mine) expect([o.createdByKey, o.approverKey]).toContain(user.userKey);
    const expected = [...t.state().onboardings.values()].filter(
      (o) => o.createdByKey === user.userKey || o.approverKey === user.userKey,
    );
    expect(mine.length).toBe(expected.length);
  });

  it('lists the statuses, with In progress as statusID 2', async () => {
    const statuses = (await t.call('GET', '/onboardings/statuses')).json;
    expect(statuses).toContainEqual(expect.objectContaining({ statusID: 2, statusName: 'In progress' }));
  });
});
