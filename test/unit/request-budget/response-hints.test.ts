import { describe, expect, it } from 'vitest';
import { parseHttpDate, parseRateLimit, parseRetryAfterMs } from '../../../src-main/request-budget/response-hints';
import { T0 } from './helpers';

const h = (values: Record<string, string>) => new Headers(values);

describe('response hints', () => {
  it('reads the three HTTP date forms and nothing looser', () => {
    const expected = Date.UTC(1994, 10, 6, 8, 49, 37);
    expect(parseHttpDate('Sun, 06 Nov 1994 08:49:37 GMT')).toBe(expected);
    expect(parseHttpDate('Sunday, 06-Nov-94 08:49:37 GMT')).toBe(expected);
    expect(parseHttpDate('Sun Nov  6 08:49:37 1994')).toBe(expected);
    for (const loose of ['1', 'May 5', '2030-01-07T09:00:00Z', 'tomorrow', '', 'Sun, 06 Nov 1994 08:49:37 PST']) {
      expect(parseHttpDate(loose)).toBeUndefined();
    }
  });

  it('reads Retry-After as seconds or a date, clamped to [1 s, 1 day]', () => {
    expect(parseRetryAfterMs(h({ 'Retry-After': '30' }), T0)).toBe(30_000);
    expect(parseRetryAfterMs(h({ 'Retry-After': ' 2.5 ' }), T0)).toBe(2_500);
    expect(parseRetryAfterMs(h({ 'Retry-After': '0' }), T0)).toBe(1_000);
    expect(parseRetryAfterMs(h({ 'Retry-After': '999999999' }), T0)).toBe(86_400_000);
    expect(parseRetryAfterMs(h({ 'Retry-After': new Date(T0 + 90_000).toUTCString() }), T0)).toBe(90_000);
    expect(parseRetryAfterMs(h({ 'Retry-After': new Date(T0 - 90_000).toUTCString() }), T0)).toBe(1_000);
    for (const garbage of ['-5', 'soon', '30s', '1e3', 'NaN']) {
      expect(parseRetryAfterMs(h({ 'Retry-After': garbage }), T0)).toBeUndefined();
    }
    expect(parseRetryAfterMs(h({}), T0)).toBeUndefined();
  });

  it('reads X-RateLimit-Limit/Remaining only when both are sane', () => {
    expect(parseRateLimit(h({ 'X-RateLimit-Limit': '60', 'X-RateLimit-Remaining': '0' }))).toEqual({
      limit: 60,
      remaining: 0,
    });
    expect(parseRateLimit(h({ 'x-ratelimit-limit': '1000', 'x-ratelimit-remaining': '12' }))).toEqual({
      limit: 1000,
      remaining: 12,
    });
    expect(parseRateLimit(h({ 'X-RateLimit-Limit': '60' }))).toBeUndefined();
    expect(parseRateLimit(h({ 'X-RateLimit-Limit': '60', 'X-RateLimit-Remaining': '61' }))).toBeUndefined();
    expect(parseRateLimit(h({ 'X-RateLimit-Limit': '0', 'X-RateLimit-Remaining': '0' }))).toBeUndefined();
    expect(parseRateLimit(h({ 'X-RateLimit-Limit': '60', 'X-RateLimit-Remaining': '1.5' }))).toBeUndefined();
  });
});
