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
    const latest = [...practice!.entities.values(), ...practice!.contacts.values(), ...practice!.onboardings.values(), ...practice!.bills.values()]
      .map((r) => r.updatedOn)
      .sort()
      .at(-1)!;
    expect(latest < anchor.toISOString()).toBe(true);
    expect(new Set([...practice!.entities.values()].map((e) => e.entityCode)).size).toBe(practice!.entities.size);
  }, 120_000);
});
