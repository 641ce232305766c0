import { describe, expect, it } from 'vitest';
import { layoutBars, niceCeiling, valueAxis } from '../../../../../src-renderer/features/debtors/chart-scale';

const box = { width: 640, height: 260, left: 80, top: 20, bottom: 40, right: 20 };

describe('ageing chart scale', () => {
  it('rounds up to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect([0.7, 1, 1.2, 2.2, 3, 7, 10, 11, 23_417, 300_000, 0.1 + 0.2, 2.5e5 * (1 + 1e-15)].map(niceCeiling)).toEqual([
      1, 1, 2, 2.5, 5, 10, 10, 20, 25_000, 500_000, 0.5, 250_000,
    ]);
    expect(niceCeiling(0)).toBe(1);
    expect(niceCeiling(Number.NaN)).toBe(1);
  });

  it('builds an axis from zero past the largest value in even steps', () => {
    expect(valueAxis([12_000, 48_500, 3_000, 0, 90_100])).toEqual({
      min: 0,
      max: 100_000,
      ticks: [0, 25_000, 50_000, 75_000, 100_000],
    });
    expect(valueAxis([0, 0, 0])).toEqual({ min: 0, max: 4, ticks: [0, 1, 2, 3, 4] });
    const negative = valueAxis([-450, 1_000]);
    expect(negative.min).toBeLessThan(0);
    expect(negative.ticks).toContain(0);
    expect(negative.min).toBeLessThanOrEqual(-450);
  });

  it('scales bars to the plot: the largest value nearest the top, zero on the baseline, equal slots', () => {
    const layout = layoutBars(
      [
        { key: 'a', value: 0 },
        { key: 'b', value: 50 },
        { key: 'c', value: 100 },
        { key: 'd', value: 25 },
      ],
      box,
    );
    const [a, b, c, d] = layout.bars;
    expect(layout.axis.max).toBe(100);
    expect(layout.zeroY).toBe(box.height - box.bottom);
    expect(a!.height).toBe(0);
    expect(c!.y).toBe(box.top);
    expect(c!.height).toBe(box.height - box.top - box.bottom);
    expect(b!.height).toBeCloseTo(c!.height / 2, 6);
    expect(d!.height).toBeCloseTo(c!.height / 4, 6);
    // Equal widths, evenly spaced, inside the plot.
    expect(new Set(layout.bars.map((bar) => bar.width)).size).toBe(1);
    expect(b!.x - a!.x).toBeCloseTo(c!.x - b!.x, 6);
    expect(a!.x).toBeGreaterThanOrEqual(box.left);
    expect(d!.x + d!.width).toBeLessThanOrEqual(box.width - box.right);
  });

  it('hangs a negative bar below the zero line', () => {
    const layout = layoutBars(
      [
        { key: 'credit', value: -200 },
        { key: 'owed', value: 800 },
      ],
      box,
    );
    const [credit, owed] = layout.bars;
    expect(credit!.y).toBeCloseTo(layout.zeroY, 6);
    expect(credit!.height).toBeGreaterThan(0);
    expect(owed!.y + owed!.height).toBeCloseTo(layout.zeroY, 6);
    expect(layout.tickY.find((t) => t.value === 0)!.y).toBeCloseTo(layout.zeroY, 6);
  });
});
