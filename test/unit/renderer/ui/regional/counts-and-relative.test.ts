import { describe, expect, it } from 'vitest';
import { countOf } from '../../../../../src-renderer/ui/regional/counts';
import { formatRelative } from '../../../../../src-renderer/ui/regional/relative-time';

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('counts with their noun', () => {
  it('agree in number, in the practice’s locale', () => {
    expect(countOf(1, 'record')).toBe('1 record');
    expect(countOf(0, 'record')).toBe('0 records');
    expect(countOf(304, 'record')).toBe('304 records');
    expect(countOf(12345, 'record', 'ANZ')).toBe('12,345 records');
    expect(plain(countOf(12345, 'record', 'ZA'))).toBe('12 345 records');
    expect(countOf(2, 'entry', 'UK', 'entries')).toBe('2 entries');
    expect(countOf(1, 'entry', 'UK', 'entries')).toBe('1 entry');
  });
});

describe('relative times', () => {
  const now = Date.parse('2026-11-23T10:00:00Z');
  it('say how long ago in words, and the date itself past a week', () => {
    expect(formatRelative(now - 10_000, now, 'ANZ')).toBe('just now');
    expect(formatRelative(now - 2 * 60_000, now, 'ANZ')).toBe('2 minutes ago');
    expect(formatRelative(new Date(now - 60_000).toISOString(), now, 'UK')).toBe('1 minute ago');
    expect(formatRelative(now + 40 * 60_000, now, 'ZA')).toBe('in 40 minutes');
    expect(formatRelative(now - 3 * 3_600_000, now, 'ANZ')).toBe('3 hours ago');
    expect(formatRelative(now - 26 * 3_600_000, now, 'ANZ')).toBe('yesterday');
    expect(formatRelative(now - 10 * 86_400_000, now, 'ANZ')).toMatch(/13 Nov 2026/);
    expect(formatRelative(null, now)).toBe('—');
  });
});
