import { describe, expect, it } from 'vitest';
import { createOutboxExecutor } from '../../../src-main/outbox/outbox-executor';
import type { PartnerApiClient } from '../../../src-main/partner-api/partner-api-client';
import type { StoredPayload } from '../../../src-preload/contract/outbox/payload-check';

const K = '11111111-1111-4111-8111-111111111111';
const U = '22222222-2222-4222-8222-222222222222';
const PRACTICE = '44444444-4444-4444-8444-444444444444';

const line = (serviceID: number, quantity: number, price: number) => ({
  serviceID,
  serviceName: `Service ${serviceID}`,
  price,
  quantity,
  taxAmount: 0,
  lineTotal: quantity * price,
});

/** The practice's lines now, behind an API client that records every request. */
function practiceWith(services: ReturnType<typeof line>[]) {
  const calls: { method: string; path: string; body?: unknown }[] = [];
  const pricing = {
    engagementKey: K,
    name: 'Annual',
    statusName: 'Draft',
    createBills: false,
    servicesTotal: 0,
    invoicesTotal: 0,
    services,
    invoices: [],
    recurringBillings: [],
    jobs: [],
  };
  const api = {
    request: async (method: string, path: string, _schema: unknown, options: { body?: unknown } = {}) => {
      calls.push({ method, path, ...(options.body ? { body: options.body } : {}) });
      if (method === 'GET') return { data: pricing, status: 200, serverDate: null };
      return { data: { pricing }, status: 200, serverDate: null };
    },
  } as unknown as PartnerApiClient;
  const executor = createOutboxExecutor({ targetFor: () => ({ api, canWrite: true }) });
  const send = (payload: StoredPayload) =>
    executor.send({ practiceKey: PRACTICE, entryId: K, operation: 'proposal.editServices', payload });
  return { calls, send };
}

/** Line 1 read as 1 × 100, changed here to 3. */
const editLine1: StoredPayload = {
  params: { key: K },
  body: { userKey: U, services: [{ serviceID: 1, quantity: 3 }] },
  base: [{ serviceID: 1, was: { quantity: 1, price: 100 } }],
};

describe('a line edit is checked against the practice right before it is sent', () => {
  it('reads the pricing, then sends only the edited line, though another line changed at the practice', async () => {
    const { calls, send } = practiceWith([line(1, 1, 100), line(2, 7, 50)]);
    expect((await send(editLine1)).kind).toBe('done');
    expect(calls).toEqual([
      { method: 'GET', path: `/proposals/${K}/pricing` },
      {
        method: 'PATCH',
        path: `/proposals/${K}/services`,
        body: { userKey: U, services: [{ serviceID: 1, quantity: 3 }] },
      },
    ]);
  });

  it('holds the edit with both versions when its line changed at the practice: no PATCH', async () => {
    const { calls, send } = practiceWith([line(1, 5, 100)]);
    const outcome = await send(editLine1);
    expect(calls.map((c) => c.method)).toEqual(['GET']);
    expect(outcome).toMatchObject({
      kind: 'rejected',
      problem: {
        title: 'Changed at the practice',
        conflicts: [
          {
            serviceID: 1,
            name: 'Service 1',
            was: { quantity: 1, price: 100 },
            theirs: { quantity: 5, price: 100 },
            mine: { quantity: 3, price: 100 },
          },
        ],
      },
    });
  });

  it('sends nothing when the practice already has the edit (an earlier attempt arrived)', async () => {
    const { calls, send } = practiceWith([line(1, 3, 100)]);
    expect(await send(editLine1)).toMatchObject({ kind: 'done' });
    expect(calls.map((c) => c.method)).toEqual(['GET']);
  });

  it('refuses an entry without its base, before any request', async () => {
    const { calls, send } = practiceWith([line(1, 1, 100)]);
    const { base: _, ...noBase } = editLine1;
    expect((await send(noBase)).kind).toBe('rejected');
    expect(calls).toEqual([]);
  });
});
