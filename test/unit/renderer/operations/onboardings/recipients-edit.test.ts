import { describe, expect, it } from 'vitest';
import { recipientsPatchSchema, type OnboardingRecipient } from '../../../../../src-preload/contract/partner-api';
import {
  buildRecipientsPatch,
  newRow,
  recipientErrors,
  rowsOf,
} from '../../../../../src-renderer/operations/onboardings/recipients-edit';

const K1 = '11111111-1111-4111-8111-111111111111';
const K2 = '22222222-2222-4222-8222-222222222222';
const USER = '33333333-3333-4333-8333-333333333333';
const recipient = (recipientKey: string, name: string, email: string | null): OnboardingRecipient => ({
  recipientKey,
  name,
  surname: 'Ngata',
  email,
  mobile: null,
  sendOrder: 1,
  sentOn: null,
  submittedOn: null,
});
const original = [recipient(K1, 'Zoe', 'zoe@example.com'), recipient(K2, 'Tama', 'tama@example.com')];

describe('the recipients PATCH built from the form', () => {
  it('untouched rows send nothing; an unchanged form sends an empty list the schema refuses ("Nothing was changed")', () => {
    const patch = buildRecipientsPatch(original, rowsOf(original));
    expect(patch).toEqual({ recipients: [], rowOf: [] });
    const parsed = recipientsPatchSchema.safeParse({ userKey: USER, recipients: patch.recipients });
    expect(parsed.success).toBe(false);
    expect(recipientErrors(parsed.error!, patch.rowOf, rowsOf(original))).toEqual({ '': 'Nothing was changed.' });
  });

  it('a change sends only the changed field; a removal only the key and remove; a new row its non-empty fields; each mapped to its form row', () => {
    const rows = rowsOf(original);
    rows[0] = { ...rows[0]!, surname: 'Ngāta-Smith' };
    rows[1] = { ...rows[1]!, remove: true, name: 'ignored when removing' };
    rows.push({ ...newRow(), name: 'Nova', email: 'nova@example.com', sendSms: true, mobile: '021 555 0101' });
    rows.push({ ...newRow(), remove: true }); // a new row dropped before sending: nothing
    const patch = buildRecipientsPatch(original, rows);
    expect(patch.recipients).toEqual([
      { recipientKey: K1, surname: 'Ngāta-Smith' },
      { recipientKey: K2, remove: true },
      { name: 'Nova', email: 'nova@example.com', mobile: '021 555 0101', sendSms: true },
    ]);
    expect(patch.rowOf).toEqual([0, 1, 2]);
    expect(recipientsPatchSchema.safeParse({ userKey: USER, recipients: patch.recipients }).success).toBe(true);
  });

  it('access: sent as canEdit per client when the row set it, for a new row and for an existing one; an access change alone is a change', () => {
    const rows = rowsOf(original);
    expect(rows.every((row) => Object.keys(row.access).length === 0)).toBe(true);
    expect(newRow().access).toEqual({});
    rows[0] = { ...rows[0]!, access: { 40001: 'view' } }; // nothing else changed
    rows.push({ ...newRow(), name: 'Nova', email: 'nova@example.com', access: { 40001: 'edit', 40002: 'view' } });
    const patch = buildRecipientsPatch(original, rows);
    expect(patch.recipients).toEqual([
      { recipientKey: K1, access: [{ entityOnboardingId: 40001, canEdit: false }] },
      {
        name: 'Nova',
        email: 'nova@example.com',
        access: [
          { entityOnboardingId: 40001, canEdit: true },
          { entityOnboardingId: 40002, canEdit: false },
        ],
      },
    ]);
    expect(patch.rowOf).toEqual([0, 2]);
    expect(recipientsPatchSchema.safeParse({ userKey: USER, recipients: patch.recipients }).success).toBe(true);
  });

  it('access: left out when untouched (with another change, and on a new row); a removed recipient carries none', () => {
    const rows = rowsOf(original);
    rows[0] = { ...rows[0]!, surname: 'Ngāta-Smith' };
    rows[1] = { ...rows[1]!, remove: true, access: { 40001: 'edit' } };
    rows.push({ ...newRow(), name: 'Nova', email: 'nova@example.com' });
    rows.push({ ...newRow(), remove: true, access: { 40001: 'edit' } }); // a new row dropped before sending: nothing
    const patch = buildRecipientsPatch(original, rows);
    expect(patch.recipients).toEqual([
      { recipientKey: K1, surname: 'Ngāta-Smith' },
      { recipientKey: K2, remove: true },
      { name: 'Nova', email: 'nova@example.com' },
    ]);
    expect(patch.recipients.some((edit) => 'access' in edit)).toBe(false);
    expect(patch.rowOf).toEqual([0, 1, 2]);
  });

  it('schema errors land on the form row they came from; an emptied email says it cannot be removed', () => {
    const rows = rowsOf(original);
    rows[1] = { ...rows[1]!, email: '' };
    rows.push({ ...newRow(), name: 'Nova', email: 'not-an-email' });
    const patch = buildRecipientsPatch(original, rows);
    expect(patch.rowOf).toEqual([1, 2]);
    const parsed = recipientsPatchSchema.safeParse({ userKey: 'nobody', recipients: patch.recipients });
    const errors = recipientErrors(parsed.error!, patch.rowOf, rows);
    expect(errors['row.1.email']).toMatch(/cannot be removed/);
    expect(errors['row.2.email']).toMatch(/email/i);
    expect(errors['userKey']).toBeDefined();
  });
});
