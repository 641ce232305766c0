import { describe, expect, it } from 'vitest';
import { navSection } from '../../../../src-renderer/app/nav-section';

const at = (key: string, pathname: string, state?: unknown) => ({ key, pathname, state });
const bill = '/documents/bill/100232';

describe('the navigation entry a location highlights', () => {
  it("a screen's own pages highlight it", () => {
    expect(navSection(at('a', '/clients'), null)).toBe('clients');
    expect(navSection(at('b', '/clients/1111'), { key: 'a', pathname: '/clients', section: 'clients' })).toBe(
      'clients',
    );
    expect(navSection(at('c', '/documents'), { key: 'b', pathname: '/clients/1111', section: 'clients' })).toBe(
      'documents',
    );
  });

  it("a client's bill opened from the client keeps Clients lit", () => {
    expect(navSection(at('d', bill), { key: 'c', pathname: '/clients/1111', section: 'clients' })).toBe('clients');
  });

  it('a document opened from the Documents list keeps Documents lit', () => {
    expect(navSection(at('d', bill), { key: 'c', pathname: '/documents', section: 'documents' })).toBe('documents');
  });

  it('the origin stays with the history entry once recorded', () => {
    expect(navSection(at('d', bill), { key: 'd', pathname: bill, section: 'clients' })).toBe('clients');
  });

  it("the link's own `from` wins over the previous location", () => {
    expect(
      navSection(at('d', bill, { from: '/clients/1111?tab=billing' }), {
        key: 'c',
        pathname: '/documents',
        section: 'documents',
      }),
    ).toBe('clients');
  });

  it('a document opened with no history (reload, deep link) highlights Documents', () => {
    expect(navSection(at('d', bill), null)).toBe('documents');
  });
});
