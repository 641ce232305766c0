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

  it('lets this machine read a metrics route, and anyone else only with the metrics token', async () => {
    const secrets: { token?: string } = {};
    const server = Fastify();
    guardRoutes(server, { verify: async () => false, metricsToken: () => secrets.token });
    server.get('/metrics', access('metrics'), async () => 'counts');
    const ask = (headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
      server.inject({ url: '/metrics', headers, remoteAddress }).then((answer) => answer.statusCode);
    // This machine, in any loopback spelling.
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])
      expect(await ask({}, address)).toBe(200);
    // Elsewhere, or forwarded for someone by a proxy on this machine: the token, or nothing.
    expect(await ask({}, '10.0.0.5')).toBe(401);
    expect(await ask({ 'x-forwarded-for': '10.0.0.5' })).toBe(401);
    expect(await ask({ forwarded: 'for=127.0.0.1' })).toBe(401);
    expect(await ask({ authorization: 'Bearer anything' }, '10.0.0.5')).toBe(401);
    const token = (secrets.token = 'a-metrics-token-of-thirty-two-chars!');
    expect(await ask({ authorization: `Bearer ${token}` }, '10.0.0.5')).toBe(200);
    expect(await ask({ authorization: `Bearer ${token}`, 'x-real-ip': '10.0.0.5' })).toBe(200);
    for (const wrong of [`Bearer ${token.slice(0, -1)}`, `bearer ${token}`, token, `Bearer`])
      expect([wrong, await ask({ authorization: wrong }, '10.0.0.5')]).toEqual([wrong, 401]);
    const refused = await server.inject({ url: '/metrics', remoteAddress: '10.0.0.5' });
    expect(refused.headers['www-authenticate']).toBe('Bearer realm="practice-hub metrics"');
    expect(refused.body).not.toContain('counts');
    await server.close();
  });
});
