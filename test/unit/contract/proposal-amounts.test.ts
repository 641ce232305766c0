import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toCents } from '../../../src-preload/contract/money';
import { pricingAmounts, proposalAmounts, timesAYearOf } from '../../../src-preload/contract/proposal-amounts';

describe('a proposal’s amounts, as the practice shows them', () => {
  it('Bookkeeping $660 a month and an income tax return $715 a year: $8,635 in the first year, not $1,375', () => {
    const amounts = proposalAmounts([
      { total: 660, frequency: 'Monthly' },
      { total: 715, frequency: 'Annually' },
    ]);
    expect(amounts.firstYear).toBe(8635);
    expect(amounts.byFrequency).toEqual([
      { frequency: 'Monthly', amount: 660 },
      { frequency: 'Annually', amount: 715 },
    ]);
  });

  it('counts each line as often as it falls, and its shares add up to one billing of each line, to the cent', () => {
    const frequency = fc.constantFrom(
      'Once',
      'Weekly',
      'Fortnightly',
      'Monthly',
      'Quarterly',
      'Half-yearly',
      'Annually',
    );
    const cents = fc.integer({ min: 0, max: 5_000_000 });
    fc.assert(
      fc.property(fc.array(fc.record({ cents, frequency }), { maxLength: 12 }), (lines) => {
        const amounts = proposalAmounts(lines.map((l) => ({ total: l.cents / 100, frequency: l.frequency })));
        const expected = lines.reduce((sum, l) => sum + l.cents * timesAYearOf(l.frequency), 0);
        expect(toCents(amounts.firstYear)).toBe(expected);
        expect(amounts.byFrequency.reduce((sum, p) => sum + toCents(p.amount), 0)).toBe(
          lines.reduce((sum, l) => sum + l.cents, 0),
        );
        // Recurring fees first, a one-off last.
        const once = amounts.byFrequency.findIndex((p) => p.frequency === 'Once');
        expect(once === -1 || once === amounts.byFrequency.length - 1).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('gives no first-year value for pricing with a line whose service the catalogue does not have', () => {
    const catalogue = [{ serviceID: 1, frequency: 'Monthly' }];
    expect(pricingAmounts([{ serviceID: 1, lineTotal: 10 }], catalogue)?.firstYear).toBe(120);
    expect(pricingAmounts([{ serviceID: 2, lineTotal: 10 }], catalogue)).toBeNull();
  });
});
