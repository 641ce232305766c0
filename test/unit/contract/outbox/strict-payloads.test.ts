import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  operationNames,
  operations,
  type OperationDef,
  type OperationName,
} from '../../../../src-preload/contract/outbox/operations';
import {
  validatePayload,
  validateQueuedPayload,
  type StoredPayload,
} from '../../../../src-preload/contract/outbox/payload-check';
import { outboxEntrySchema } from '../../../../src-preload/contract/outbox/outbox-entry';
import { strictRequestSchema } from '../../../../src-preload/contract/outbox/strict-request';

const K = '11111111-1111-4111-8111-111111111111';
const U = '22222222-2222-4222-8222-222222222222';
const E = '33333333-3333-4333-8333-333333333333';

/** One valid payload per operation (typed: a new operation must get one), and where its body nests an object. */
const fixtures: Record<OperationName, { payload: StoredPayload; nested?: (string | number)[] }> = {
  'contact.create': {
    payload: {
      params: { entityKey: K },
      body: { contactName: ' Jane ', contactSurname: 'Doe', email: 'jane@x.example', mobile: undefined },
    },
  },
  'contact.update': { payload: { params: { entityKey: K, entityContactID: 12 }, body: { position: 'Director' } } },
  'lead.create': { payload: { params: {}, body: { name: 'Lead', surname: 'One', email: 'lead@example.com' } } },
  'lead.addNote': { payload: { params: { leadKey: K }, body: { text: 'Met at the office' } } },
  'lead.convert': { payload: { params: { leadKey: K }, body: { entityType: 'Company' } } },
  'eform.create': {
    payload: {
      params: {},
      body: {
        forms: [
          { templateId: 3 },
          { name: 'Extra', schema: { sections: [{ questions: [{ id: 'q', type: 'text', label: 'Q' }] }] } },
        ],
        ...{ entityKey: K, recipientName: 'C', recipientEmail: 'c@example.com', emailContent: '[Link]' },
      },
    },
    nested: ['forms', 0],
  },
  'eform.sendDraft': { payload: { params: { formKey: K } } },
  'identity.sendVerification': {
    payload: { params: {}, body: { entityKey: K, includeAml: true, amlKind: 'standard' } },
  },
  'identity.runAmlCheck': { payload: { params: {}, body: { entityKey: K, kind: 'standard' } } },
  'bill.createAdhoc': {
    payload: {
      params: {},
      body: {
        entityKey: K,
        dueDate: '2099-01-31',
        sendBill: false,
        syncNow: false,
        lines: [{ description: 'Advice', quantity: 1, unitPrice: 150 }],
      },
    },
    nested: ['lines', 0],
  },
  'onboarding.editRecipients': {
    payload: {
      params: { key: K },
      body: { userKey: U, recipients: [{ recipientKey: E, access: [{ entityOnboardingId: 4, canEdit: true }] }] },
    },
    nested: ['recipients', 0, 'access', 0],
  },
  'onboarding.setCustomFields': {
    payload: { params: { key: K, clientId: 4 }, body: { userKey: U, fields: [{ customFieldID: 2, value: 'x' }] } },
    nested: ['fields', 0],
  },
  'onboarding.complete': {
    payload: { params: { key: K }, body: { userKey: U, approverUserKey: U, paused: false, engagementKey: E } },
  },
  'onboarding.removeDocument': {
    payload: { params: { key: K, documentId: 7 }, query: { userKey: U, entityOnboardingId: 4 } },
  },
  'proposal.duplicate': { payload: { params: { key: K }, body: { userKey: U } } },
  'proposal.renew': { payload: { params: { key: K }, body: { userKey: U, signatoryContactID: 5 } } },
  'proposal.createFromTemplate': {
    payload: { params: {}, body: { userKey: U, templateID: 801, entityKey: E, name: 'Tax' } },
  },
  'proposal.create': {
    payload: {
      params: {},
      body: {
        userKey: U,
        entityKey: E,
        name: 'Advisory',
        services: [{ serviceID: 1, quantity: 2, price: 100 }],
        billings: [
          { description: 'Monthly', amount: 100, billOn: '2027-01-01', kind: 'recurring', frequency: 'Monthly' },
        ],
      },
    },
    nested: ['services', 0],
  },
  'proposal.replaceServices': {
    payload: { params: { key: K }, body: { userKey: U, services: [{ serviceID: 1, quantity: 2 }] } },
    nested: ['services', 0],
  },
  'proposal.editServices': {
    payload: {
      params: { key: K },
      body: { userKey: U, services: [{ serviceID: 1, quantity: 2 }] },
      base: [{ serviceID: 1, was: { quantity: 1, price: 100 } }],
    },
    nested: ['services', 0],
  },
  'proposal.replaceExternalProjects': {
    payload: {
      params: { key: K },
      body: {
        userKey: U,
        externalProjects: [
          {
            ...{
              id: 1,
              remove: false,
              name: 'P',
              budget: 100,
              budgetUnits: 'hours',
              normalBillingRate: 50,
              hoursPerDay: 8,
            },
            ...{ billingPeriod: 'monthly', currency: 'GBP' },
            ...{
              isIr35: false,
              includeUnbilledTimeInProfitability: true,
              startsOn: '2026-01-01T00:00:00Z',
              endsOn: '2026-12-31T00:00:00Z',
            },
          },
        ],
      },
    },
    nested: ['externalProjects', 0],
  },
};

const def = (name: OperationName): OperationDef => operations[name];
const copy = (payload: StoredPayload): StoredPayload => structuredClone(payload);
const at = (value: unknown, path: (string | number)[]): Record<string, unknown> =>
  path.reduce<unknown>((v, key) => (v as Record<string | number, unknown>)[key], value) as Record<string, unknown>;
const refusedAt = (name: OperationName, payload: StoredPayload) => {
  const result = validatePayload(name, payload);
  expect(result.ok).toBe(false);
  return result.ok ? [] : result.issues;
};

describe('the outbox sends only what strict schemas accepted', () => {
  it.each(operationNames)('%s: a valid payload is accepted, and what is sent is the parsed data', (name) => {
    const { payload } = fixtures[name];
    const result = validatePayload(name, copy(payload));
    expect(result).toMatchObject({ ok: true });
    if (!result.ok) return;
    const op = def(name);
    // The shared (permissive) schema agrees on valid input: the sent body is exactly its parsed result.
    if (op.body) expect(result.request.body).toEqual(op.body.parse(payload.body));
    else expect('body' in result.request).toBe(false);
    if (op.query) expect(result.request.query).toEqual(op.query.parse(payload.query));
    else expect('query' in result.request).toBe(false);
    expect(result.request.params).toEqual(op.params.parse(payload.params));
  });

  it('the parsed data, not the stored object: text trimmed, fields left undefined are not sent', () => {
    const result = validatePayload('contact.create', copy(fixtures['contact.create'].payload));
    expect(result.ok && result.request.body).toEqual({
      contactName: 'Jane',
      contactSurname: 'Doe',
      email: 'jane@x.example',
    });
    expect(result.ok && Object.keys(result.request.body as object)).not.toContain('mobile');
  });

  it.each(operationNames.filter((name) => def(name).body))('%s: an unknown key in the body is refused', (name) => {
    const payload = copy(fixtures[name].payload);
    (payload.body as Record<string, unknown>)['injected'] = 'x';
    expect(refusedAt(name, payload)).toContainEqual({ path: 'body', message: 'Unrecognized key: "injected"' });
  });

  it.each(operationNames.filter((name) => fixtures[name].nested))(
    '%s: an unknown key deep in the body is refused',
    (name) => {
      const payload = copy(fixtures[name].payload);
      const path = fixtures[name].nested!;
      at(payload.body, path)['injected'] = 'x';
      expect(refusedAt(name, payload)).toContainEqual({
        path: ['body', ...path].join('.'),
        message: 'Unrecognized key: "injected"',
      });
    },
  );

  it.each(operationNames.filter((name) => !def(name).body))(
    '%s: a body on an operation that takes none is refused',
    (name) => {
      const issues = refusedAt(name, { ...copy(fixtures[name].payload), body: { anything: 1 } });
      expect(issues).toContainEqual({ path: 'body', message: 'This action takes no body.' });
    },
  );

  it.each(operationNames.filter((name) => !def(name).query))(
    '%s: a query on an operation that takes none is refused (even an empty one)',
    (name) => {
      for (const query of [{ userKey: U }, {}]) {
        expect(refusedAt(name, { ...copy(fixtures[name].payload), query })).toContainEqual({
          path: 'query',
          message: 'This action takes no query.',
        });
      }
    },
  );

  it('an unknown key in a query is refused', () => {
    const payload = copy(fixtures['onboarding.removeDocument'].payload);
    payload.query!['include'] = 'everything';
    expect(refusedAt('onboarding.removeDocument', payload)).toContainEqual({
      path: 'query',
      message: 'Unrecognized key: "include"',
    });
  });

  it.each(operationNames)('%s: a path parameter that is not what it should be, or one too many, is refused', (name) => {
    const { payload } = fixtures[name];
    for (const key of Object.keys(payload.params)) {
      for (const bad of ['not-a-key', '../../bills', 1.5, -3]) {
        expect(
          refusedAt(name, { ...copy(payload), params: { ...payload.params, [key]: bad } }).some(
            (i) => i.path === `params.${key}`,
          ),
        ).toBe(true);
      }
    }
    expect(
      refusedAt(name, { ...copy(payload), params: { ...payload.params, extra: K } }).some((i) => i.path === 'params'),
    ).toBe(true);
  });

  it('a body that is not plain JSON is refused', () => {
    const payload = copy(fixtures['eform.create'].payload);
    (payload.body as { forms: { schema?: unknown }[] }).forms[1]!.schema = { when: new Date(0) };
    expect(validatePayload('eform.create', payload).ok).toBe(false);
    const cyclic: Record<string, unknown> = { name: 'x' };
    cyclic['self'] = cyclic;
    expect(validatePayload('eform.create', { params: {}, body: { name: 'x', schema: cyclic } }).ok).toBe(false);
  });

  it('a custom eForm schema the practice could not read is refused before it is sent (text kept from a form)', () => {
    const body = { name: 'Rental', schema: { __invalidJson: '1. Address\n2. Rent' }, emailContent: '[Link]' };
    const check = validatePayload('eform.create', { params: {}, body });
    expect(check.ok).toBe(false);
    expect(!check.ok && check.issues.some((i) => i.path === 'body.schema.sections')).toBe(true);
    const text = validatePayload('eform.create', { params: {}, body: { ...body, schema: '1. Address' } });
    expect(text.ok).toBe(false);
    // The shared schema stays as the contract says ("any JSON"): the demo practice accepts it.
    expect(operations['eform.create'].body.safeParse(body).success).toBe(true);
  });

  it('a reference stands in for its key only where the operation waits for one', () => {
    const ref = { outboxRef: K, field: 'leadKey' };
    expect(validateQueuedPayload('lead.addNote', { params: { leadKey: ref }, body: { text: 'Hi' } }).ok).toBe(true);
    expect(
      validateQueuedPayload('contact.update', {
        params: { entityKey: ref, entityContactID: 3 },
        body: { position: 'x' },
      }).ok,
    ).toBe(false);
  });

  it('the shared schemas stay permissive for the demo practice: strictness is derived, not changed', () => {
    const body = { ...(fixtures['bill.createAdhoc'].payload.body as object), injected: 1 };
    expect(operations['bill.createAdhoc'].body.safeParse(body).success).toBe(true);
    expect(strictRequestSchema(operations['bill.createAdhoc'].body).safeParse(body).success).toBe(false);
    expect(() => strictRequestSchema(z.intersection(z.object({ a: z.string() }), z.object({ b: z.string() })))).toThrow(
      /intersection/,
    );
  });

  it('a stored entry keeps plain JSON only: undefined fields are dropped on read, other values refused', () => {
    const entry = {
      ...{
        id: K,
        operation: 'contact.create',
        status: 'done',
        attempts: 1,
        notBefore: null,
        lastError: null,
        review: null,
      },
      ...{ entityKey: K, summary: 's', dependsOn: [] },
      payload: { params: { entityKey: K }, body: { contactName: 'A', contactSurname: 'B', email: undefined } },
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      result: { entityContactID: 3, position: undefined },
      undo: null,
    };
    const parsed = outboxEntrySchema.parse(entry);
    expect(parsed.payload.body).toEqual({ contactName: 'A', contactSurname: 'B' });
    expect(Object.keys(parsed.result as object)).toEqual(['entityContactID']);
    expect(outboxEntrySchema.safeParse({ ...entry, result: { at: new Date(0) } }).success).toBe(false);
    expect(outboxEntrySchema.safeParse({ ...entry, undo: { n: Number.NaN } }).success).toBe(false);
  });
});
