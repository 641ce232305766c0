import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createDemoPractice, type DemoPractice } from '../../../src-main/demo-practice/create-demo-practice';
import {
  describeApiError,
  MalformedResponseError,
  NetworkError,
  PartnerApiError,
} from '../../../src-main/partner-api/api-errors';
import { createPartnerApiClient } from '../../../src-main/partner-api/partner-api-client';
import { authValidationSchema, entitySchema, userSchema } from '../../../src-preload/contract/partner-api';

let demo: DemoPractice;
beforeAll(async () => {
  demo = await createDemoPractice({ rateLimit: { enabled: false }, seed: 11 });
});
afterEach(() =>
  demo.configure({ validateResponses: true, faults: { errorRate: 0, resetRate: 0, truncateRate: 0, latencyMs: 0 } }),
);
afterAll(() => demo.close());

const noWait = async () => undefined;
function client(
  overrides: Partial<Parameters<typeof createPartnerApiClient>[0]> = {},
  as: 'readWrite' | 'readOnly' = 'readWrite',
) {
  const practice = demo.practices[0]!;
  return createPartnerApiClient({
    baseUrl: practice.baseUrl,
    credentials: () => practice[as],
    fetch,
    sleep: noWait,
    ...overrides,
  });
}
const requestsTo = (fragment: string) => demo.runtime.requestLog.filter((r) => r.url.includes(fragment)).length;

describe('Partner API client against the demo practice', () => {
  it('authenticates with the contract headers, validates the answer and reports the server Date', async () => {
    const result = await client().request('GET', '/auth/validate', authValidationSchema);
    expect(result.data).toMatchObject({ canWrite: true, region: 'ANZ' });
    expect(result.serverDate).toBeInstanceOf(Date);
  });

  it('turns problem details into a typed error carrying status, title and the server message', async () => {
    const error = await client()
      .request('GET', '/users/00000000-0000-4000-8000-000000000000', userSchema)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PartnerApiError);
    expect(error).toMatchObject({ status: 404, title: 'Not Found' });
    expect((error as Error).message).toMatch(/not found/i);
    const readOnly = await client({}, 'readOnly')
      .request('POST', '/leads', z.unknown(), { body: { name: 'X' } })
      .catch((e: unknown) => e);
    expect(describeApiError(readOnly)).toMatch(/read-only/);
    const bad = await createPartnerApiClient({
      baseUrl: demo.practices[0]!.baseUrl,
      credentials: () => ({ clientId: 'x', secret: 'y' }),
      fetch,
      sleep: noWait,
    })
      .request('GET', '/auth/validate', authValidationSchema)
      .catch((e: unknown) => e);
    expect(describeApiError(bad)).toMatch(/did not accept these credentials/);
  });

  it('retries a GET through 5xx faults and resets until it succeeds', async () => {
    demo.configure({ faults: { errorRate: 0.5, resetRate: 0.2 } });
    const api = client({ maxAttempts: 30 });
    for (let i = 0; i < 10; i++) {
      const page = await api.list('/entities/list', entitySchema, { query: { pageNumber: 1 } });
      expect(page.data.length).toBeGreaterThan(0);
    }
  });

  it('retries a truncated body on a GET', async () => {
    demo.configure({ faults: { truncateRate: 0.5 } });
    const before = requestsTo('/users/list');
    const users = await client({ maxAttempts: 40 }).request('GET', '/users/list', z.array(userSchema));
    expect(users.data.length).toBeGreaterThan(0);
    expect(requestsTo('/users/list') - before).toBeGreaterThanOrEqual(1);
  });

  it('never retries a POST after a 5xx or a dropped connection (it might have been applied)', async () => {
    demo.configure({ faults: { errorRate: 1, errorStatuses: [503] } });
    const before = requestsTo('/leads');
    const error = await client()
      .request('POST', '/leads', z.unknown(), { body: { name: 'Once' } })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 503 });
    expect(requestsTo('/leads') - before).toBe(1);
    demo.configure({ faults: { errorRate: 0, resetRate: 1 } });
    const reset = await client()
      .request('POST', '/leads', z.unknown(), { body: { name: 'Once' } })
      .catch((e: unknown) => e);
    expect(reset).toBeInstanceOf(NetworkError);
  });

  it('times out a request that does not answer', async () => {
    demo.configure({ faults: { latencyMs: 400 } });
    const error = await client({ timeoutMs: 100, maxAttempts: 1 })
      .request('GET', '/users/list', z.array(userSchema))
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'NetworkError', failure: 'timeout' });
  });

  it('reports and skips a malformed record instead of failing the page or storing it', async () => {
    demo.configure({ validateResponses: false });
    const entity = [...demo.runtime.practices[0]!.entities.values()][3]!;
    const saved = entity.updatedOn;
    entity.updatedOn = 'yesterday-ish';
    try {
      const page = await client().list('/entities/list', entitySchema, { query: { pageNumber: 1 } });
      expect(page.rejected).toEqual([
        expect.objectContaining({ index: 3, issues: expect.stringContaining('updatedOn') }),
      ]);
      expect(page.data.some((e) => e.entityKey === entity.entityKey)).toBe(false);
      expect(page.data.length).toBe(99);
    } finally {
      entity.updatedOn = saved;
    }
  });

  it('refuses a whole answer that is not the contract shape', async () => {
    const error = await client()
      .request('GET', '/users/list', z.array(entitySchema))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MalformedResponseError);
  });

  it('fetches a PDF as bytes and refuses a wrong content type', async () => {
    const bill = [...demo.runtime.practices[0]!.bills.values()].find((b) => b.statusName === 'Paid')!;
    const pdf = await client().file(`/bills/${bill.billingId}/pdf`, 'application/pdf');
    expect(new TextDecoder().decode(pdf.data.slice(0, 5))).toBe('%PDF-');
    await expect(client().file('/users/list', 'application/pdf')).rejects.toBeInstanceOf(MalformedResponseError);
  });

  it('passes every attempt through the budget, with the given priority, and shows it every answer', async () => {
    const reserved: string[] = [];
    const observed: number[] = [];
    const api = client({
      budget: {
        reserve: async (priority) => void reserved.push(priority),
        observe: (r) => void observed.push(r.status),
      },
      maxAttempts: 10,
    });
    demo.configure({ faults: { errorRate: 0.5, errorStatuses: [500] } });
    await api.request('GET', '/users/list', z.array(userSchema), { priority: 'background' });
    expect(reserved.length).toBe(observed.length);
    expect(new Set(reserved)).toEqual(new Set(['background']));
    expect(observed.at(-1)).toBe(200);
  });
});
