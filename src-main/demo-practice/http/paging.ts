import type { DemoOptions } from '../options';

function hash(seed: number, text: string): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/**
 * Orders a list the way the options say. 'shuffle' is stable (the same for every request with the
 * same seed) so paging through it is consistent, yet unrelated to key or time.
 */
export function ordered<T>(
  items: readonly T[],
  options: Pick<DemoOptions, 'sortOrder' | 'seed'>,
  keyOf: (item: T) => string | number,
  updatedOf?: (item: T) => string,
): T[] {
  const list = [...items];
  const key = (item: T): string => String(keyOf(item));
  switch (options.sortOrder) {
    case 'key':
      return list;
    case 'reverse':
      return list.reverse();
    case 'updatedOn':
      return updatedOf
        ? list.sort((a, b) => updatedOf(a).localeCompare(updatedOf(b)) || key(a).localeCompare(key(b)))
        : list;
    case 'shuffle':
      return list
        .map((item) => [hash(options.seed, key(item)), item] as const)
        .sort((a, b) => a[0] - b[0])
        .map(([, item]) => item);
  }
}

/** 1-based page of `pageSize` items; past the end is an empty page. */
export function page<T>(items: readonly T[], pageNumber: number | undefined, pageSize: number): T[] {
  const start = ((pageNumber ?? 1) - 1) * pageSize;
  return items.slice(start, start + pageSize);
}
