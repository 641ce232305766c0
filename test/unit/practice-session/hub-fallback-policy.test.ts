import { describe, expect, it } from 'vitest';
import {
  HubCertificateRefusedError,
  HubDeviceRejectedError,
  NetworkError,
  PartnerApiError,
} from '../../../src-main/partner-api/api-errors';
import type { PartnerApiClient } from '../../../src-main/partner-api/partner-api-client';
import {
  afterHubOutcome,
  chooseSource,
  healthyHub,
  hubOutcomeOf,
  type HubHealth,
} from '../../../src-main/practice-session/hub-fallback-policy';
import { createSyncSources } from '../../../src-main/practice-session/sync-source';

const T0 = Date.parse('2031-05-06T10:42:00Z');
const MINUTE = 60_000;
const at = (minutes: number) => new Date(T0 + minutes * MINUTE);
const down = () => new NetworkError('unreachable', 'The practice hub could not be reached.');
const serverError = () => new PartnerApiError(503, 'Service Unavailable', 'down', null);
const revoked = () => new HubDeviceRejectedError(new PartnerApiError(401, 'Unauthorized', 'revoked', null));

/** The hub's health after failures at the given minutes. */
const failingAt = (...minutes: number[]): HubHealth =>
  minutes.reduce((health, minute) => afterHubOutcome(health, 'unreachable', at(minute)), healthyHub);

const facts = (minutes: number, over: Partial<Parameters<typeof chooseSource>[1]> = {}) => ({
  now: at(minutes),
  hasDirectCredentials: true,
  practiceReachable: true,
  ...over,
});

describe('the fall-back policy', () => {
  it('counts no answer, timeouts and 5xx as unreachable; a 401 or a strange certificate as a refusal', () => {
    expect(hubOutcomeOf(null)).toBe('answered');
    expect(hubOutcomeOf(down())).toBe('unreachable');
    expect(hubOutcomeOf(new NetworkError('timeout', 'slow'))).toBe('unreachable');
    expect(hubOutcomeOf(serverError())).toBe('unreachable');
    expect(hubOutcomeOf(revoked())).toBe('refused');
    expect(hubOutcomeOf(new HubCertificateRefusedError())).toBe('refused');
    expect(hubOutcomeOf(new PartnerApiError(404, 'Not Found', 'not held', null))).toBe('answered');
  });

  it('goes direct only after ten minutes of consecutive failures, from the first of them', () => {
    const health = failingAt(0, 3, 6, 9);
    expect(health.failingSince).toBe(at(0).toISOString());
    expect(chooseSource(health, facts(9.99))).toEqual({ source: 'hub', why: 'not-long-enough' });
    expect(chooseSource(health, facts(10))).toEqual({ source: 'direct', hubUnreachableSince: at(0).toISOString() });
  });

  it('an answer in between starts the ten minutes again', () => {
    const health = afterHubOutcome(afterHubOutcome(failingAt(0, 5), 'answered', at(6)), 'unreachable', at(7));
    expect(chooseSource(health, facts(12))).toEqual({ source: 'hub', why: 'not-long-enough' });
    expect(chooseSource(health, facts(17)).source).toBe('direct');
  });

  it('never without the laptop’s own credentials, nor while the practice does not answer either', () => {
    const health = failingAt(0, 12);
    expect(chooseSource(health, facts(12, { hasDirectCredentials: false }))).toEqual({
      source: 'hub',
      why: 'no-credentials',
    });
    expect(chooseSource(health, facts(12, { practiceReachable: false }))).toEqual({
      source: 'hub',
      why: 'practice-unreachable',
    });
  });

  it('a hub that refuses this laptop is not worked around silently', () => {
    const health = afterHubOutcome(failingAt(0, 11), 'refused', at(12));
    expect(chooseSource(health, facts(30))).toEqual({ source: 'hub', why: 'refused' });
  });

  it('goes back to the hub as soon as it answers', () => {
    const health = afterHubOutcome(failingAt(0, 20), 'answered', at(21));
    expect(chooseSource(health, facts(21))).toEqual({ source: 'hub', why: 'answering' });
  });
});

/** A client whose every request succeeds or throws as told (what a run's passes and probes see). */
function fakeApi(answer: () => Error | null) {
  const calls: string[] = [];
  const reply = async (path: string) => {
    calls.push(path);
    const error = answer();
    if (error) throw error;
    return { data: [], rejected: [], status: 200, serverDate: null };
  };
  const api = {
    request: (_method: string, path: string) => reply(path),
    list: (path: string) => reply(path),
    file: (path: string) => reply(path),
  } as unknown as PartnerApiClient;
  return { api, calls };
}

describe('the source of each run', () => {
  function setup(options: { credentials?: boolean } = {}) {
    let now = at(0);
    let hubError: Error | null = null;
    let practiceError: Error | null = null;
    const hub = fakeApi(() => hubError);
    const direct = fakeApi(() => practiceError);
    const sources = createSyncSources({
      now: () => now,
      directTarget: () => (options.credentials === false ? null : { api: direct.api }),
    });
    /** One run: its route, then one list request through whatever it chose (as a pass would). */
    const run = async () => {
      const route = await sources.route('p', hub.api);
      await route.api.list('/entities/list', null as never).catch(() => undefined);
      return route;
    };
    return {
      run,
      sources,
      hub,
      direct,
      advance: (minutes: number) => (now = new Date(now.getTime() + minutes * MINUTE)),
      hubFails: (error: Error | null) => (hubError = error),
      practiceFails: (error: Error | null) => (practiceError = error),
    };
  }

  it('reads directly after ten minutes of failures, probes the hub each run, and returns when it answers', async () => {
    const s = setup();
    expect((await s.run()).setting.current).toBe('hub');
    s.hubFails(down());
    for (let minute = 0; minute < 10; minute += 5) {
      expect((await s.run()).setting.current, `minute ${minute}`).toBe('hub');
      s.advance(5);
    }
    const direct = await s.run();
    expect(direct.setting).toEqual({ current: 'direct', home: 'hub' });
    expect(direct.hubUnreachableSince).toBe(at(0).toISOString());
    expect(s.direct.calls).toContain('/entities/list');
    // While direct, every run asks the hub first; the first answer ends the fall-back.
    s.advance(5);
    const hubCalls = s.hub.calls.length;
    expect((await s.run()).setting.current).toBe('direct');
    expect(s.hub.calls.length).toBe(hubCalls + 1);
    s.hubFails(null);
    s.advance(5);
    expect((await s.run()).setting.current).toBe('hub');
  });

  it('a 5xx counts as unreachable; a revoked device never falls back', async () => {
    const s = setup();
    s.hubFails(serverError());
    await s.run();
    s.advance(11);
    expect((await s.run()).setting.current).toBe('direct');
    s.hubFails(revoked());
    s.advance(5);
    const refused = await s.run();
    expect(refused.setting.current).toBe('hub');
    s.advance(30);
    expect((await s.run()).setting.current).toBe('hub');
  });

  it('stays on the hub without the laptop’s own credentials, or when the practice does not answer', async () => {
    const none = setup({ credentials: false });
    none.hubFails(down());
    await none.run();
    none.advance(30);
    expect((await none.run()).setting.current).toBe('hub');

    const cut = setup();
    cut.hubFails(down());
    cut.practiceFails(down());
    await cut.run();
    cut.advance(30);
    expect((await cut.run()).setting.current).toBe('hub');
    // The practice's silence stands for five minutes (the connectivity probe asks every 15 s).
    cut.practiceFails(null);
    expect((await cut.run()).setting.current).toBe('hub');
    cut.advance(5);
    expect((await cut.run()).setting.current).toBe('direct');
  });

  it('the connectivity probe of the hub counts too, and once the fall-back is due the practice’s answer keeps the laptop online', async () => {
    const s = setup();
    s.hubFails(down());
    // The hub went away while the laptop was idle: only the probe (every 15 s) notices.
    expect(await s.sources.probed('p', false)).toBe(false);
    s.advance(9);
    expect(await s.sources.probed('p', false)).toBe(false);
    expect(s.direct.calls).toEqual([]);
    s.advance(1);
    expect(await s.sources.probed('p', false)).toBe(true);
    // The practice is asked at most every five minutes, however often the probe runs.
    s.advance(1);
    expect(await s.sources.probed('p', false)).toBe(true);
    expect(s.direct.calls).toEqual(['/api/v1/auth/validate']);
    expect((await s.run()).setting.current).toBe('direct');
    // The hub answers the probe: back to it.
    s.hubFails(null);
    expect(await s.sources.probed('p', true)).toBe(false);
    expect((await s.run()).setting.current).toBe('hub');
  });

  it('without the laptop’s own credentials the probe’s failures never count the practice reachable', async () => {
    const s = setup({ credentials: false });
    await s.sources.probed('p', false);
    s.advance(30);
    expect(await s.sources.probed('p', false)).toBe(false);
  });
});
