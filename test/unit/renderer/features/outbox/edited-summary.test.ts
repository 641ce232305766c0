import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../../../../src-preload/contract/outbox/outbox-entry';
import { summaryAfterEdit } from '../../../../../src-renderer/features/outbox/edited-summary';
import { operationRegistry } from '../../../../../src-renderer/operations/registry';
import type { KnownAtEdit } from '../../../../../src-renderer/operations/shared/operation-parts';
import { practiceDb } from '../../../../support/practice-db';

const K = '11111111-1111-4111-8111-111111111111';
const known: KnownAtEdit = {
  clientName: 'Emily White',
  eformTemplates: [{ templateId: 3, name: 'Rental property', description: null, category: 'Tax', questionCount: 4 }],
  region: 'ANZ',
  formSays: undefined,
};
const afterEdit = (name: keyof typeof operationRegistry, body: unknown, more: Partial<KnownAtEdit> = {}) =>
  operationRegistry[name].description.afterEdit?.(body, { ...known, ...more }) ?? null;

describe("an edited entry's line is written from what it will send", () => {
  it('a contact, an eForm, an ID check, a lead', () => {
    expect(afterEdit('contact.create', { contactName: 'Oliver', contactSurname: 'White' })).toBe(
      'Add contact Oliver White to Emily White',
    );
    expect(afterEdit('eform.create', { templateId: 3, sendNow: false })).toBe(
      'Save as draft the eForm “Rental property” to Emily White',
    );
    expect(afterEdit('eform.create', { templateId: 3, recipientName: 'Oliver White' })).toBe(
      'Send the eForm “Rental property” to Oliver White',
    );
    expect(afterEdit('identity.runAmlCheck', { entityKey: K, kind: 'extensive' })).toBe(
      'Run an extensive AML check on Emily White (billed)',
    );
    expect(afterEdit('lead.create', { name: 'Ana', surname: 'Silva' })).toBe('Create lead Ana Silva');
  });

  it("a bill's amount comes from the totals its form handed over, in the practice's format", () => {
    const bill = {
      entityKey: K,
      dueDate: '2099-01-31',
      sendBill: true,
      syncNow: false,
      lines: [{ description: 'Advice', quantity: 1, unitPrice: 150 }],
    };
    expect(afterEdit('bill.createAdhoc', bill, { formSays: { net: 150, total: 165 } })).toBe(
      'Bill Emily White $165.00 (1 line, sent to the client)',
    );
    expect(afterEdit('bill.createAdhoc', bill, { formSays: { net: 150, total: null } })).toBe(
      'Bill Emily White $150.00 before tax (1 line, sent to the client)',
    );
    // Without the totals the old line stays rather than a guessed amount.
    expect(afterEdit('bill.createAdhoc', bill)).toBeNull();
  });

  it('a body that does not fit keeps the line it was queued with', async () => {
    expect(afterEdit('contact.create', { contactName: '' })).toBeNull();
    const db = practiceDb(`edited-summary-${Date.now()}`);
    const entry = { operation: 'contact.create', entityKey: null, summary: 'Add contact A B to C' } as OutboxEntry;
    expect(await summaryAfterEdit(db, entry, { contactName: 'X', contactSurname: 'Y' }, known)).toBe(
      'Add contact A B to C',
    );
    await db.entities.put({ entityKey: K, fullEntityName: 'Smith & Co' } as never);
    expect(
      await summaryAfterEdit(db, { ...entry, entityKey: K }, { contactName: 'X', contactSurname: 'Y' }, known),
    ).toBe('Add contact X Y to Smith & Co');
  });
});
