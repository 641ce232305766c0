import { useId } from 'react';
import type { AgeingBuckets } from '../../../src-preload/contract/partner-api';
import { bucketShares } from './ageing';
import { layoutBars, type ChartBox } from './chart-scale';

const BOX: ChartBox = { width: 640, height: 260, left: 84, top: 28, bottom: 36, right: 12 };

const percent = (share: number) => `${Math.round(share * 100)}%`;

/**
 * The practice's debtor totals per ageing bucket as a plain SVG bar chart. Geometry is in SVG
 * attributes and colours in CSS classes (app's strict CSP: no inline styles). For assistive technology
 * the SVG is one image whose title and description state every bucket's amount; the same figures are
 * in the table beside it.
 */
export function AgeingChart(props: { totals: AgeingBuckets; title: string; format(amount: number): string }) {
  const id = useId();
  const shares = bucketShares(props.totals);
  const layout = layoutBars(
    shares.map((s) => ({ key: s.key, value: s.amount })),
    BOX,
  );
  const description = `${shares.map((s) => `${s.label}: ${props.format(s.amount)} (${percent(s.share)})`).join('; ')}. Total ${props.format(props.totals.total)}.`;
  // Whole units on the axis: "$50,000" rather than "$50,000.00".
  const tick = (value: number) => props.format(value).replace(/[.,]00(?=\D*$)/, '');
  return (
    <svg
      viewBox={`0 0 ${BOX.width} ${BOX.height}`}
      className="ageing-chart"
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      data-testid="ageing-chart"
    >
      <title id={`${id}-title`}>{props.title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      <g className="ageing-chart__grid">
        {layout.tickY.map(({ value, y }) => (
          <g key={value}>
            <line
              x1={layout.plot.x}
              x2={layout.plot.x + layout.plot.width}
              y1={y}
              y2={y}
              className={value === 0 ? 'ageing-chart__zero' : 'ageing-chart__gridline'}
            />
            <text x={layout.plot.x - 8} y={y} textAnchor="end" dominantBaseline="middle" className="ageing-chart__tick">
              {tick(value)}
            </text>
          </g>
        ))}
      </g>
      {layout.bars.map((bar) => {
        const share = shares.find((s) => s.key === bar.key)!;
        const below = bar.value < 0;
        return (
          <g key={bar.key} data-bucket={bar.key}>
            <rect
              x={bar.x}
              y={bar.y}
              width={bar.width}
              height={Math.max(bar.height, bar.value === 0 ? 0 : 1)}
              rx={3}
              className={`ageing-bar ageing-bar--${bar.key}`}
            />
            <text
              x={bar.centre}
              y={below ? bar.y + bar.height + 14 : bar.y - 8}
              textAnchor="middle"
              className="ageing-chart__value"
            >
              {props.format(bar.value)}
            </text>
            <text x={bar.centre} y={BOX.height - 12} textAnchor="middle" className="ageing-chart__category">
              {share.label}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
