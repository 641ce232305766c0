import { z } from 'zod';
import type { ProxyLoginAnswer, ProxyLoginAsk } from '../../src-preload/contract/proxy-login';
import type { Cipher } from '../cipher/cipher';
import type { Clock } from '../clock';
import { registerSecret } from '../logging/redact';
import type { SettingsStore } from '../settings/settings-store';

/** What Electron's `login` event says of the challenge (authInfo). */
export interface ProxyChallenge {
  isProxy: boolean;
  host: string;
  port: number;
  realm: string;
  scheme: string;
}
export type ProxyCredentials = { username: string; password: string };
/** Electron's callback: the credentials, or null to cancel (the request then fails with the proxy's 407). */
export type ProxyRespond = (credentials: ProxyCredentials | null) => void;

/** Remembered proxies: one sealed record per host:port, in the settings file, readable only through the OS key store. */
const REMEMBERED_KEY = 'proxyLogin.remembered';
const rememberedSchema = z.record(z.string().max(600), z.string().max(20_000));
/** A window that does not answer in this time cancels the challenge: the request fails, the next one asks again. */
export const ASK_TIMEOUT_MS = 120_000;
/** A challenge again this soon after an answer means the proxy refused it. */
const REFUSED_WITHIN_MS = 30_000;

export interface ProxyLoginDeps {
  settings: SettingsStore;
  cipher: Cipher;
  clock: Clock;
  /** Asks the window (the `desktop.proxyLogin` event). */
  ask(question: ProxyLoginAsk): void;
  newId(): string;
  timeoutMs?: number;
  setTimer?: (run: () => void, ms: number) => () => void;
}

/**
 * Proxies that ask for a password (HTTP 407), as Chromium-based apps answer them: the window shows a dialog with
 * the proxy's host and realm; the answer is given to every request waiting on that proxy; with "remember" it is
 * kept sealed by the OS key store (only when the store is secure) and given at once next time — unless the proxy
 * refuses it, when it is forgotten and the user is asked again. Never logged: the password is registered as a
 * secret before anything could write it.
 */
export function createProxyLogin(deps: ProxyLoginDeps) {
  const timeoutMs = deps.timeoutMs ?? ASK_TIMEOUT_MS;
  const setTimer =
    deps.setTimer ??
    ((run: () => void, ms: number) => {
      const timer = setTimeout(run, ms);
      timer.unref?.();
      return () => clearTimeout(timer);
    });
  /** Open questions by proxy: every request challenged meanwhile waits for the same answer. */
  const open = new Map<
    string,
    { id: string; waiting: ProxyRespond[]; cancelTimer: () => void; challenge: ProxyChallenge }
  >();
  /** When each proxy was last given an answer (a challenge soon after means it was refused). */
  const answeredAt = new Map<string, number>();
  const keyOf = (challenge: ProxyChallenge) => `${challenge.host.toLowerCase()}:${challenge.port}`;

  const remembered = (): Record<string, string> => {
    const parsed = rememberedSchema.safeParse(deps.settings.get(REMEMBERED_KEY));
    return parsed.success ? parsed.data : {};
  };
  const forget = (key: string) => {
    const all = remembered();
    if (!(key in all)) return;
    delete all[key];
    deps.settings.set(REMEMBERED_KEY, all);
  };
  async function recall(key: string): Promise<ProxyCredentials | null> {
    const sealed = remembered()[key];
    if (!sealed) return null;
    try {
      const parsed = z
        .strictObject({ username: z.string().min(1).max(500), password: z.string().max(1000) })
        .safeParse(JSON.parse(await deps.cipher.decrypt(Buffer.from(sealed, 'base64'))));
      if (!parsed.success) return null;
      registerSecret(parsed.data.password);
      return parsed.data;
    } catch {
      return null; // another key store, or a damaged record: asked again
    }
  }
  async function keep(key: string, credentials: ProxyCredentials): Promise<boolean> {
    if (!(await deps.cipher.isSecure())) return false;
    const sealed = await deps.cipher.encrypt(JSON.stringify(credentials));
    deps.settings.set(REMEMBERED_KEY, { ...remembered(), [key]: Buffer.from(sealed).toString('base64') });
    return true;
  }

  function settle(key: string, credentials: ProxyCredentials | null): void {
    const question = open.get(key);
    if (!question) return;
    open.delete(key);
    question.cancelTimer();
    if (credentials) answeredAt.set(key, deps.clock.now().getTime());
    for (const respond of question.waiting) respond(credentials);
  }

  return {
    /**
     * A `login` challenge: false when it is not a proxy's (the app answers no server's basic-auth), else it is
     * answered — at once from the remembered record, or once the window answers, or cancelled after the timeout.
     */
    challenge(challenge: ProxyChallenge, respond: ProxyRespond): boolean {
      if (!challenge.isProxy) return false;
      const key = keyOf(challenge);
      const waiting = open.get(key);
      if (waiting) {
        waiting.waiting.push(respond);
        return true;
      }
      const last = answeredAt.get(key);
      const refused = last !== undefined && deps.clock.now().getTime() - last < REFUSED_WITHIN_MS;
      if (refused) {
        answeredAt.delete(key);
        forget(key);
      }
      const id = deps.newId();
      const question: { id: string; waiting: ProxyRespond[]; cancelTimer: () => void; challenge: ProxyChallenge } = {
        id,
        waiting: [respond],
        cancelTimer: () => undefined,
        challenge,
      };
      open.set(key, question);
      void (async () => {
        const known = refused ? null : await recall(key);
        if (known) return settle(key, known);
        question.cancelTimer = setTimer(() => settle(key, null), timeoutMs);
        deps.ask({
          id,
          host: challenge.host.slice(0, 500),
          port: challenge.port,
          realm: challenge.realm.slice(0, 500),
          scheme: challenge.scheme.slice(0, 50),
          failedBefore: refused,
        });
      })();
      return true;
    },

    /** `desktop.answerProxyLogin`: false when nothing is waiting for that question (answered, or timed out). */
    async answer(input: ProxyLoginAnswer): Promise<{ accepted: boolean }> {
      const entry = [...open.entries()].find(([, question]) => question.id === input.id);
      if (!entry) return { accepted: false };
      const [key] = entry;
      if (input.credentials) registerSecret(input.credentials.password);
      if (input.credentials && input.remember) await keep(key, input.credentials);
      settle(key, input.credentials);
      return { accepted: true };
    },
  };
}
export type ProxyLogin = ReturnType<typeof createProxyLogin>;
