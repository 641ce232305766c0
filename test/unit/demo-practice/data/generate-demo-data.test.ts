import { describe, expect, it } from 'vitest';
import { generateDemoData } from '../../../../src-main/demo-practice/data/generate-demo-data';

describe('the large data set (issue: at least 20,000 clients, 40,000 contacts, 8,000 onboardings, 50,000 bills)', () => {
  it('meets every minimum in the first practice, and keeps every timestamp before the anchor', () => {
    const anchor = new Date('2026-11-20T00:00:00Z');
    const [practice] = generateDemoData({ seed: 42, size: 'large', anchor });
    expect(practice!.entities.size).toBeGreaterThanOrEqual(20_000);
    expect(practice!.contacts.size).toBeGreaterThanOrEqual(40_000);
    expect(practice!.onboardings.size).toBeGreaterThanOrEqual(8_000);
    expect(practice!.bills.size).toBeGreaterThanOrEqual(50_000);
    const latest = [
      ...practice!.entities.values(),
      ...practice!.contacts.values(),
      ...practice!.onboardings.values(),
      ...practice!.bills.values(),
    ]
      .map((r) => r.updatedOn)
      .sort()
      .at(-1)!;
    expect(latest < anchor.toISOString()).toBe(true);
    expect(new Set([...practice!.entities.values()].map((e) => e.entityCode)).size).toBe(practice!.entities.size);
  }, 120_000);
});

describe('the practices', () => {
  const anchor = new Date('2026-03-10T00:00:00Z');
  const practices = generateDemoData({ seed: 42, size: 'small', anchor });

  it('are three, in three regions, each with its own currency and locale', () => {
    expect(practices.map((p) => [p.profile.region, p.profile.currency, p.profile.locale])).toEqual([
      ['ANZ', 'AUD', 'en-AU'],
      ['UK', 'GBP', 'en-GB'],
      ['ZA', 'ZAR', 'en-ZA'],
    ]);
  });

  it('keep the first two exactly as they are, whatever practices follow them (benchmarks and tests depend on them)', () => {
    const keys = (i: number) => [...practices[i]!.entities.keys()];
    expect(keys(0)).toHaveLength(150);
    expect([keys(0)[0], keys(0).at(-1)]).toEqual([
      '4df1a061-7084-43e7-ac2a-95894a3c2a63',
      'c74f59bc-744b-49eb-b80d-963baaa38a05',
    ]);
    expect(keys(1)).toHaveLength(50);
    expect([keys(1)[0], keys(1).at(-1)]).toEqual([
      'd678c74d-2bbe-482b-8b21-7ef83b6b0f8d',
      '39797d73-05b0-4aad-b423-056ce638f2af',
    ]);
  });

  it("the South African practice: a fifth of the first's clients, rand bills with 15% VAT, no ledger connected, keys of its own", () => {
    const [anz, uk, za] = practices;
    expect(za!.entities.size).toBe(30);
    expect(za!.profile).toMatchObject({
      countryCode: 'ZA',
      taxLabel: 'VAT',
      taxRate: 0.15,
      timeZone: 'Africa/Johannesburg',
    });
    expect(za!.profile.taxNumber).toMatch(/^4\d{9}$/);
    expect(za!.bills.size).toBeGreaterThan(0);
    expect([...za!.bills.values()].every((b) => b.currency === 'ZAR')).toBe(true);
    expect(za!.ledger.status.connected).toBe(false);
    const others = new Set([
      ...anz!.entities.keys(),
      ...uk!.entities.keys(),
      anz!.profile.practiceKey,
      uk!.profile.practiceKey,
      anz!.profile.readWrite.clientId,
      uk!.profile.readWrite.clientId,
    ]);
    expect(
      [...za!.entities.keys(), za!.profile.practiceKey, za!.profile.readWrite.clientId].filter((k) => others.has(k)),
    ).toEqual([]);
    const billIds = new Set([...anz!.bills.keys(), ...uk!.bills.keys()]);
    expect([...za!.bills.keys()].filter((id) => billIds.has(id))).toEqual([]);
  });
});
