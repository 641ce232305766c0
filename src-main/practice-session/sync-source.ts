import { z } from 'zod';
import type { SyncSource } from '../../src-preload/contract/sync';
import type { PartnerApiClient } from '../partner-api/partner-api-client';
import type { SourceSetting } from '../sync/cursor-sources';
import {
  afterHubOutcome,
  chooseSource,
  fallBackDue,
  healthyHub,
  hubOutcomeOf,
  type HubHealth,
  type HubOutcome,
} from './hub-fallback-policy';

/** Where a run of a practice read through the hub goes, and what the status bar says of it. */
export interface SyncRoute {
  api: PartnerApiClient;
  setting: SourceSetting;
  /** When reading directly: since when the hub has not answered. */
  hubUnreachableSince: string | null;
}

const VALIDATE = '/api/v1/auth/validate';

/** How long an answer (or none) from the practice stands for the fall-back's "the practice answers". */
const PRACTICE_CHECK_FOR_MS = 5 * 60_000;

/**
 * The hub's health per practice, learned from every sync request sent to it, and the choice of source for
 * each run (hub-fallback-policy.ts). While a run reads directly, the next run probes the hub first: the
 * first answer takes the laptop back to it.
 */
export function createSyncSources(deps: {
  now: () => Date;
  /** The laptop's own Partner API client for the practice; null without its own credentials. */
  directTarget(practiceKey: string): { api: PartnerApiClient } | null;
  fallBackAfterMs?: number;
}) {
  const health = new Map<string, HubHealth>();
  const note = (practiceKey: string, outcome: HubOutcome): void => {
    health.set(practiceKey, afterHubOutcome(health.get(practiceKey) ?? healthyHub, outcome, deps.now()));
  };

  /** The hub's client, each answer or failure noted (an abort says nothing about the hub). */
  function observed(practiceKey: string, api: PartnerApiClient): PartnerApiClient {
    const watch = async <T>(signal: AbortSignal | undefined, send: () => Promise<T>): Promise<T> => {
      try {
        const answer = await send();
        note(practiceKey, 'answered');
        return answer;
      } catch (error) {
        if (!signal?.aborted) note(practiceKey, hubOutcomeOf(error));
        throw error;
      }
    };
    return {
      request: (method, path, schema, options) =>
        watch(options?.signal, () => api.request(method, path, schema, options)),
      list: (path, schema, options) => watch(options?.signal, () => api.list(path, schema, options)),
      file: (path, type, options) => watch(options?.signal, () => api.file(path, type, options)),
    } as PartnerApiClient;
  }

  /**
   * Whether the practice answers at all (its 401 is an answer too): one request on the Client ID's budget,
   * at most every five minutes (the connectivity probe asks every 15 s while the hub is away).
   */
  const checked = new Map<string, { at: number; answers: boolean }>();
  async function answers(practiceKey: string, api: PartnerApiClient, signal?: AbortSignal): Promise<boolean> {
    const last = checked.get(practiceKey);
    const now = deps.now().getTime();
    if (last && now - last.at < PRACTICE_CHECK_FOR_MS) return last.answers;
    let ok: boolean;
    try {
      await api.request('GET', VALIDATE, z.unknown(), { priority: 'background', ...(signal ? { signal } : {}) });
      ok = true;
    } catch (error) {
      ok = hubOutcomeOf(error) !== 'unreachable';
    }
    checked.set(practiceKey, { at: now, answers: ok });
    return ok;
  }

  return {
    /**
     * The connectivity probe of the hub's address (without credentials) answered or not: noted like a
     * sync request's outcome. Resolves whether the practice may be counted reachable all the same: the
     * fall-back is due and the practice answers, so the window's schedule keeps starting runs.
     */
    async probed(practiceKey: string, answered: boolean): Promise<boolean> {
      note(practiceKey, answered ? 'answered' : 'unreachable');
      const direct = deps.directTarget(practiceKey);
      if (answered || !direct) return false;
      if (!fallBackDue(health.get(practiceKey) ?? healthyHub, deps.now(), deps.fallBackAfterMs)) return false;
      return answers(practiceKey, direct.api);
    },

    /**
     * The source of the next run of a practice read through the hub (`hubApi`: its client to the hub). `home`:
     * what its cursors without a source are about (connection-moves.ts).
     */
    async route(
      practiceKey: string,
      hubApi: PartnerApiClient,
      signal?: AbortSignal,
      home: SyncSource = 'hub',
    ): Promise<SyncRoute> {
      const hub = observed(practiceKey, hubApi);
      const through = (current: SyncSource, api: PartnerApiClient, since: string | null = null): SyncRoute => ({
        api,
        setting: { current, home },
        hubUnreachableSince: since,
      });
      const direct = deps.directTarget(practiceKey);
      const now = () => deps.now();
      if (!direct || !fallBackDue(health.get(practiceKey) ?? healthyHub, now(), deps.fallBackAfterMs))
        return through('hub', hub);
      // The normal schedule's probe of the hub: its first answer ends the fall-back.
      await hub
        .request('GET', VALIDATE, z.unknown(), { priority: 'background', ...(signal ? { signal } : {}) })
        .catch(() => undefined);
      const choice = chooseSource(health.get(practiceKey) ?? healthyHub, {
        now: now(),
        hasDirectCredentials: true,
        practiceReachable: await answers(practiceKey, direct.api, signal),
        ...(deps.fallBackAfterMs !== undefined ? { afterMs: deps.fallBackAfterMs } : {}),
      });
      return choice.source === 'direct'
        ? through('direct', direct.api, choice.hubUnreachableSince)
        : through('hub', hub);
    },
  };
}
export type SyncSources = ReturnType<typeof createSyncSources>;
