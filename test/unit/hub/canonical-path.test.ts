import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_TARGET_LENGTH, pathRefusal } from '../../../src-main/hub/http/canonical-path';

describe('a request target is served only in its one spelling', () => {
  it('lets the hub’s own paths through, with any query', () => {
    for (const target of [
      '/',
      '/api/v1/entities/list',
      '/api/v1/entities/list?pageNumber=2&lastUpdated=2026-01-01T00:00:00.000Z',
      '/api/v1/leads/5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f/notes',
      '/api/v1/bills/123/pdf',
      '/hub/v1/changes',
      '/webhooks/partner',
      '/api/v1/entities/list?q=%2e%2e%2F',
    ])
      expect([target, pathRefusal(target)]).toEqual([target, null]);
  });

  it('refuses encodings, dot and empty segments, backslashes and every form but a path', () => {
    for (const target of [
      '/%61pi/v1/entities/list',
      '/%68ub/v1/changes',
      '/api/v1/entities%2Flist',
      '/api/v1/entities%2flist',
      '/api/v1/entities%5Clist',
      '/api\\v1/entities/list',
      '/api/./v1/entities/list',
      '/api/x/../v1/entities/list',
      '/api/%2e%2e/v1',
      '//api/v1/entities/list',
      '/api//v1/entities/list',
      '/api/v1/entities/list/',
      '/api/v1/entities/list%00',
      '/api/v1/entities/list%C0%AF',
      'http://127.0.0.1:4020/api/v1/entities/list',
      '*',
      '',
      '/api/v1/entities/list#x',
      '/api/v1/entities list',
      `/${'a'.repeat(MAX_TARGET_LENGTH)}`,
      undefined,
    ])
      expect([target, typeof pathRefusal(target)]).toEqual([target, 'string']);
  });

  it('refuses every path holding a percent-encoded octet or a dot segment, wherever it sits', () => {
    const segment = fc.stringMatching(/^[a-z0-9]{1,8}$/);
    fc.assert(
      fc.property(
        fc.array(segment, { minLength: 1, maxLength: 5 }),
        fc.nat(),
        fc.constantFrom('%61', '%2F', '%2e', '%5c', '.', '..', '', '%25'),
        (segments, at, odd) => {
          const parts = [...segments];
          parts.splice(at % (parts.length + 1), 0, odd);
          expect(pathRefusal(`/${parts.join('/')}`)).not.toBeNull();
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
