import { describe, expect, it } from 'vitest';
import type { AgeingBuckets } from '../../../../src-preload/contract/partner-api';
import { readAgeing, readMovement } from '../../../../src-renderer/data/stored-reports';

const buckets = (current: number, d30: number, d60: number, d90: number, d90plus: number): AgeingBuckets => ({
  current,
  days1to30: d30,
  days31to60: d60,
  days61to90: d90,
  days90plus: d90plus,
  total: current + d30 + d60 + d90 + d90plus,
});

describe('stored reports', () => {
  it('reads stored reports with the contract’s schema; anything else is "not synced"', () => {
    const ageing = {
      asAt: '2026-04-12',
      currency: 'AUD',
      totals: buckets(1, 2, 3, 4, 5),
      clients: [{ entityKey: '00000000-0000-4000-8000-000000000001', entityName: 'Acme', ...buckets(1, 2, 3, 4, 5) }],
    };
    expect(readAgeing(ageing)).toEqual(ageing);
    expect(readAgeing(null)).toBeNull();
    expect(readAgeing({ ...ageing, totals: { current: 'lots' } })).toBeNull();
    expect(
      readMovement({
        startDate: '2026-01-01',
        endDate: '2026-01-31',
        currency: 'GBP',
        openingBalance: 1,
        billed: 2,
        paid: 1,
        closingBalance: 2,
      }),
    ).not.toBeNull();
    expect(readMovement({ startDate: 'January' })).toBeNull();
  });
});
