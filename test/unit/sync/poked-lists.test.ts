import { describe, expect, it } from 'vitest';
import { emptyCursor, restsThisRound } from '../../../src-main/sync/pass-rules';
import { syncResources } from '../../../src-main/sync/sync-resources';

const resource = (name: string) => syncResources.find((r) => r.name === name)!;
const now = Date.parse('2026-11-26T10:00:00.000Z');
/** Read to its end a minute ago: its tier is not due for a while. */
const justRead = (name: string) => ({
  ...emptyCursor(name),
  mode: 'incremental' as const,
  watermark: '2026-11-26T09:58:00.000Z',
  lastCompletedAt: '2026-11-26T09:59:00.000Z',
});

describe('a run of the lists the practice hub’s poke named', () => {
  it('reads a named list even when its tier is not due, and nothing else', () => {
    const named = new Set(['recurringBillings']);
    expect(restsThisRound(resource('recurringBillings'), justRead('recurringBillings'), 'due', now)).toBe(true);
    expect(restsThisRound(resource('recurringBillings'), justRead('recurringBillings'), 'due', now, named)).toBe(false);
    // Another list, even one read on every run, waits for the scheduled pass (the backstop).
    expect(restsThisRound(resource('entities'), justRead('entities'), 'due', now)).toBe(false);
    expect(restsThisRound(resource('entities'), justRead('entities'), 'due', now, named)).toBe(true);
    expect(restsThisRound(resource('contacts'), undefined, 'full', now, named)).toBe(true);
  });
});
