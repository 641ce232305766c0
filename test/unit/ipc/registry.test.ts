import { describe, expect, it } from 'vitest';
import { createIpcRegistry, type Handlers } from '../../../src-main/ipc/registry';
import type { AppInfo } from '../../../src-preload/contract/app-info';
import { INTERNAL_FAILURE_MESSAGE } from '../../../src-preload/contract/companion';

const appInfo: AppInfo = {
  name: 'Practice Companion',
  version: '1.2.3',
  platform: 'linux',
  arch: 'x64',
  runtime: 'browser-preview',
  versions: { electron: null, chrome: null, node: '20.0.0' },
  paths: { userData: '/data', logs: '/data/logs' },
};

const never = () => {
  throw new Error('not used in this test');
};
const unusedHandlers = {
  'practice.list': never,
  'practice.connect': never,
  'practice.connectDemo': never,
  'practice.signOut': never,
  'sync.start': never,
  'sync.ack': never,
};

interface FakeSender {
  trusted: boolean;
}

function setup(overrides: Partial<Handlers> = {}, maxPayloadBytes?: number) {
  const calls = { count: 0 };
  const handlers = {
    'app.info': async () => {
      calls.count++;
      return appInfo;
    },
    'connectivity.status': async () => {
      calls.count++;
      return { online: true, reason: 'ok' as const, checkedAt: '2026-11-20T10:00:00.000Z' };
    },
    ...unusedHandlers,
    ...overrides,
  } as Handlers;
  const refusals: string[] = [];
  const registry = createIpcRegistry<FakeSender>({
    handlers,
    isTrustedSender: (sender) => sender.trusted,
    onRefusal: (code) => refusals.push(code),
    ...(maxPayloadBytes ? { maxPayloadBytes } : {}),
  });
  const handlerRan = () => calls.count;
  return { registry, refusals, handlerRan };
}

const trusted: FakeSender = { trusted: true };

describe('IPC registry', () => {
  it('serves a valid request from a trusted sender and validates the answer', async () => {
    const { registry, handlerRan } = setup();
    const reply = await registry.dispatch(trusted, { method: 'app.info', input: {} });
    expect(reply).toEqual({ ok: true, value: appInfo });
    expect(handlerRan()).toBe(1);
  });

  it('refuses a request from an untrusted sender before looking at it', async () => {
    const { registry, refusals, handlerRan } = setup();
    const reply = await registry.dispatch({ trusted: false }, { method: 'app.info', input: {} });
    expect(reply).toMatchObject({ ok: false, error: { code: 'untrusted-sender' } });
    expect(refusals).toEqual(['untrusted-sender']);
    expect(handlerRan()).toBe(0);
  });

  it('refuses an unknown method, including names inherited from Object.prototype', async () => {
    const { registry, handlerRan } = setup();
    for (const method of ['app.exec', 'constructor', '__proto__', 'toString']) {
      const reply = await registry.dispatch(trusted, { method, input: {} });
      expect(reply).toMatchObject({ ok: false, error: { code: 'unknown-method' } });
    }
    expect(handlerRan()).toBe(0);
  });

  it('refuses a malformed envelope (not an object, extra keys, non-string method)', async () => {
    const { registry, handlerRan } = setup();
    for (const message of [null, 'app.info', { method: 42, input: {} }, { method: 'app.info', input: {}, extra: 1 }]) {
      const reply = await registry.dispatch(trusted, message);
      expect(reply).toMatchObject({ ok: false, error: { code: 'invalid-payload' } });
    }
    expect(handlerRan()).toBe(0);
  });

  it('refuses a payload that does not match the schema, unknown keys included', async () => {
    const { registry, handlerRan } = setup();
    for (const input of [{ unexpected: true }, 'text', 42, []]) {
      const reply = await registry.dispatch(trusted, { method: 'app.info', input });
      expect(reply).toMatchObject({ ok: false, error: { code: 'invalid-payload' } });
    }
    expect(handlerRan()).toBe(0);
  });

  it('refuses an oversize payload before parsing it', async () => {
    const { registry, handlerRan, refusals } = setup({}, 1024);
    const reply = await registry.dispatch(trusted, { method: 'app.info', input: { padding: 'x'.repeat(2000) } });
    expect(reply).toMatchObject({ ok: false, error: { code: 'payload-too-large' } });
    expect(refusals).toEqual(['payload-too-large']);
    expect(handlerRan()).toBe(0);
  });

  it('refuses a payload that cannot be serialised (cycles, BigInt)', async () => {
    const { registry, handlerRan } = setup();
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    for (const input of [cyclic, { n: 10n }]) {
      const reply = await registry.dispatch(trusted, { method: 'app.info', input });
      expect(reply).toMatchObject({ ok: false, error: { code: 'invalid-payload' } });
    }
    expect(handlerRan()).toBe(0);
  });

  it('turns a throwing handler into a handler-failed reply instead of a rejection', async () => {
    const { registry } = setup({
      'app.info': async () => {
        throw new Error('disk on fire');
      },
    });
    const reply = await registry.dispatch(trusted, { method: 'app.info', input: {} });
    expect(reply).toEqual({ ok: false, error: { code: 'handler-failed', message: INTERNAL_FAILURE_MESSAGE } });
  });

  it('refuses to pass on an answer that breaks the contract', async () => {
    const { registry } = setup({ 'app.info': async () => ({ ...appInfo, secret: 'leak' }) as AppInfo });
    const reply = await registry.dispatch(trusted, { method: 'app.info', input: {} });
    expect(reply).toMatchObject({ ok: false, error: { code: 'handler-failed' } });
    expect(JSON.stringify(reply)).not.toContain('leak');
  });
});
