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

type Line = ReturnType<typeof line>;
type PatchBody = { services: { serviceID: number; quantity?: number; price?: number; remove?: boolean }[] };

/**
 * The practice's lines now, behind an API client that records every request and applies a PATCH as the
 * practice does (by serviceID, only the fields sent). `meanwhile` runs right after the PATCH is applied: what
 * someone at the practice does as the edit goes out. `failAfter` makes every read after the PATCH fail.
 */
function practiceWith(services: Line[], options: { meanwhile?: (lines: Line[]) => void; failAfter?: boolean } = {}) {
  const calls: { method: string; path: string; body?: unknown }[] = [];
  let patched = false;
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
    request: async (method: string, path: string, _schema: unknown, request: { body?: unknown } = {}) => {
      calls.push({ method, path, ...(request.body ? { body: request.body } : {}) });
      if (method === 'GET') {
        if (patched && options.failAfter) throw new Error('no answer');
        return { data: structuredClone(pricing), status: 200, serverDate: null };
      }
      for (const edit of (request.body as PatchBody).services) {
        const at = pricing.services.findIndex((l) => l.serviceID === edit.serviceID);
        if (edit.remove) pricing.services.splice(at, 1);
        else if (at === -1) pricing.services.push(line(edit.serviceID, edit.quantity ?? 1, edit.price ?? 0));
        else
          pricing.services[at] = line(
            edit.serviceID,
            edit.quantity ?? pricing.services[at]!.quantity,
            edit.price ?? pricing.services[at]!.price,
          );
      }
      patched = true;
      options.meanwhile?.(pricing.services);
      return { data: { pricing: structuredClone(pricing) }, status: 200, serverDate: null };
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
      // Read again once answered: the line reads as sent.
      { method: 'GET', path: `/proposals/${K}/pricing` },
    ]);
  });

  it('holds the edit with both versions when its line changed at the practice as it went out', async () => {
    const { calls, send } = practiceWith([line(1, 1, 100)], {
      meanwhile: (lines) => void (lines[0] = line(1, 9, 100)),
    });
    const outcome = await send(editLine1);
    expect(calls.map((c) => c.method)).toEqual(['GET', 'PATCH', 'GET']);
    expect(outcome).toMatchObject({
      kind: 'rejected',
      problem: {
        title: 'Changed at the practice as it was sent',
        conflicts: [
          {
            serviceID: 1,
            was: { quantity: 1, price: 100 },
            theirs: { quantity: 9, price: 100 },
            mine: { quantity: 3, price: 100 },
          },
        ],
      },
    });
  });

  it('is done when, as it went out, the practice changed only what the edit did not send', async () => {
    const { send } = practiceWith([line(1, 1, 100)], { meanwhile: (lines) => void (lines[0] = line(1, 3, 120)) });
    expect((await send(editLine1)).kind).toBe('done');
  });

  it('is done as answered when the read after the PATCH fails: the edit was applied', async () => {
    const { send } = practiceWith([line(1, 1, 100)], { failAfter: true });
    expect((await send(editLine1)).kind).toBe('done');
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
