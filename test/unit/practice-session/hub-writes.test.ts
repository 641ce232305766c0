import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { hubHintSchema } from '../../../src-preload/contract/hub-hint';
import { operations } from '../../../src-preload/contract/outbox/operations';
import { syncedResourceStorage } from '../../../src-preload/contract/sync';
import { createHubHints, hintFor, withHubHints } from '../../../src-main/practice-session/hub-hints';
import { createClientFactory, createTargets, type KnownPractice } from '../../../src-main/practice-session/targets';
import type { OutboxExecutor } from '../../../src-main/outbox/outbox-executor';
import type { RequestBudget } from '../../../src-main/request-budget/request-budget-types';

const practiceKey = '11111111-1111-4111-8111-111111111111';
const entityKey = '22222222-2222-4222-8222-222222222222';
const hubPractice = {
  practiceKey,
  name: 'Harbourside',
  region: 'ANZ',
  baseUrl: 'http://127.0.0.1:4020',
  clientId: 'device-id',
  canWrite: false,
  isDemo: false,
  storage: 'keychain',
  backend: '',
  through: 'hub',
} as KnownPractice;
const own = { baseUrl: 'https://api.example.com/anz', clientId: 'own-client', canWrite: true };

/** Every request as `transport METHOD url by-client-id`, and every budget reservation as `client-id priority`. */
function world(withOwn: boolean) {
  const sent: string[] = [];
  const reserved: string[] = [];
  const answer =
    (transport: string): typeof fetch =>
    async (url, init) => {
      const headers = new Headers(init?.headers);
      sent.push(`${transport} ${init?.method ?? 'GET'} ${String(url)} by ${headers.get('X-Svc-Auth-ID')}`);
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    };
  const client = createClientFactory({
    fetch: answer('fetch'),
    fetchForWrite: answer('write-fetch'),
    budgetFor: (clientId) =>
      ({
        reserve: async (priority: string) => void reserved.push(`${clientId} ${priority}`),
        observe: () => undefined,
      }) as unknown as RequestBudget,
  });
  const targets = createTargets({
    practiceOf: (key) => (key === practiceKey ? hubPractice : undefined),
    secretOf: (key) => (key === practiceKey ? 'device-token' : undefined),
    ownOf: (key) => (withOwn && key === practiceKey ? { credentials: own, secret: 'own-secret' } : undefined),
    isActive: (key) => key === practiceKey,
    client,
  });
  return { targets, sent, reserved };
}

describe('a practice read through the hub, writing with its own credentials', () => {
  it('sends writes to the Partner API address with the own Client ID, through the write fetch, paced by its budget', async () => {
    const { targets, sent, reserved } = world(true);
    const write = targets.writeTarget(practiceKey);
    expect(write?.canWrite).toBe(true);
    await write!.api.request('POST', `/entities/${entityKey}/contacts`, z.unknown(), {
      priority: 'outbox',
      idempotent: false,
      body: { firstName: 'A' },
    });
    expect(sent).toEqual([`write-fetch POST ${own.baseUrl}/api/v1/entities/${entityKey}/contacts by own-client`]);
    expect(reserved).toEqual(['own-client outbox']);
  });

  it('reads through the hub with the device credentials, unpaced; the direct target is the own credentials, paced', async () => {
    const { targets, sent, reserved } = world(true);
    await targets.readTarget(practiceKey)!.api.request('GET', '/users/list', z.unknown());
    await targets.directTarget(practiceKey)!.api.request('GET', '/users/list', z.unknown());
    expect(sent).toEqual([
      `fetch GET ${hubPractice.baseUrl}/api/v1/users/list by device-id`,
      `fetch GET ${own.baseUrl}/api/v1/users/list by own-client`,
    ]);
    expect(reserved).toEqual(['own-client interactive']);
  });

  it('has nowhere to write, and no direct target, without own credentials: the device token never writes', () => {
    const { targets } = world(false);
    expect(targets.writeTarget(practiceKey)).toBeNull();
    expect(targets.directTarget(practiceKey)).toBeNull();
    expect(targets.readTarget(practiceKey)).not.toBeNull();
  });
});

describe('the hint to the hub after a write is done', () => {
  it('names each operation’s synced lists from the operation registry, and the client', () => {
    for (const [name, op] of Object.entries(operations))
      for (const list of op.changesLists) expect(Object.keys(syncedResourceStorage), name).toContain(list);
    expect(hintFor('contact.create', entityKey.toUpperCase())).toEqual({
      resources: ['contacts'],
      clientKeys: [entityKey],
    });
    expect(hintFor('lead.create', null)).toEqual({ resources: ['leads'], clientKeys: [] });
    expect(hintFor('proposal.renew', null)).toBeNull();
  });

  it('names what a write to a record read on demand was about, so the hub drops what it keeps of it', () => {
    const leadKey = '7d0c1b7e-2f4a-4c1e-9b5a-3e2d1c0b9a87';
    // A lead's note changes no synced list: the hint names the lead, whose kept notes the hub then drops.
    expect(hintFor('lead.addNote', null, { leadKey: leadKey.toUpperCase() })).toEqual({
      resources: [],
      clientKeys: [leadKey],
    });
    // A proposal's renewal: its client and the proposal, once each; a reference to another entry is no key.
    expect(
      hintFor('proposal.renew', entityKey, { proposalKey: leadKey, other: { ref: 'x' } as unknown as string }),
    ).toEqual({ resources: [], clientKeys: [entityKey, leadKey] });
  });

  function hinting(answer: () => Promise<Response>) {
    const posted: { url: string; init: RequestInit }[] = [];
    const warn = vi.fn();
    const hints = createHubHints({
      fetch: async (url, init) => {
        posted.push({ url: String(url), init: init! });
        return answer();
      },
      hubOf: (key) =>
        key === practiceKey ? { baseUrl: hubPractice.baseUrl, deviceId: 'device-id', token: 'device-token' } : null,
      log: { warn },
    });
    return { hints, posted, warn };
  }
  const input = {
    practiceKey,
    entryId: '33333333-3333-4333-8333-333333333333',
    operation: 'contact.create' as const,
    payload: { params: { entityKey }, body: {} },
    entityKey,
  };

  it('POSTs the hint with the device headers after a done send, and not after any other outcome', async () => {
    const { hints, posted } = hinting(async () => new Response(null, { status: 204 }));
    const outcomes = [
      { kind: 'done', result: {} },
      { kind: 'retry', problem: { status: null, title: 't', message: 'm' }, retryAfterMs: null },
    ];
    const executor = {
      send: vi.fn(async () => outcomes.shift()),
      verify: vi.fn(async () => ({ verdict: 'found', result: {} })),
    } as unknown as OutboxExecutor;
    const hinted = withHubHints(executor, hints);
    expect(await hinted.send(input)).toEqual({ kind: 'done', result: {} });
    await hinted.send(input);
    await vi.waitFor(() => expect(posted).toHaveLength(1));
    const [hint] = posted;
    expect(hint!.url).toBe(`${hubPractice.baseUrl}/hub/v1/hints`);
    expect(hint!.init.method).toBe('POST');
    const headers = new Headers(hint!.init.headers);
    expect(headers.get('X-Svc-Auth-ID')).toBe('device-id');
    expect(headers.get('X-Svc-Auth-Key')).toBe('device-token');
    expect(hubHintSchema.parse(JSON.parse(String(hint!.init.body)))).toEqual({
      resources: ['contacts'],
      clientKeys: [entityKey],
    });
    // A verification read that found the interrupted write applied is a done entry too.
    await hinted.verify(input);
    await vi.waitFor(() => expect(posted).toHaveLength(2));
  });

  it('never holds up or fails the write when the hub does not take the hint: it is logged', async () => {
    const { hints, warn } = hinting(() => new Promise<Response>(() => undefined));
    const executor = { send: async () => ({ kind: 'done', result: {} }) } as unknown as OutboxExecutor;
    expect(await withHubHints(executor, hints).send(input)).toEqual({ kind: 'done', result: {} });

    const refused = hinting(async () => new Response('no', { status: 503 }));
    expect(await withHubHints(executor, refused.hints).send(input)).toEqual({ kind: 'done', result: {} });
    await vi.waitFor(() => expect(refused.warn).toHaveBeenCalledTimes(1));
    expect(String(refused.warn.mock.calls[0]![1])).toContain('503');
    expect(warn).not.toHaveBeenCalled();
  });

  it('honours the hub’s 429: keeps what it names until the Retry-After, then sends it with the rest as one hint', async () => {
    const posted: string[] = [];
    const timers: { fn: () => void; ms: number }[] = [];
    let now = 1_000_000;
    const answers = [429, 202];
    const warn = vi.fn();
    const hints = createHubHints({
      fetch: async (_url, init) => {
        posted.push(String(init?.body));
        const status = answers.shift() ?? 202;
        return new Response(null, { status, headers: status === 429 ? { 'retry-after': '30' } : {} });
      },
      hubOf: (key) =>
        key === practiceKey ? { baseUrl: hubPractice.baseUrl, deviceId: 'device-id', token: 'device-token' } : null,
      log: { warn },
      now: () => now,
      setTimer: (fn, ms) => void timers.push({ fn, ms }),
    });
    const otherClient = '55555555-5555-4555-8555-555555555555';
    hints.afterDone(practiceKey, 'contact.create', { entityKey });
    await vi.waitFor(() => expect(timers).toHaveLength(1));
    expect(timers[0]!.ms).toBe(30_000);
    expect(String(warn.mock.calls[0]![0])).toContain('asked this laptop to wait 30 s');
    // Within the wait: kept, not sent.
    hints.afterDone(practiceKey, 'lead.create', { entityKey: otherClient });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(posted).toHaveLength(1);
    now += 30_000;
    timers[0]!.fn();
    await vi.waitFor(() => expect(posted).toHaveLength(2));
    expect(JSON.parse(posted[1]!)).toEqual({ resources: ['contacts', 'leads'], clientKeys: [entityKey, otherClient] });
  });

  it('sends nothing for a practice not read through the hub', async () => {
    const { hints, posted } = hinting(async () => new Response(null, { status: 204 }));
    hints.afterDone('44444444-4444-4444-8444-444444444444', 'contact.create', { entityKey });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(posted).toEqual([]);
  });
});
