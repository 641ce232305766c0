import { describe, expect, it } from 'vitest';
import type { ProxyLoginAsk } from '../../../src-preload/contract/proxy-login';
import { createSessionCipher } from '../../../src-main/cipher/session-cipher';
import type { Cipher } from '../../../src-main/cipher/cipher';
import { redactText } from '../../../src-main/logging/redact';
import { createProxyLogin, type ProxyCredentials } from '../../../src-main/proxy-login/proxy-login';
import { memorySettings } from '../../support/memory-settings';

const proxy = { isProxy: true, host: 'proxy.contoso.example', port: 8080, realm: 'Contoso staff', scheme: 'basic' };
const staff = { username: 'j.smith', password: 'Winter-2026-proxy!' };

function setUp(options: { secure?: boolean } = {}) {
  let now = Date.parse('2026-11-29T09:00:00Z');
  const asked: ProxyLoginAsk[] = [];
  const timers: (() => void)[] = [];
  const settings = memorySettings();
  const cipher: Cipher = { ...createSessionCipher(), isSecure: async () => options.secure ?? true };
  let ids = 0;
  const login = createProxyLogin({
    settings,
    cipher,
    clock: { now: () => new Date(now) },
    ask: (question) => asked.push(question),
    newId: () => `q${++ids}`,
    setTimer: (run) => {
      timers.push(run);
      return () => timers.splice(timers.indexOf(run), 1);
    },
  });
  const challenged = () => {
    const answers: (ProxyCredentials | null)[] = [];
    const handled = login.challenge(proxy, (credentials) => answers.push(credentials));
    return { handled, answers };
  };
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { login, asked, settings, timers, challenged, settled, advance: (ms: number) => (now += ms) };
}

describe('a proxy that asks for a password', () => {
  it('is asked in the window once for every request waiting on it, and the answer goes to all of them', async () => {
    const t = setUp();
    expect(t.login.challenge({ ...proxy, isProxy: false }, () => undefined)).toBe(false);
    const first = t.challenged();
    const second = t.challenged();
    await t.settled();
    expect(first.handled && second.handled).toBe(true);
    expect(t.asked).toEqual([
      {
        id: 'q1',
        host: 'proxy.contoso.example',
        port: 8080,
        realm: 'Contoso staff',
        scheme: 'basic',
        failedBefore: false,
      },
    ]);
    expect(await t.login.answer({ id: 'q1', credentials: staff, remember: false })).toEqual({ accepted: true });
    expect(first.answers).toEqual([staff]);
    expect(second.answers).toEqual([staff]);
    // Never written anywhere in the clear, and redacted from any log line.
    expect(JSON.stringify(t.settings.get('proxyLogin.remembered') ?? {})).not.toContain(staff.password);
    expect(redactText(`proxy said no to ${staff.password}`)).not.toContain(staff.password);
    expect(await t.login.answer({ id: 'q1', credentials: staff, remember: false })).toEqual({ accepted: false });
  });

  it('remembers sealed in the key store when asked, answers from it next time, and forgets it when refused', async () => {
    const t = setUp();
    t.challenged();
    await t.settled();
    await t.login.answer({ id: 'q1', credentials: staff, remember: true });
    const kept = JSON.stringify(t.settings.get('proxyLogin.remembered'));
    expect(kept).toContain('proxy.contoso.example:8080');
    expect(kept).not.toContain(staff.password);
    expect(kept).not.toContain(staff.username);

    t.advance(60 * 60_000);
    const later = t.challenged();
    await t.settled();
    expect(later.answers).toEqual([staff]);
    expect(t.asked).toHaveLength(1);

    // Challenged again at once: the proxy refused it (a changed password). Forgotten, and asked, saying so.
    t.advance(2_000);
    const refused = t.challenged();
    await t.settled();
    expect(refused.answers).toEqual([]);
    expect(t.asked.at(-1)).toMatchObject({ id: 'q3', failedBefore: true });
    expect(t.settings.get('proxyLogin.remembered')).toEqual({});
  });

  it('keeps nothing where the system has no secure store, and cancels when the window never answers', async () => {
    const t = setUp({ secure: false });
    t.challenged();
    await t.settled();
    await t.login.answer({ id: 'q1', credentials: staff, remember: true });
    expect(t.settings.get('proxyLogin.remembered')).toBeUndefined();

    t.advance(60 * 60_000);
    const unanswered = t.challenged();
    await t.settled();
    expect(t.timers).toHaveLength(1);
    t.timers[0]!();
    expect(unanswered.answers).toEqual([null]);
    // Cancelled in the window: the waiting requests are told no.
    t.advance(60 * 60_000);
    const cancelled = t.challenged();
    await t.settled();
    await t.login.answer({ id: t.asked.at(-1)!.id, credentials: null, remember: false });
    expect(cancelled.answers).toEqual([null]);
  });
});
