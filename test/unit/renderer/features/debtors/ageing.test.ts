import { describe, expect, it } from 'vitest';
import type { AgeingBuckets } from '../../../../../src-preload/contract/partner-api';
import {
  addBuckets,
  amountFrom,
  bucketOfDays,
  bucketShares,
  bucketsFrom,
  daysPassFilter,
  sumBuckets,
} from '../../../../../src-renderer/features/debtors/ageing';

const buckets = (current: number, d30: number, d60: number, d90: number, d90plus: number): AgeingBuckets => ({
  current,
  days1to30: d30,
  days31to60: d60,
  days61to90: d90,
  days90plus: d90plus,
  total: Math.round((current + d30 + d60 + d90 + d90plus) * 100) / 100,
});

describe('ageing buckets', () => {
  it('puts days overdue in the contract’s buckets, boundaries included', () => {
    expect([-5, 0, 1, 30, 31, 60, 61, 90, 91, 400].map(bucketOfDays)).toEqual([
      'current',
      'current',
      'days1to30',
      'days1to30',
      'days31to60',
      'days31to60',
      'days61to90',
      'days61to90',
      'days90plus',
      'days90plus',
    ]);
  });

  it('counts "61+" as 61–90 plus 90+, and each filter from its first bucket on', () => {
    const b = buckets(100, 200, 300, 400.1, 500.2);
    expect(bucketsFrom('61+')).toEqual(['days61to90', 'days90plus']);
    expect(amountFrom(b, '61+')).toBe(900.3);
    expect(amountFrom(b, 'overdue')).toBe(1400.3);
    expect(amountFrom(b, 'all')).toBe(1500.3);
    expect(amountFrom(b, '90+')).toBe(500.2);
    expect(daysPassFilter(61, '61+')).toBe(true);
    expect(daysPassFilter(60, '61+')).toBe(false);
    expect(daysPassFilter(0, 'overdue')).toBe(false);
    expect(daysPassFilter(0, 'all')).toBe(true);
  });

  it('gives each bucket its share of the total, and no shares when nothing is owed', () => {
    const shares = bucketShares(buckets(250, 250, 0, 0, 500));
    expect(shares.map((s) => [s.label, s.share])).toEqual([
      ['Current', 0.25],
      ['1–30 days', 0.25],
      ['31–60 days', 0],
      ['61–90 days', 0],
      ['90+ days', 0.5],
    ]);
    expect(bucketShares(buckets(0, 0, 0, 0, 0)).every((s) => s.share === 0)).toBe(true);
  });

  it('adds bucket columns to the cent, without floating-point dust', () => {
    const sum = addBuckets([buckets(0.1, 0, 0, 0, 0), buckets(0.2, 0, 0, 0, 1.25)]);
    expect(sum.current).toBe(0.3);
    expect(sum.total).toBe(sumBuckets(sum));
  });
});
