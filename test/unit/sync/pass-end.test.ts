import { describe, expect, it } from 'vitest';
import { cursorAtEnd, type PassFacts } from '../../../src-main/sync/pass-end';
import { proofDue, windowOfPass } from '../../../src-main/sync/pass-rules';
import { syncResources } from '../../../src-main/sync/sync-resources';
import type { SyncCursor } from '../../../src-preload/contract/sync';

const entities = syncResources.find((r) => r.name === 'entities')!;
const bills = syncResources.find((r) => r.name === 'bills')!;
const MINUTE = 60_000;

const incremental: SyncCursor = {
  resource: 'entities',
  mode: 'incremental',
  watermark: '2031-01-01T07:58:00.000Z',
  nextPage: 3,
  passServerTime: '2031-01-01T08:30:00.000Z',
  largestPage: 25,
  lastCompletedAt: '2031-01-01T08:25:00.000Z',
  recordsThisPass: 50,
  provenAt: '2031-01-01T08:00:00.000Z',
  fullPassRecords: 400,
  fullPassAt: '2030-12-30T08:00:00.000Z',
};

const facts = (over: Partial<PassFacts>): PassFacts => ({
  resource: entities,
  cursor: incremental,
  outcome: { kind: 'proven' },
  passServerTime: '2031-01-01T08:30:00.000Z',
  endedAt: '2031-01-01T08:30:05.000Z',
  largestThisPass: 25,
  pagesWithRecords: 3,
  knownPageSize: 100,
  recordsThisPass: 60,
  marginMs: 2 * MINUTE,
  ...over,
});

describe('the cursor at the end of a pass', () => {
  it('a proven pass moves the watermark and the proof, and what it saw full replaces the known page size', () => {
    expect(cursorAtEnd(facts({}))).toMatchObject({
      watermark: '2031-01-01T08:28:00.000Z',
      provenAt: '2031-01-01T08:30:00.000Z',
      largestPage: 25,
      nextPage: 1,
      fullPassRecords: 400,
    });
  });

  it('a pass ended on a small first page keeps the watermark and the proof: the next asks again from there', () => {
    const end = cursorAtEnd(facts({ outcome: { kind: 'unproven' }, pagesWithRecords: 1, largestThisPass: 20 }));
    expect(end).toMatchObject({
      watermark: incremental.watermark,
      provenAt: incremental.provenAt,
      largestPage: 100,
      lastCompletedAt: '2031-01-01T08:30:00.000Z',
      nextPage: 1,
    });
  });

  it('a whole read relearns the page size — a smaller one replaces the old, never the larger of the two', () => {
    const reconcile = { ...incremental, mode: 'reconcile' as const, watermark: null };
    const end = cursorAtEnd(
      facts({ cursor: reconcile, pagesWithRecords: 1, largestThisPass: 10, recordsThisPass: 10 }),
    );
    expect(end).toMatchObject({ mode: 'incremental', largestPage: 10, fullPassRecords: 10 });
  });

  it('a whole read that saw the page size change starts over; an incremental one keeps its watermark', () => {
    const full = { ...incremental, mode: 'full' as const, watermark: null, provenAt: undefined };
    expect(cursorAtEnd(facts({ cursor: full, outcome: { kind: 'changed', pageSize: 40 } }))).toMatchObject({
      mode: 'full',
      nextPage: 1,
      passServerTime: null,
      largestPage: 40,
      recordsThisPass: 0,
    });
    expect(cursorAtEnd(facts({ outcome: { kind: 'changed', pageSize: 40 } }))).toMatchObject({
      mode: 'incremental',
      watermark: incremental.watermark,
      provenAt: incremental.provenAt,
      largestPage: 40,
    });
  });
});

describe('when a pass must prove its end', () => {
  const at = (iso: string, minutes: number) => Date.parse(iso) + minutes * MINUTE;
  it('a list: so that the next five-minute run would not leave a change an hour past the proven watermark', () => {
    expect(proofDue(entities, incremental, at(incremental.provenAt!, 52), 2 * MINUTE)).toBe(false);
    expect(proofDue(entities, incremental, at(incremental.provenAt!, 53), 2 * MINUTE)).toBe(true);
  });
  it('a billing window: within the day; a cursor never proven (or from before), at once', () => {
    const windowCursor = { ...incremental, resource: 'bills' };
    expect(proofDue(bills, windowCursor, at(incremental.provenAt!, 120), 2 * MINUTE)).toBe(false);
    expect(proofDue(bills, windowCursor, at(incremental.provenAt!, 24 * 60 - 7), 2 * MINUTE)).toBe(true);
    const { provenAt: _none, ...older } = incremental;
    expect(proofDue(entities, older, at(incremental.lastCompletedAt!, 5), 2 * MINUTE)).toBe(true);
  });
});

describe('a billing window after a pass ended unproven', () => {
  it('starts from the day before the last proven pass, not the last pass', () => {
    const cursor: SyncCursor = {
      ...incremental,
      resource: 'bills',
      nextPage: 1,
      provenAt: '2031-01-01T08:00:00.000Z',
      lastCompletedAt: '2031-01-02T20:00:00.000Z',
    };
    expect(windowOfPass(bills, cursor, '2031-01-03').window?.startDate).toBe('2030-12-31');
    const proven = { ...cursor, provenAt: cursor.lastCompletedAt! };
    expect(windowOfPass(bills, proven, '2031-01-03').window?.startDate).toBe('2031-01-01');
  });
});
