import 'fake-indexeddb/auto';
import { isValidElement, type ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { operationNames, type OperationName } from '../../../../src-preload/contract/outbox/operations';
import { isLocalEffect, type EffectPart } from '../../../../src-renderer/effects/outbox-effect';
import { effectTables, localEffects } from '../../../../src-renderer/effects/local-effects';
import { operationRegistry, partsOf } from '../../../../src-renderer/operations/registry';
import type { OperationParts, ResubmitContext } from '../../../../src-renderer/operations/shared/operation-parts';
import { practiceDb } from '../../../support/practice-db';
import { sendAgainLabel } from '../../../../src-renderer/features/outbox/SendAgain';

const K = '11111111-1111-4111-8111-111111111111';
const { description, effect, start, resubmit } = operationRegistry['contact.create'];

// Compile-time: the registry's own rule, applied to literals that each leave one thing out. Every
// `@ts-expect-error` below fails the typecheck ("unused directive") the moment the literal is complete.
export const typeChecks = {
  missingResubmit: {
    ...operationRegistry,
    // @ts-expect-error -- an operation without its "Edit and resubmit" path
    'contact.create': { effect, description, start },
  } satisfies Record<OperationName, OperationParts>,
  missingEffect: {
    ...operationRegistry,
    // @ts-expect-error -- an effect left as a hole instead of `noLocalEffect(reason)`
    'contact.create': { effect: undefined, description, start, resubmit },
  } satisfies Record<OperationName, OperationParts>,
  missingDescription: {
    ...operationRegistry,
    // @ts-expect-error -- an operation the user would see without a title or summary
    'contact.create': { effect, start, resubmit },
  } satisfies Record<OperationName, OperationParts>,
  missingTables: {
    ...operationRegistry,
    'contact.create': {
      // @ts-expect-error -- an effect that does not say which tables its transaction needs
      effect: { apply: effect.apply, settle: effect.settle, revert: effect.revert },
      description,
      start,
      resubmit,
    },
  } satisfies Record<OperationName, OperationParts>,
  // @ts-expect-error -- an operation of the contract with no entry at all
  missingOperation: { ...operationRegistry, 'contact.create': undefined } satisfies Record<
    OperationName,
    OperationParts
  >,
};

const context: ResubmitContext = { submitLabel: 'Save and resubmit', eformTemplates: [] };
const handlers = { onSubmit: async () => {}, onCancel: () => {} };
const rendered = (name: OperationName, body: unknown) => {
  const part = partsOf(name).resubmit;
  return part === 'json' ? 'json' : part.render(body, context, handlers);
};
/** The forms a screen opens the operation in. */
const formsOf = (name: OperationName): unknown[] => {
  const { start } = partsOf(name);
  return start.kind === 'dialog' ? [...start.forms] : [];
};
const propsOf = (element: unknown) => (element as ReactElement<Record<string, unknown>>).props;

describe('the operation registry', () => {
  it('has every operation of the contract, and nothing else', () => {
    expect(Object.keys(operationRegistry).sort()).toEqual([...operationNames].sort());
  });

  it('holds the same effects the outbox machinery reads', () => {
    for (const name of operationNames) expect(operationRegistry[name].effect).toBe(localEffects[name]);
  });

  it('says why an operation has no local effect, and the ingest transaction takes every table an effect names', () => {
    const db = practiceDb('registry-test');
    const taken = new Set(effectTables(db).map((table) => table.name));
    for (const name of operationNames) {
      const part: EffectPart = localEffects[name];
      if (isLocalEffect(part)) for (const table of part.tables) expect(taken).toContain(table);
      else expect(part.noLocalEffect.length).toBeGreaterThan(20);
    }
    expect(taken).toContain('outbox');
  });

  it('describes an entry with the contract’s title and the domain’s summary', () => {
    expect(partsOf('eform.create').description).toMatchObject({ title: 'Send an eForm', billedPerUse: true });
    expect(partsOf('contact.update').description.billedPerUse).toBe(false);
    expect(
      operationRegistry['contact.update'].description.summary({
        name: 'Jane Doe',
        changes: { email: 'j@example.com', isPrimary: true },
        clientName: 'Acme',
      }),
    ).toBe('Edit contact Jane Doe of Acme: email, primary contact');
  });

  it('says why a write is never sent again on a guess in words true of it: billed only where the practice pays', () => {
    // The contract bills eForms and SMS (and the schema guide, identity checks); a lead or a bill costs nothing.
    const billed = operationNames.filter((name) => partsOf(name).description.billedPerUse).sort();
    expect(billed).toEqual(['eform.create', 'eform.sendDraft', 'identity.runAmlCheck', 'identity.sendVerification']);
    expect(partsOf('eform.create').description.sentOnce).toBe('billed per use');
    expect(partsOf('lead.create').description).toMatchObject({
      title: 'Create a lead',
      billedPerUse: false,
      sentOnce: 'not sent again without checking: a second lead would be a duplicate',
    });
    expect(partsOf('bill.createAdhoc').description.sentOnce).toBe(
      'not sent again without checking: a second bill would be a duplicate',
    );
    // A create is sent again once a read proved the first did not arrive: nothing to say beside its title.
    expect(partsOf('contact.create').description.sentOnce).toBeNull();
    expect(sendAgainLabel('lead.create')).toBe('Send again — this may create a second lead');
    expect(sendAgainLabel('eform.create')).toBe('Send again — this may create a second eForm, billed again');
  });

  it('resubmits in the form the screen uses, prefilled with the stored body', () => {
    const bill = {
      entityKey: K,
      dueDate: '2099-01-31',
      sendBill: false,
      syncNow: false,
      lines: [{ description: 'Advice', quantity: 1, unitPrice: 150 }],
    };
    const cases: [OperationName, unknown, Record<string, unknown>][] = [
      ['contact.create', { contactName: 'Jane', contactSurname: 'Doe' }, { submitLabel: 'Save and resubmit' }],
      ['lead.create', { name: 'Lead' }, { submitLabel: 'Save and resubmit' }],
      ['lead.addNote', { text: 'Met at the office' }, {}],
      ['bill.createAdhoc', bill, { entityKey: K }],
      ['eform.create', { templateId: 3, entityKey: K, recipientName: 'C' }, { templates: [] }],
    ];
    for (const [name, body, expected] of cases) {
      const element = rendered(name, body);
      expect(isValidElement(element), name).toBe(true);
      expect(formsOf(name), name).toContain((element as ReactElement).type);
      expect(propsOf(element)).toMatchObject({ initial: body, ...expected, ...handlers });
    }
  });

  it('falls back to JSON for a body that no longer fits its form, and for the operations edited as JSON', () => {
    expect(rendered('lead.create', { surname: 'no name' })).toBeNull();
    expect(rendered('bill.createAdhoc', { lines: [] })).toBeNull();
    expect(rendered('contact.update', { position: 'Director' })).toBe('json');
    expect(rendered('onboarding.complete', {})).toBe('json');
  });
});
