import { describe, expect, it } from 'vitest';
import { contactUpdateSchema } from '../../../../../src-preload/contract/partner-api';
import { contactChanges } from '../../../../../src-renderer/operations/contacts/contact-changes';

const before = {
  contactName: 'Ana',
  contactSurname: 'Silva',
  email: 'ana@example.com',
  mobile: '0412 345 678',
  position: null,
  isPrimary: true,
};

describe('contact edits send only what changed', () => {
  it('nothing changed → an empty change', () => {
    expect(contactChanges(before, { ...before })).toEqual({});
  });

  it('one field changed → only that field', () => {
    expect(contactChanges(before, { ...before, position: 'Director' })).toEqual({ position: 'Director' });
    expect(contactChanges(before, { ...before, isPrimary: false })).toEqual({ isPrimary: false });
  });

  it('an emptied optional field is cleared (null), and the change passes the contract schema', () => {
    const change = contactChanges(before, { ...before, email: null, mobile: undefined });
    expect(change).toEqual({ email: null, mobile: null });
    expect(contactUpdateSchema.safeParse(change).success).toBe(true);
  });

  it('isPrimary left out of the form keeps what it was', () => {
    const { isPrimary: _, ...rest } = before;
    expect(contactChanges(before, rest)).toEqual({});
  });
});
