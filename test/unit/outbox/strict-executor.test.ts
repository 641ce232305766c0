import { describe, expect, it } from 'vitest';
import { createOutboxExecutor } from '../../../src-main/outbox/outbox-executor';
import type { PartnerApiClient } from '../../../src-main/partner-api/partner-api-client';
import { type OperationName } from '../../../src-preload/contract/outbox/operations';
import { changedOutsideTheApp, type StoredPayload } from '../../../src-preload/contract/outbox/payload-check';

const K = '11111111-1111-4111-8111-111111111111';
const PRACTICE = '44444444-4444-4444-8444-444444444444';

/** Main's executor over an API client that records every request instead of making it. */
function executorWithRecorder(answer: unknown = { entityContactID: 9 }) {
  const calls: { method: string; path: string; options: { body?: unknown; query?: unknown } }[] = [];
  const api = {
    request: async (
      method: string,
      path: string,
      _schema: unknown,
      options: { body?: unknown; query?: unknown } = {},
    ) => {
      calls.push({ method, path, options });
      return { data: answer, status: 200, serverDate: null };
    },
    list: async (path: string) => {
      calls.push({ method: 'GET', path, options: {} });
      return { data: [], rejected: [], status: 200, serverDate: null };
    },
  } as unknown as PartnerApiClient;
  const executor = createOutboxExecutor({ targetFor: () => ({ api, canWrite: true }) });
  const input = (operation: OperationName, payload: StoredPayload) => ({
    practiceKey: PRACTICE,
    entryId: K,
    operation,
    payload,
  });
  return { executor, calls, input };
}

const contact = (body: Record<string, unknown>): StoredPayload => ({
  params: { entityKey: K },
  body: { contactName: 'Jane', contactSurname: 'Doe', ...body },
});

describe("main's executor sends only what the strict schemas parsed (the renderer bypassed)", () => {
  it('sends the parsed body, not the object it was handed', async () => {
    const { executor, calls, input } = executorWithRecorder();
    const handed = { contactName: '  Jane ', contactSurname: 'Doe', email: undefined };
    const outcome = await executor.send(input('contact.create', { params: { entityKey: K }, body: handed }));
    expect(outcome.kind).toBe('done');
    const sentBody = { contactName: 'Jane', contactSurname: 'Doe' };
    expect(calls).toEqual([
      { method: 'POST', path: `/entities/${K}/contacts`, options: expect.objectContaining({ body: sentBody }) },
    ]);
    expect(Object.keys(calls[0]!.options.body as object)).toEqual(['contactName', 'contactSurname']);
  });

  it.each([
    ['an unknown key in the body', 'contact.create', contact({ isAdmin: true })],
    ['a query on an operation that takes none', 'contact.create', { ...contact({}), query: { force: true } }],
    [
      'a path parameter that is not a key',
      'contact.create',
      { params: { entityKey: '../../bills' }, body: { contactName: 'Jane', contactSurname: 'Doe' } },
    ],
    [
      'an unknown key in a query',
      'onboarding.removeDocument',
      { params: { key: K, documentId: 3 }, query: { userKey: K, purge: 'all' } },
    ],
    ['a body on an operation that takes none', 'eform.sendDraft', { params: { formKey: K }, body: { resend: true } }],
  ] as const)('refuses %s: no request, and the reason in plain words', async (_what, operation, payload) => {
    const { executor, calls, input } = executorWithRecorder();
    const outcome = await executor.send(input(operation, payload as StoredPayload));
    expect(calls).toEqual([]);
    const fields = expect.arrayContaining([
      expect.objectContaining({ path: expect.stringMatching(/^(body|query|params)/) }),
    ]);
    expect(outcome).toMatchObject({
      kind: 'rejected',
      problem: { status: null, message: changedOutsideTheApp, fields },
    });
  });

  it('a verification read with a changed payload is not made, and the verdict says why', async () => {
    const { executor, calls, input } = executorWithRecorder();
    const verdict = await executor.verify(input('contact.create', contact({ isAdmin: true })));
    expect(calls).toEqual([]);
    expect(verdict).toMatchObject({
      verdict: 'unknown',
      reason: expect.stringMatching(/changed outside the app.*body: Unrecognized key: "isAdmin"/),
    });
    const bill = {
      entityKey: K,
      dueDate: '2099-01-31',
      sendBill: false,
      syncNow: false,
      lines: [{ description: 'A', quantity: 1, unitPrice: 1, hidden: 1 }],
    };
    const billVerdict = await executor.verify(input('bill.createAdhoc', { params: {}, body: bill }));
    expect(calls).toEqual([]);
    expect(billVerdict).toMatchObject({
      verdict: 'unknown',
      reason: expect.stringMatching(/body\.lines\.0: Unrecognized key/),
    });
  });

  it('a valid verification reads with the parsed body and params', async () => {
    const { executor, calls, input } = executorWithRecorder([]);
    // Sent ten minutes ago: long enough for "absent" to be believed.
    const verdict = await executor.verify({
      ...input('contact.create', contact({ email: undefined })),
      sentAgoMs: 600_000,
    });
    expect(verdict).toMatchObject({ verdict: 'absent' });
    expect(calls).toEqual([{ method: 'GET', path: `/entities/${K}/contacts`, options: expect.anything() }]);
  });
});
