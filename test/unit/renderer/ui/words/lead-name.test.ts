import { describe, expect, it } from 'vitest';
import { leadName } from '../../../../../src-renderer/ui/words/lead-name';

describe('leadName', () => {
  it('names a lead by person, else by company, else says it has no name', () => {
    expect(leadName({ name: 'Ana', surname: 'Silva', companyName: 'Acme' })).toBe('Ana Silva');
    expect(leadName({ name: 'Cy', surname: null, companyName: null })).toBe('Cy');
    expect(leadName({ name: '', surname: null, companyName: 'Acme' })).toBe('Acme');
    expect(leadName({ name: '', surname: null, companyName: null })).toBe('Unnamed lead');
  });
});
