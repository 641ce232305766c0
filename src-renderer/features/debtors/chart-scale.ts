/**
 * Geometry of the ageing bar chart: a "nice" value axis (0, 25k, 50k … rather than 0, 23,417 …) and one
 * bar per category, computed here so the SVG component only draws. Negative amounts (a credit balance
 * in a bucket) hang below the zero line instead of being clipped.
 */

/** The smallest of 1, 2, 2.5, 5, 10 × 10ⁿ at or above `value` (value > 0). */
export function niceCeiling(value: number): number {
  if (!(value > 0) || !Number.isFinite(value)) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) {
    // A little tolerance so 3e5 is not pushed to 5e5 by 3e5 being stored as 300000.00000000006.
    if (step * magnitude >= value * (1 - 1e-12)) return step * magnitude;
  }
  return 10 * magnitude;
}

export interface Axis {
  min: number;
  max: number;
  /** Evenly spaced values from min to max, zero among them. */
  ticks: number[];
}

/** An axis from 0 (or below, for negatives) to a nice maximum, in `intervals` equal steps above zero. */
export function valueAxis(values: readonly number[], intervals = 4): Axis {
  const finite = values.filter((v) => Number.isFinite(v));
  const high = Math.max(0, ...finite);
  const low = Math.min(0, ...finite);
  const step = niceCeiling(Math.max(high, -low, 0) / intervals) || 1;
  const max = high > 0 ? Math.ceil(high / step - 1e-9) * step : low < 0 ? 0 : step * intervals;
  const min = low < 0 ? -Math.ceil(-low / step - 1e-9) * step : 0;
  const ticks: number[] = [];
  for (let v = min; v <= max + step / 2; v += step)
    ticks.push(Math.abs(v) < step / 1e6 ? 0 : Number(v.toPrecision(12)));
  return { min, max, ticks };
}

export interface ChartBox {
  width: number;
  height: number;
  /** Room kept for axis labels (left), value labels (top) and category labels (bottom). */
  left: number;
  top: number;
  bottom: number;
  right: number;
}

export interface Bar<K extends string> {
  key: K;
  value: number;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Centre of the slot, for the category label. */
  centre: number;
}

export interface BarChartLayout<K extends string> {
  axis: Axis;
  bars: Bar<K>[];
  /** y of each tick, for gridlines and labels. */
  tickY: { value: number; y: number }[];
  zeroY: number;
  plot: { x: number; y: number; width: number; height: number };
}

/** Bars side by side in equal slots, each `barShare` of its slot wide, scaled on a nice axis. */
export function layoutBars<K extends string>(
  data: ReadonlyArray<{ key: K; value: number }>,
  box: ChartBox,
  barShare = 0.6,
): BarChartLayout<K> {
  const axis = valueAxis(data.map((d) => d.value));
  const plot = {
    x: box.left,
    y: box.top,
    width: Math.max(1, box.width - box.left - box.right),
    height: Math.max(1, box.height - box.top - box.bottom),
  };
  const span = axis.max - axis.min || 1;
  const yOf = (value: number) => plot.y + ((axis.max - value) / span) * plot.height;
  const zeroY = yOf(0);
  const slot = plot.width / Math.max(1, data.length);
  const barWidth = slot * barShare;
  const bars = data.map(({ key, value }, i) => {
    const v = Number.isFinite(value) ? value : 0;
    const y = yOf(Math.max(v, 0));
    const height = Math.abs(yOf(v) - zeroY);
    return {
      key,
      value: v,
      x: plot.x + i * slot + (slot - barWidth) / 2,
      y: v >= 0 ? y : zeroY,
      width: barWidth,
      height,
      centre: plot.x + i * slot + slot / 2,
    };
  });
  return { axis, bars, tickY: axis.ticks.map((value) => ({ value, y: yOf(value) })), zeroY, plot };
}
