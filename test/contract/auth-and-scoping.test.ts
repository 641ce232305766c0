import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '../../src-main/demo-practice/routes/index';
import { startDemo, type TestDemo } from './support/demo';

let t: TestDemo;
beforeAll(async () => {
  t = await startDemo();
});
afterAll(() => t.demo.close());

describe('Authentication (contract: Authentication 1-6)', () => {
  it('accepts X-Svc-Auth-ID / X-Svc-Auth-Key headers and reports canWrite', async () => {
    const rw = await t.call('GET', '/auth/validate');
    expect(rw.status).toBe(200);
    expect(rw.json).toMatchObject({ canWrite: true, region: 'ANZ' });
    const ro = await t.call('GET', '/auth/validate', { as: 'readOnly' });
    expect(ro.json.canWrite).toBe(false);
  });

  it('accepts HTTP Basic with Client ID as username and secret as password', async () => {
    const { clientId, secret } = t.demo.practices[0]!.readWrite;
    const result = await t.call('GET', '/auth/validate', {
      headers: { Authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}` },
    });
    expect(result.status).toBe(200);
    expect(result.json.canWrite).toBe(true);
  });

  it('answers 401 problem details for missing or bad credentials', async () => {
    const missing = await t.call('GET', '/entities/list', { as: 'none' });
    expect(missing.status).toBe(401);
    expect(missing.headers.get('content-type')).toMatch(/problem\+json/);
    expect(missing.json).toMatchObject({ status: 401, title: 'Unauthorized' });
    const { clientId } = t.demo.practices[0]!.readWrite;
    const bad = await t.call('GET', '/entities/list', {
      headers: { 'X-Svc-Auth-ID': clientId, 'X-Svc-Auth-Key': 'wrong' },
    });
    expect(bad.status).toBe(401);
  });

  it('answers 403 to read-only credentials on every write route, before looking at the body', async () => {
    const writes = apiRoutes.filter((route) => route.access === 'write');
    expect(writes.length).toBeGreaterThanOrEqual(24);
    const sample = {
      key: '00000000-0000-4000-8000-000000000000',
      entityKey: '00000000-0000-4000-8000-000000000000',
      leadKey: '00000000-0000-4000-8000-000000000000',
      formKey: '00000000-0000-4000-8000-000000000000',
      clientId: '1',
      documentId: '1',
      entityContactID: '1',
      id: '1',
      billingId: '1',
    } as Record<string, string>;
    for (const route of writes) {
      const path = route.path.replace(/:(\w+)/g, (_, name: string) => sample[name] ?? '1');
      const result = await t.call(route.method, path, {
        as: 'readOnly',
        ...(route.method === 'DELETE' ? {} : { body: {} }),
      });
      expect(result.status, `${route.method} ${route.path}`).toBe(403);
    }
  });

  it('never lets write routes through for read-only credentials (nothing was created)', async () => {
    const before = t.state().leads.size;
    await t.call('POST', '/leads', { as: 'readOnly', body: { name: 'Should not exist' } });
    expect(t.state().leads.size).toBe(before);
  });
});

describe('Practice scoping (contract: rule 3)', () => {
  it("answers 404 with message for another practice's resources", async () => {
    const otherEntity = [...t.state(1).entities.keys()][0]!;
    const otherBill = [...t.state(1).bills.keys()][0]!;
    const proposals = await t.call('GET', `/proposals/list?entityKey=${otherEntity}`);
    expect(proposals.status).toBe(404);
    expect(proposals.json.message).toMatch(/not found/i);
    const bill = await t.call('GET', `/bills/${otherBill}`);
    expect(bill.status).toBe(404);
    expect(bill.json.message).toBeTruthy();
    const pdf = await t.call('GET', `/bills/${otherBill}/pdf`);
    expect(pdf.status).toBe(404);
  });

  it("never lists another practice's records", async () => {
    const mine = new Set(t.state(0).entities.keys());
    const page = await t.call('GET', '/entities/list?pageNumber=1');
    expect(page.json.length).toBeGreaterThan(0);
    for (const entity of page.json) expect(mine.has(entity.entityKey)).toBe(true);
  });
});

describe('Regions (contract: rules 1-2)', () => {
  it("serves a practice on its own regional host and answers 401 on another region's host", async () => {
    const anz = t.demo.practices[0]!;
    expect(anz.baseUrl).toMatch(/\/anz$/);
    expect((await t.call('GET', '/auth/validate', { base: anz.baseUrl })).status).toBe(200);
    const wrong = await t.call('GET', '/auth/validate', { base: `${t.demo.baseUrl}/uk` });
    expect(wrong.status).toBe(401);
    expect(wrong.json.detail).toMatch(/regional host/);
    expect((await t.call('GET', '/auth/validate', { practice: 1, base: `${t.demo.baseUrl}/uk` })).status).toBe(200);
  });
});
