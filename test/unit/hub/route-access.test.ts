import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { access, guardRoutes } from '../../../src-main/hub/http/route-access';

function app() {
  const server = Fastify();
  guardRoutes(server, { verify: async (id, token) => id === 'laptop' && token === 'secret' });
  return server;
}

describe('every hub route declares who may call it, and the check runs on the matched route', () => {
  it('refuses to register a route that declares nothing', async () => {
    const server = app();
    expect(() => server.get('/api/v1/undeclared', async () => 'data')).toThrow('does not declare who may call it');
    await server.close();
  });

  it('lets in a device on device routes, anyone on signed-webhook routes, and no one without a device elsewhere', async () => {
    const server = app();
    server.get('/api/v1/data', access('device'), async (request) => ({ device: request.device }));
    server.post('/webhooks/partner', access('signed-webhook'), async (request) => ({ device: request.device }));
    const device = { 'x-svc-auth-id': 'laptop', 'x-svc-auth-key': 'secret' };
    expect((await server.inject({ url: '/api/v1/data' })).statusCode).toBe(401);
    expect(
      (await server.inject({ url: '/api/v1/data', headers: { ...device, 'x-svc-auth-key': 'guess' } })).statusCode,
    ).toBe(401);
    expect((await server.inject({ url: '/api/v1/data', headers: device })).json()).toEqual({ device: 'laptop' });
    expect((await server.inject({ method: 'POST', url: '/webhooks/partner' })).json()).toEqual({ device: null });
    // No route matched: still a device's request, so no list of routes, no 404, without one.
    expect((await server.inject({ url: '/nothing/here' })).statusCode).toBe(401);
    expect((await server.inject({ url: '/nothing/here', headers: device })).statusCode).toBe(404);
    expect(server.declaredRoutes.map((r) => `${r.method} ${r.url} ${r.access}`)).toEqual([
      'GET /api/v1/data device',
      'HEAD /api/v1/data device',
      'POST /webhooks/partner signed-webhook',
    ]);
    await server.close();
  });
});
