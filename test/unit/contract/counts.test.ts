import { describe, expect, it } from 'vitest';
import { countOf, nounFor } from '../../../src-preload/contract/counts';

describe('the one plural rule, for main and the renderer', () => {
  it('picks the noun that agrees with the count', () => {
    expect(nounFor(1, 'action')).toBe('action');
    expect(nounFor(0, 'action')).toBe('actions');
    expect(nounFor(2, 'action')).toBe('actions');
    expect(nounFor(1.5, 'page')).toBe('pages');
    expect(nounFor(2, 'entry', 'entries')).toBe('entries');
    expect(nounFor(1, 'action needs', 'actions need')).toBe('action needs');
  });

  it('writes the count in plain digits unless told how', () => {
    expect(countOf(1, 'hour')).toBe('1 hour');
    expect(countOf(4, 'hour')).toBe('4 hours');
    expect(countOf(12345, 'line')).toBe('12345 lines');
    expect(countOf(3, 'action needs', 'actions need')).toBe('3 actions need');
    expect(countOf(12345, 'record', undefined, (n) => n.toLocaleString('en-AU'))).toBe('12,345 records');
  });
});
