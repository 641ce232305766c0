import fc from 'fast-check';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceCredential } from '../../../src-main/hub/devices/devices';
import { loadHubTls } from '../../../src-main/hub/http/hub-tls';
import type { DeclaredRoute } from '../../../src-main/hub/http/route-access';
import type { RunningHub } from '../../../src-main/hub/start-hub';
import { rawRequest, statusesOf } from '../../support/raw-http';
import { hubTestEngine } from './hub-database';
import { recordPartnerApiReads } from './hub-laptop-requests';
import { useHubTestBed } from './hub-test-bed';

/**
 * No spelling of a path reaches data without a device: every route the hub registered, asked in every
 * spelling a router or a proxy might fold into it (percent-encoding, dot and empty segments, encoded or raw
 * slashes and backslashes, absolute form), over http and over the HTTPS listener, answers 400 (not one
 * spelling) or 401 (no device) — and neither the Partner API nor the hub's stored state sees any of it.
 */
const bed = useHubTestBed('hub-spellings-');
const partnerApi = recordPartnerApiReads();
let device: DeviceCredential;
let clientName = '';

const KEY = '5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f';
/** A concrete path for a route: keys where the route takes a key, numbers where it takes an id. */
const concrete = (url: string): string =>
  url.replace(/:(\w+)/g, (_, name: string) => (/key$/i.test(name) ? KEY : name === 'id' ? KEY : '123'));

/** One character as a percent-encoded octet, in either case of hex digits. */
const encode = (char: string, upper = true): string => {
  const hex = char.charCodeAt(0).toString(16).padStart(2, '0');
  return `%${upper ? hex.toUpperCase() : hex}`;
};

/** The spellings of a canonical path that are not it: each must be refused before routing. */
function spellingsOf(path: string, port: number, tls: boolean): string[] {
  const segments = path.slice(1).split('/');
  const join = (parts: string[]) => `/${parts.join('/')}`;
  const out: string[] = [];
  segments.forEach((segment, i) => {
    const others = (replaced: string) => join(segments.map((s, j) => (j === i ? replaced : s)));
    out.push(others(`${encode(segment[0]!)}${segment.slice(1)}`));
    out.push(others(`${encode(segment[0]!, false)}${segment.slice(1)}`));
    out.push(others(`${segment.slice(0, -1)}${encode(segment.at(-1)!)}`));
    if (i < segments.length - 1) {
      const left = segments.slice(0, i + 1).join('/');
      const right = segments.slice(i + 1).join('/');
      out.push(`/${left}%2F${right}`, `/${left}%2f${right}`, `/${left}\\${right}`, `/${left}%5C${right}`);
      out.push(`/${left}/./${right}`, `/${left}/x/../${right}`, `/${left}/%2e/${right}`, `/${left}/%2E%2E/${right}`);
      out.push(`/${left}//${right}`);
    }
  });
  out.push(`/${path}`, `${path}/`, `${path}/.`, `/.${path}`, `${path}%00`, `${path}%C0%AF`, `${path}%EF%BC%8F`);
  out.push(`${tls ? 'https' : 'http'}://127.0.0.1:${port}${path}`, `//127.0.0.1:${port}${path}`);
  return out;
}

const portOf = (hub: RunningHub) => Number(new URL(hub.hubUrl).port);

async function storedRows(hub: RunningHub): Promise<string> {
  const [row] = await hub.db.query<{ hints: string; inbox: string; devices: string }>(
    `SELECT (SELECT count(*) FROM hub_hints)::text AS hints, (SELECT count(*) FROM webhook_inbox)::text AS inbox,
            (SELECT count(*) FROM devices)::text AS devices`,
  );
  return JSON.stringify(row);
}

/** Every route in every spelling, without a device and (for the spellings) with one. */
async function probeAll(hub: RunningHub, tls: boolean): Promise<void> {
  const port = portOf(hub);
  const routes: DeclaredRoute[] = [...hub.routes];
  expect(routes.length).toBeGreaterThan(30);
  // Besides devices: the health checks, open to anyone and carrying no data; the metrics, for this machine
  // or the metrics token; the webhook receiver, which checks the practice's signature itself.
  expect(routes.filter((r) => r.access !== 'device').map((r) => `${r.method} ${r.url} ${r.access}`)).toEqual([
    'GET /livez public',
    'HEAD /livez public',
    'GET /readyz public',
    'HEAD /readyz public',
    'GET /metrics metrics',
    'HEAD /metrics metrics',
    'POST /webhooks/partner signed-webhook',
  ]);
  const before = { reads: partnerApi.reads.length, rows: await storedRows(hub) };
  const withDevice = { 'X-Svc-Auth-ID': device.id, 'X-Svc-Auth-Key': device.token };
  for (const route of routes) {
    const path = concrete(route.url);
    const plain = await rawRequest({
      port,
      tls,
      target: path,
      method: route.method,
      ...(route.method === 'POST' ? { body: '{}', headers: { 'Content-Type': 'application/json' } } : {}),
    });
    // A health check answers anyone, and the metrics this machine (the test's loopback, forwarding no one).
    const open = route.access === 'public' || route.access === 'metrics';
    expect([route.method, path, plain.status]).toEqual([route.method, path, open ? 200 : 401]);
    expect(plain.body).not.toContain(clientName);
    if (route.access === 'metrics') {
      const forwarded = await rawRequest({
        port,
        tls,
        target: path,
        method: route.method,
        headers: { 'X-Forwarded-For': '203.0.113.9' },
      });
      expect([route.method, path, forwarded.status]).toEqual([route.method, path, 401]);
    }
    for (const target of spellingsOf(path, port, tls)) {
      for (const headers of [{}, withDevice]) {
        const answer = await rawRequest({ port, tls, target, method: route.method, headers });
        expect([route.method, target, answer.status]).toEqual([route.method, target, 400]);
        expect(answer.body).not.toContain(clientName);
      }
    }
  }
  // Methods and paths no route has: still a device's request, so no device means 401, never a list of routes.
  for (const [method, target] of [
    ['DELETE', '/api/v1/entities/list'],
    ['OPTIONS', '/api/v1/entities/list'],
    ['GET', '/API/V1/ENTITIES/LIST'],
    ['GET', '/api/v2/entities/list'],
    ['GET', '/'],
    ['GET', '/admin/v1/devices'],
  ] as const) {
    const answer = await rawRequest({ port, tls, target, method });
    expect([method, target, answer.status]).toEqual([method, target, 401]);
    expect((JSON.parse(answer.body) as { detail: string }).detail).toBe('Unknown or revoked device.');
  }
  expect(partnerApi.reads.length).toBe(before.reads);
  expect(await storedRows(hub)).toBe(before.rows);
}

/** Paths made of the hub's own segments, encoded, dotted and folded at random. */
const spelled = (paths: string[]) =>
  fc
    .record({
      path: fc.constantFrom(...paths),
      edits: fc.array(
        fc.record({
          at: fc.nat(),
          kind: fc.constantFrom('encode', 'encode-lower', 'dot', 'dotdot', 'empty', 'slash', 'backslash', 'enc-dot'),
        }),
        { minLength: 1, maxLength: 4 },
      ),
    })
    .map(({ path, edits }) => {
      let text = path;
      for (const { at, kind } of edits) {
        const i = 1 + (at % Math.max(1, text.length - 1));
        const char = text[i] ?? 'a';
        const insert = (piece: string) => (text = `${text.slice(0, i)}${piece}${text.slice(i)}`);
        if (kind === 'encode' || kind === 'encode-lower')
          text = `${text.slice(0, i)}${encode(char, kind === 'encode')}${text.slice(i + 1)}`;
        if (kind === 'dot') insert('/./');
        if (kind === 'dotdot') insert('/x/../');
        if (kind === 'empty') insert('//');
        if (kind === 'slash') insert('%2F');
        if (kind === 'backslash') insert('\\');
        if (kind === 'enc-dot') insert('/%2e%2e/');
      }
      return text;
    })
    .filter((text) => !paths.includes(text));

async function propertyHolds(hub: RunningHub, tls: boolean): Promise<void> {
  const port = portOf(hub);
  const paths = [...new Set(hub.routes.filter((r) => r.method === 'GET').map((r) => concrete(r.url)))];
  const before = partnerApi.reads.length;
  await fc.assert(
    fc.asyncProperty(spelled(paths), fc.boolean(), async (target, signed) => {
      const headers = signed ? { 'X-Svc-Auth-ID': device.id, 'X-Svc-Auth-Key': device.token } : undefined;
      const answer = await rawRequest({ port, tls, target, ...(headers ? { headers } : {}) });
      // A spelling that still normalises to itself (an edit that undid another) is a path like any: 401 without a device.
      expect(signed ? [400, 404] : [400, 401]).toContain(answer.status);
      if (answer.status !== 400) expect(answer.body).not.toContain(clientName);
    }),
    { numRuns: 300 },
  );
  expect(partnerApi.reads.length).toBe(before);
}

beforeAll(async () => {
  const demo = await bed.openDemo({ rateLimit: { enabled: false }, seed: 11 });
  clientName = [...demo.runtime.practices[0]!.entities.values()][0]!.fullEntityName;
}, 60_000);

afterEach(() => bed.stopHub());

describe(`every route, every spelling, on ${hubTestEngine}`, () => {
  it('over http: only health checks, metrics and the signed webhook let others knock, and no spelling but one reaches a route', async () => {
    const hub = await bed.startHub({ mirrorEveryMs: 3_600_000, fetch: partnerApi.fetch });
    device = await hub.devices.add('Front desk laptop');
    // The device reads in the one spelling: the check lets it through.
    const list = await fetch(`${hub.hubUrl}/api/v1/entities/list?pageNumber=1`, {
      headers: { 'X-Svc-Auth-ID': device.id, 'X-Svc-Auth-Key': device.token },
    });
    expect(list.status).toBe(200);
    expect(await list.text()).toContain(clientName);
    await probeAll(hub, false);
    await propertyHolds(hub, false);
    // Pipelined requests on one connection: the refused spelling does not open the door for the next.
    const pipelined = await rawRequest({
      port: portOf(hub),
      target: '',
      raw:
        'GET /%61pi/v1/entities/list HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n' +
        'GET /api/v1/entities/list HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
    });
    expect(statusesOf(pipelined)[0]).toBe(400);
    expect(pipelined.body).not.toContain(clientName);
  }, 180_000);

  it('over the HTTPS listener, the same', async () => {
    const tls = await loadHubTls(bed.dataDir, '127.0.0.1', { kind: 'self-signed' });
    const hub = await bed.startHub({ tls, mirrorEveryMs: 3_600_000, fetch: partnerApi.fetch });
    expect(hub.hubUrl).toMatch(/^https:/);
    await probeAll(hub, true);
    await propertyHolds(hub, true);
  }, 180_000);
});
