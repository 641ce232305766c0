/**
 * The start-up's milestones as User Timing marks ("start:…"): a Chromium trace of a start (the
 * benchmark records one; DevTools' Performance panel shows them) places each step of the app's own
 * start among the browser's work. Each is marked once per window, at its first occurrence (the
 * timeline itself says whether it was: no state is kept here).
 */
export type StartStep = 'code-run' | 'practices-listed' | 'first-page-read' | 'first-screen-shown';

export function markStart(step: StartStep): void {
  if (typeof performance === 'undefined' || typeof performance.mark !== 'function') return;
  const name = `start:${step}`;
  if (performance.getEntriesByName(name, 'mark').length > 0) return;
  performance.mark(name);
}
