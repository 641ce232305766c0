import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contactCreateSchema, eformCreateSchema, leadCreateSchema } from '../../../../src-preload/contract/partner-api';
import { labelOf, plainErrors, plainIssueMessage } from '../../../../src-renderer/ui/plain-issues';
import { nameWarning } from '../../../../src-renderer/ui/plausibility';

const contactLabels = { contactName: 'first name', contactSurname: 'surname', position: 'relationship or position' };
const messagesOf = (schema: z.ZodType, value: unknown, labels = {}) =>
  schema.safeParse(value, { error: plainErrors(labels) }).error?.issues.map((i) => [i.path.join('.'), i.message]);

describe("a contract schema's complaints, in the practice's words", () => {
  it('an empty Add contact: "Enter a first name", "Enter a surname", never the library\'s words', () => {
    expect(messagesOf(contactCreateSchema, { contactName: '', contactSurname: '  ' }, contactLabels)).toEqual([
      ['contactName', 'Enter a first name.'],
      ['contactSurname', 'Enter a surname.'],
    ]);
    expect(messagesOf(contactCreateSchema, {}, contactLabels)).toEqual([
      ['contactName', 'Enter a first name.'],
      ['contactSurname', 'Enter a surname.'],
    ]);
  });

  it('an email that is not one says what one looks like', () => {
    const issues = messagesOf(contactCreateSchema, { contactName: 'A', contactSurname: 'B', email: 'oliver.white@' });
    expect(issues).toEqual([['email', 'Enter an email address like name@example.com.']]);
  });

  it('lengths, numbers, choices and lists name the field', () => {
    expect(
      messagesOf(
        contactCreateSchema,
        { contactName: 'A', contactSurname: 'B', position: 'x'.repeat(101) },
        contactLabels,
      ),
    ).toEqual([['position', 'Relationship or position is too long: at most 100 characters.']]);
    expect(messagesOf(z.object({ quantity: z.number().min(1) }), { quantity: 0 })).toEqual([
      ['quantity', 'Quantity must be at least 1.'],
    ]);
    expect(messagesOf(z.object({ unitPrice: z.number().gt(0) }), { unitPrice: 0 })).toEqual([
      ['unitPrice', 'Unit price must be more than 0.'],
    ]);
    expect(messagesOf(z.object({ quantity: z.number() }), { quantity: 'two' })).toEqual([
      ['quantity', 'Quantity must be a number.'],
    ]);
    expect(messagesOf(z.object({ kind: z.enum(['standard', 'extensive']) }), { kind: 'deep' })).toEqual([
      ['kind', 'Choose one of the offered kind values.'],
    ]);
    expect(messagesOf(z.object({ assignedUserKey: z.uuid() }), { assignedUserKey: 'me' })).toEqual([
      ['assignedUserKey', 'Choose an assigned user from the list.'],
    ]);
    expect(messagesOf(z.object({ lines: z.array(z.string()).min(1) }), { lines: [] })).toEqual([
      ['lines', 'Add at least 1 to lines.'],
    ]);
  });

  it("a message the contract wrote itself stays (the rule's own sentence)", () => {
    const issues = messagesOf(eformCreateSchema, { templateId: 3, emailContent: 'No link here' });
    expect(issues).toEqual([['emailContent', 'emailContent must include the token [Link].']]);
  });

  it('the label falls back to the key in words, and a lead form reads the same way', () => {
    expect(labelOf(['recipientEmail'])).toBe('recipient email');
    expect(labelOf(['lines', 2, 'extTaxID'])).toBe('lines');
    expect(labelOf([])).toBe('this field');
    expect(messagesOf(leadCreateSchema, { name: '' })).toEqual([['name', 'Enter a name.']]);
    expect(plainIssueMessage({ code: 'invalid_type', expected: 'boolean', input: 'yes', path: ['sendSms'] })).toBe(
      'Tick or untick send sms.',
    );
  });

  it('no message anywhere reads like the library', () => {
    const broken = { contactName: '', contactSurname: 3, email: 'x', mobile: 'y'.repeat(41), isPrimary: 'no' };
    for (const [, message] of messagesOf(contactCreateSchema, broken) ?? [])
      expect(message).not.toMatch(/expected|Too small|Too big|Invalid|received/);
  });
});

describe('a name that looks like something else is warned about, not refused', () => {
  it('an email address or a phone number in a name field', () => {
    expect(nameWarning('oliver.white@ 0412 34')).toMatch(/looks like an email address/);
    expect(nameWarning('0412 345 678')).toMatch(/looks like a phone number/);
    expect(nameWarning('Oliver')).toBeUndefined();
    expect(nameWarning("O'Brien-Smith")).toBeUndefined();
    expect(nameWarning('Henry VIII 2nd')).toBeUndefined();
  });
});
