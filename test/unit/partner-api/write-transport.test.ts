import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { NetworkError } from '../../../src-main/partner-api/api-errors';
import { createPartnerApiClient } from '../../../src-main/partner-api/partner-api-client';

/**
 * Which fetch each request goes through: the requests the client does not resend itself (not idempotent) go
 * through `fetchForWrite` (Electron: a fresh connection each, which Chromium never resends), every other
 * through `fetch`.
 */
function clientWith(options: { withWriteFetch?: boolean; writeFails?: boolean } = {}) {
  const sent: string[] = [];
  const answer = () => new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } });
  const recording =
    (via: string, fails = false): typeof fetch =>
    async (input, init) => {
      sent.push(`${via} ${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`);
      if (fails) throw new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } });
      return answer();
    };
  const api = createPartnerApiClient({
    baseUrl: 'https://practice.example',
    credentials: () => ({ clientId: 'id', secret: 'secret' }),
    fetch: recording('read'),
    ...(options.withWriteFetch === false ? {} : { fetchForWrite: recording('write', options.writeFails) }),
    sleep: async () => undefined,
  });
  return { api, sent };
}
const anything = z.unknown();

describe('Partner API client: the fetch each request goes through', () => {
  it('sends a POST and a PATCH through the write fetch, a GET, PUT and DELETE through the read fetch', async () => {
    const { api, sent } = clientWith();
    await api.request('POST', '/leads', anything, { body: { name: 'A' } });
    await api.request('PATCH', '/onboardings/1', anything, { body: {} });
    await api.request('GET', '/leads', anything);
    await api.request('PUT', '/entities/1', anything, { body: {} });
    await api.request('DELETE', '/entities/1/contacts/2', anything);
    await api.list('/entities', anything);
    expect(sent).toEqual([
      'write POST /api/v1/leads',
      'write PATCH /api/v1/onboardings/1',
      'read GET /api/v1/leads',
      'read PUT /api/v1/entities/1',
      'read DELETE /api/v1/entities/1/contacts/2',
      'read GET /api/v1/entities',
    ]);
  });

  it('sends any request marked not idempotent (as the outbox marks all its writes) through the write fetch', async () => {
    const { api, sent } = clientWith();
    await api.request('PUT', '/entities/1', anything, { body: {}, idempotent: false, priority: 'outbox' });
    await api.request('POST', '/auth/validate', anything, { idempotent: true });
    expect(sent).toEqual(['write PUT /api/v1/entities/1', 'read POST /api/v1/auth/validate']);
  });

  it('sends a failed write once, through the write fetch only', async () => {
    const { api, sent } = clientWith({ writeFails: true });
    await expect(api.request('POST', '/leads', anything, { body: {} })).rejects.toBeInstanceOf(NetworkError);
    expect(sent).toEqual(['write POST /api/v1/leads']);
  });

  it('without a write fetch, sends writes through the one fetch (Node, whose fetch never resends them)', async () => {
    const { api, sent } = clientWith({ withWriteFetch: false });
    await api.request('POST', '/leads', anything, { body: {} });
    expect(sent).toEqual(['read POST /api/v1/leads']);
  });
});
