/**
 * The start-up's milestones as User Timing marks ("start:…"): a Chromium trace of a start (the
 * benchmark records one; DevTools' Performance panel shows them) places each step of the app's own
 * start among the browser's work. Each is marked once per window, at its first occurrence.
 */
export type StartStep = 'code-run' | 'practices-listed' | 'first-page-read' | 'first-screen-shown';

const marked = new Set<StartStep>();

export function markStart(step: StartStep): void {
  if (marked.has(step) || typeof performance === 'undefined' || typeof performance.mark !== 'function') return;
  marked.add(step);
  performance.mark(`start:${step}`);
}
