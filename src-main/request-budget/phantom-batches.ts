import { SANE_MAX_LIMITS } from './limit-adoption';
import { WINDOW_NAMES, type WindowName } from './sliding-windows';

/**
 * Other laptops' use, as persisted: [epoch ms, how many] ascending per window. Headers can name any count
 * (X-RateLimit-Limit of a billion with Remaining 0), so what is kept is bounded twice: a window never
 * list holds more phantoms than a day's sane maximum limit (a server window cannot hold more), and
 * the file holds at most MAX_PHANTOM_BATCHES batches per window, however many times they were learned at.
 */
export type PhantomBatch = [at: number, count: number];
export type PhantomBatches = Record<WindowName, PhantomBatch[]>;

export const MAX_PHANTOM_BATCHES = 64;

/** Equal times become one batch; too many batches are merged onto later times (stay longer: the safe side). */
export function coalesce(times: readonly number[], maxBatches = MAX_PHANTOM_BATCHES): PhantomBatch[] {
  const first = times[0];
  const last = times[times.length - 1];
  if (first === undefined || last === undefined) return [];
  const exact = group(times, (t) => t);
  if (exact.length <= maxBatches) return exact;
  // Rounding every time up to a step of span / (maxBatches − 1) leaves at most maxBatches distinct times.
  const step = Math.ceil((last - first) / (maxBatches - 1)) || 1;
  return group(times, (t) => Math.min(last, first + Math.ceil((t - first) / step) * step));
}

function group(times: readonly number[], bucket: (t: number) => number): PhantomBatch[] {
  const out: PhantomBatch[] = [];
  for (const t of times) {
    const at = bucket(t);
    const previous = out[out.length - 1];
    if (previous && previous[0] === at) previous[1] += 1;
    else out.push([at, 1]);
  }
  return out;
}

/**
 * One entry per phantom, as planning reads them; the newest kept when a list would hold more than a day's
 * sane maximum (a hand-edited file). Unsorted or non-finite input is tolerated.
 */
export function expand(batches: readonly PhantomBatch[]): number[] {
  const sorted = batches.filter(([at, n]) => Number.isFinite(at) && n > 0).sort((a, b) => b[0] - a[0]);
  const out: number[] = [];
  let room = SANE_MAX_LIMITS.day;
  for (const [at, n] of sorted) {
    const take = Math.min(n, room);
    for (let i = 0; i < take; i += 1) out.push(at);
    room -= take;
    if (room <= 0) break;
  }
  return out.reverse();
}

export const emptyBatches = (): PhantomBatches => ({ minute: [], hour: [], day: [] });

export function coalesceAll(phantoms: Readonly<Record<WindowName, readonly number[]>>): PhantomBatches {
  const out = emptyBatches();
  for (const name of WINDOW_NAMES) out[name] = coalesce(phantoms[name]);
  return out;
}
