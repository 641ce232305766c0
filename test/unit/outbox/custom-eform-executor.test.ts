import { describe, expect, it } from 'vitest';
import { schemaGuide } from '../../../src-main/demo-practice/data/schema-guide';
import { createOutboxExecutor } from '../../../src-main/outbox/outbox-executor';
import { PartnerApiError } from '../../../src-main/partner-api/api-errors';
import type { PartnerApiClient } from '../../../src-main/partner-api/partner-api-client';
import type { StoredPayload } from '../../../src-preload/contract/outbox/payload-check';

const ENTITY = '11111111-1111-4111-8111-111111111111';
const PRACTICE = '44444444-4444-4444-8444-444444444444';
const FORM = '55555555-5555-4555-8555-555555555555';

/** The practice behind an API client that records every request; its guide is the demo practice's. */
function practice(options: { guideFails?: boolean } = {}) {
  const calls: { method: string; path: string }[] = [];
  const api = {
    request: async (method: string, path: string) => {
      calls.push({ method, path });
      if (method === 'GET') {
        if (options.guideFails) throw new PartnerApiError(503, 'Service Unavailable', 'Try later.', null);
        return { data: schemaGuide, status: 200, serverDate: null };
      }
      const created = { formKey: FORM, stackKey: null, accessUrl: null, sent: true, emailSent: true, forms: null };
      return { data: created, status: 201, serverDate: null };
    },
  } as unknown as PartnerApiClient;
  const executor = createOutboxExecutor({ targetFor: () => ({ api, canWrite: true }) });
  const send = (body: unknown) =>
    executor.send({
      practiceKey: PRACTICE,
      entryId: FORM,
      operation: 'eform.create',
      payload: { params: {}, body } as StoredPayload,
    });
  return { calls, send };
}

const custom = (question: Record<string, unknown>) => ({
  entityKey: ENTITY,
  name: 'Onboarding questions',
  schema: { sections: [{ title: 'About you', questions: [{ id: 'q1', label: 'A question', ...question }] }] },
});

describe('an eForm with a custom schema is checked against the practice’s schema guide right before it is sent', () => {
  it('sends a form the guide allows, after reading the guide', async () => {
    const { calls, send } = practice();
    expect((await send(custom({ type: 'text', sensitive: false }))).kind).toBe('done');
    expect(calls).toEqual([
      { method: 'GET', path: '/eforms/schema-guide' },
      { method: 'POST', path: '/eforms' },
    ]);
  });

  it('refuses a form the guide does not allow (its shape is fine): nothing is sent, each issue named', async () => {
    const { calls, send } = practice();
    // Shape-valid, so the queue's own check lets it through; the guide says a text question cannot be sensitive.
    const outcome = await send(custom({ type: 'text', sensitive: true }));
    expect(calls.map((c) => c.method)).toEqual(['GET']);
    expect(outcome).toMatchObject({
      kind: 'rejected',
      problem: { title: 'Not sent', fields: [{ path: 'schema.sections.0.questions.0' }] },
    });
    const unknownType = await send(custom({ type: 'hologram' }));
    expect(unknownType.kind).toBe('rejected');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('checks every custom form of a stack, and needs no read for forms from templates', async () => {
    const { calls, send } = practice();
    const stack = {
      entityKey: ENTITY,
      forms: [{ templateId: 3 }, { name: 'Extra', schema: custom({ type: 'hologram' }).schema }],
    };
    const outcome = await send(stack);
    expect(outcome).toMatchObject({
      kind: 'rejected',
      problem: { fields: [{ path: 'forms.1.schema.sections.0.questions.0' }] },
    });
    calls.length = 0;
    expect((await send({ entityKey: ENTITY, templateId: 3 })).kind).toBe('done');
    expect(calls).toEqual([{ method: 'POST', path: '/eforms' }]);
  });

  it('sends nothing when the guide cannot be read: the entry waits, never ambiguous', async () => {
    const { calls, send } = practice({ guideFails: true });
    const outcome = await send(custom({ type: 'text' }));
    expect(calls.map((c) => c.method)).toEqual(['GET']);
    // Retried later, and known not to have landed (the POST never went out).
    expect(outcome.kind).toBe('retry');
    expect(outcome).not.toHaveProperty('mayStillLand');
  });
});
