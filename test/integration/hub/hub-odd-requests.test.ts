import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DeviceCredential } from '../../../src-main/hub/devices/devices';
import { readSecrets, writeSecrets } from '../../../src-main/hub/secrets-file';
import type { RunningHub } from '../../../src-main/hub/start-hub';
import { rawRequest, statusesOf } from '../../support/raw-http';
import { hubTestEngine } from './hub-database';
import { useHubTestBed } from './hub-test-bed';

/**
 * What an attacker on the office network tries besides spellings: headers that name another host or client,
 * credentials twice or in other places, method overrides, smuggled bodies, huge targets, and a client that
 * sends its head one byte at a time. None of it reaches data without a device, and none of it holds the hub.
 */
const bed = useHubTestBed('hub-odd-');
let hub: RunningHub;
let device: DeviceCredential;
let port = 0;
let clientName = '';

beforeAll(async () => {
  const demo = await bed.openDemo({ rateLimit: { enabled: false }, seed: 3 });
  clientName = [...demo.runtime.practices[0]!.entities.values()][0]!.fullEntityName;
  hub = await bed.startHub({ mirrorEveryMs: 3_600_000 });
  device = await hub.devices.add('Laptop');
  port = Number(new URL(hub.hubUrl).port);
}, 180_000);

const list = '/api/v1/entities/list';

describe(`odd requests, on ${hubTestEngine}`, () => {
  it('lets no header stand in for a device', async () => {
    for (const headers of [
      { 'X-Forwarded-For': '127.0.0.1', 'X-Real-IP': '127.0.0.1', Forwarded: 'for=127.0.0.1' },
      { 'X-Forwarded-Host': 'localhost', 'X-Original-URL': list, 'X-Rewrite-URL': list },
      { 'X-HTTP-Method-Override': 'GET', 'X-Forwarded-Proto': 'https' },
      { Authorization: `Bearer ${device.token}` },
      { 'X-Svc-Auth-ID': device.id },
      { 'X-Svc-Auth-Key': device.token },
      { 'X-Svc-Auth-ID': device.id.toUpperCase(), 'X-Svc-Auth-Key': device.token },
      { 'X-Svc-Auth-ID': device.id, 'X-Svc-Auth-Key': device.token.slice(0, -1) },
    ]) {
      const answer = await rawRequest({ port, target: `${list}?X-Svc-Auth-Key=${device.token}`, headers });
      expect([headers, answer.status]).toEqual([headers, 401]);
      expect(answer.body).not.toContain(clientName);
    }
    // Host naming another site changes nothing either way.
    const raw = (head: string) =>
      rawRequest({ port, target: '', raw: `GET ${list} HTTP/1.1\r\n${head}\r\nConnection: close\r\n\r\n` });
    expect((await raw('Host: evil.example')).status).toBe(401);
    expect(
      (await raw(`Host: evil.example\r\nX-Svc-Auth-ID: ${device.id}\r\nX-Svc-Auth-Key: ${device.token}`)).status,
    ).toBe(200);
    // The credentials twice (one right, one wrong, or both right): refused, never merged or picked.
    for (const doubled of [
      `X-Svc-Auth-ID: ${device.id}\r\nX-Svc-Auth-ID: someone-else\r\nX-Svc-Auth-Key: ${device.token}`,
      `X-Svc-Auth-ID: ${device.id}\r\nX-Svc-Auth-Key: ${device.token}\r\nX-Svc-Auth-Key: ${device.token}`,
    ]) {
      const answer = await raw(`Host: 127.0.0.1\r\n${doubled}`);
      expect([doubled, answer.status]).toEqual([doubled, 401]);
    }
  });

  it('lets no header make a forwarded request local, and nothing but the metrics token stand in for it', async () => {
    const token = randomBytes(32).toString('hex');
    writeSecrets(bed.dataDir, { ...readSecrets(bed.dataDir), metricsToken: token });
    const elsewhere = { 'X-Forwarded-For': '198.51.100.7' };
    for (const headers of [
      // A proxy on this machine forwards for someone: the request is theirs, not this machine's.
      { 'X-Forwarded-For': '127.0.0.1' },
      { 'X-Real-IP': '127.0.0.1' },
      { Forwarded: 'for=127.0.0.1' },
      { 'X-Forwarded-Host': 'localhost' },
      { 'X-Client-IP': '127.0.0.1' },
      { ...elsewhere, 'X-Svc-Auth-ID': device.id, 'X-Svc-Auth-Key': device.token },
      { ...elsewhere, Authorization: `Bearer ${device.token}` },
      { ...elsewhere, Authorization: `Bearer  ${token}` },
      { ...elsewhere, Authorization: `Token ${token}` },
      { ...elsewhere, 'X-Metrics-Token': token },
    ]) {
      const answer = await rawRequest({ port, target: `/metrics?token=${token}`, headers });
      expect([headers, answer.status]).toEqual([headers, 401]);
      expect(answer.body).not.toContain('practice_hub_');
    }
    // The token twice, a wrong one first: Node keeps the first Authorization header, so it is refused.
    const twice = await rawRequest({
      port,
      target: '',
      raw:
        `GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: 198.51.100.7\r\n` +
        `Authorization: Bearer ${token.slice(1)}\r\nAuthorization: Bearer ${token}\r\nConnection: close\r\n\r\n`,
    });
    expect(twice.status).toBe(401);
    const right = await rawRequest({
      port,
      target: '/metrics',
      headers: { ...elsewhere, Authorization: `Bearer ${token}` },
    });
    expect(right.status).toBe(200);
    expect(right.body).toContain('practice_hub_ready');
  });

  it('refuses smuggled bodies, huge targets and heads, and old protocol forms', async () => {
    const smuggled = await rawRequest({
      port,
      target: '',
      raw:
        'POST /webhooks/partner HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n' +
        `0\r\n\r\nGET ${list} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`,
    });
    expect(statusesOf(smuggled)).not.toContain(200);
    expect(smuggled.body).not.toContain(clientName);
    expect((await rawRequest({ port, target: `${list}?${'a'.repeat(5_000)}` })).status).toBe(400);
    // A head past Node's limit is refused by the parser itself.
    expect((await rawRequest({ port, target: list, headers: { 'X-Pad': 'a'.repeat(20_000) } })).status).toBe(431);
    const http10 = await rawRequest({ port, target: '', raw: `GET ${list} HTTP/1.0\r\n\r\n` });
    expect(http10.status).toBe(401);
    // A proxy's CONNECT: the hub is no proxy, and closes the connection (no status at all).
    const tunnel = await rawRequest({ port, target: '', raw: 'CONNECT 127.0.0.1:443 HTTP/1.1\r\nHost: x\r\n\r\n' });
    expect([0, 400]).toContain(tunnel.status);
    expect(tunnel.body).not.toContain(clientName);
  });

  it('cuts off a client whose head trickles in, and keeps serving everyone else meanwhile', async () => {
    const socket = connect({ host: '127.0.0.1', port });
    await new Promise((resolve) => socket.once('connect', resolve));
    const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(performance.now())));
    const began = performance.now();
    const head = `GET ${list} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Svc-Auth-ID: ${device.id}\r\n`;
    let sent = 0;
    const trickle = setInterval(() => {
      if (socket.destroyed || sent >= head.length) return;
      socket.write(head[sent++]!);
    }, 200);
    socket.on('error', () => undefined);
    // Meanwhile the hub answers others at once.
    const others = await fetch(`${hub.hubUrl}${list}`, {
      headers: { 'X-Svc-Auth-ID': device.id, 'X-Svc-Auth-Key': device.token },
    });
    expect(others.status).toBe(200);
    const at = await closed;
    clearInterval(trickle);
    // The head's ten seconds, looked at every second.
    expect(at - began).toBeLessThan(14_000);
    expect(at - began).toBeGreaterThan(9_000);
  }, 30_000);
});
