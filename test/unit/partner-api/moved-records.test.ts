import { describe, expect, it } from 'vitest';
import { watchForMovedRecords } from '../../../src-main/partner-api/moved-records';

interface Row {
  key: string;
  updatedOn: string;
}
const row = (key: string, updatedOn: string): Row => ({ key, updatedOn: `2031-01-01T${updatedOn}:00.000Z` });

describe('watching a read for records that moved within the list', () => {
  it('a record pushed onto the next page unchanged is no sign; the same record served again changed is', () => {
    const watch = watchForMovedRecords((r: Row) => r.key);
    watch.note([row('a', '08:00'), row('b', '09:00')]);
    watch.note([row('b', '09:00'), row('c', '07:00')]);
    expect(watch.moved).toBe(false);
    watch.note([row('a', '10:00')]);
    expect(watch.moved).toBe(true);
  });

  it('a resumed read in updatedOn order that serves a record changed since its pass began: it may have moved', () => {
    const watch = watchForMovedRecords((r: Row) => r.key, '2031-01-01T09:30:00.000Z');
    watch.note([row('d', '08:00'), row('e', '09:00')]);
    expect(watch.moved).toBe(false);
    watch.note([row('a', '10:00')]);
    expect(watch.moved).toBe(true);
  });

  it('a resumed read not in updatedOn order (key order) takes a record changed since as a change in its place', () => {
    const watch = watchForMovedRecords((r: Row) => r.key, '2031-01-01T09:30:00.000Z');
    watch.note([row('d', '08:00'), row('e', '07:00'), row('f', '10:00')]);
    expect(watch.moved).toBe(false);
  });
});
