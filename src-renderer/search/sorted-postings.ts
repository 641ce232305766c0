/**
 * Postings: ascending lists of client numbers without repeats, and the set operations a query needs on
 * them. Each costs what the lists hold, never the number of clients, so a keystroke that matches a few
 * clients of 100,000 touches only those few.
 */
export type Postings = Int32Array;

export const NO_POSTINGS: Postings = new Int32Array(0);

/** The numbers of several lists, in any order and with repeats, as postings. */
export function postingsOf(lists: Iterable<ArrayLike<number>>): Postings {
  const parts = [...lists];
  let total = 0;
  for (const part of parts) total += part.length;
  const out = new Int32Array(total);
  let at = 0;
  for (const part of parts) {
    if (part instanceof Int32Array) out.set(part, at);
    else for (let i = 0; i < part.length; i++) out[at + i] = part[i]!;
    at += part.length;
  }
  out.sort();
  let kept = 0;
  for (let i = 0; i < total; i++) if (i === 0 || out[i] !== out[i - 1]) out[kept++] = out[i]!;
  return out.subarray(0, kept);
}

/** The first index at or after `from` where `list` holds `value` or more. */
function lowerBound(list: Postings, value: number, from: number): number {
  let lo = from;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function includes(list: Postings, value: number): boolean {
  const at = lowerBound(list, value, 0);
  return at < list.length && list[at] === value;
}

/** The numbers in both; a short list is looked up in a long one rather than walked beside it. */
export function intersect(a: Postings, b: Postings): Postings {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  const out = new Int32Array(short.length);
  let kept = 0;
  if (short.length * 16 < long.length) {
    let from = 0;
    for (const value of short) {
      from = lowerBound(long, value, from);
      if (from === long.length) break;
      if (long[from] === value) out[kept++] = value;
    }
  } else {
    let j = 0;
    for (let i = 0; i < short.length && j < long.length;) {
      const x = short[i]!;
      const y = long[j]!;
      if (x === y) {
        out[kept++] = x;
        i++;
        j++;
      } else if (x < y) i++;
      else j++;
    }
  }
  return out.subarray(0, kept);
}

/** The numbers in every list: the shortest first, so each step is as small as it can be. */
export function intersectAll(lists: readonly Postings[]): Postings {
  const bySize = [...lists].sort((a, b) => a.length - b.length);
  let out = bySize[0] ?? NO_POSTINGS;
  for (let i = 1; i < bySize.length && out.length > 0; i++) out = intersect(out, bySize[i]!);
  return out;
}

export function union(a: Postings, b: Postings): Postings {
  if (a.length === 0) return b;
  if (b.length === 0) return a;
  const out = new Int32Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let kept = 0;
  while (i < a.length || j < b.length) {
    const next = j >= b.length || (i < a.length && a[i]! <= b[j]!) ? a[i++]! : b[j++]!;
    if (kept === 0 || out[kept - 1] !== next) out[kept++] = next;
  }
  return out.subarray(0, kept);
}

/** The numbers of `a` that are not in `b`. */
export function difference(a: Postings, b: Postings): Postings {
  if (a.length === 0 || b.length === 0) return a;
  const out = new Int32Array(a.length);
  let j = 0;
  let kept = 0;
  for (const value of a) {
    while (j < b.length && b[j]! < value) j++;
    if (j >= b.length || b[j] !== value) out[kept++] = value;
  }
  return out.subarray(0, kept);
}
