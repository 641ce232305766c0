import type { DeviceCredential } from '../../../src-main/hub/devices/devices';
import type { RunningHub } from '../../../src-main/hub/start-hub';

/**
 * A fetch for the hub that records every Partner API request it sends (path and query, in order), so a test
 * can count what a laptop's ask cost the practice.
 */
export function recordPartnerApiReads(): {
  fetch: typeof fetch;
  reads: string[];
  readsOf(path: string): number;
} {
  const reads: string[] = [];
  return {
    reads,
    readsOf: (path) => reads.filter((read) => read === path).length,
    fetch: (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      reads.push(`${url.pathname.replace(/^.*\/api\/v1/, '')}${url.search}`);
      return fetch(input, init);
    },
  };
}

/** The headers a laptop enrolled on the hub signs its requests with. */
export const laptopHeaders = (laptop: DeviceCredential) => ({
  'X-Svc-Auth-ID': laptop.id,
  'X-Svc-Auth-Key': laptop.token,
});

/** A laptop's read through the hub's Partner API. */
export const askHub = (hub: RunningHub, path: string, laptop: DeviceCredential) =>
  fetch(`${hub.hubUrl}/api/v1${path}`, { headers: laptopHeaders(laptop) });

/** A laptop's hint that it changed something at the practice (a string body is sent as it is). */
export const sendHint = (hub: RunningHub, laptop: DeviceCredential, body: unknown) =>
  fetch(`${hub.hubUrl}/hub/v1/hints`, {
    method: 'POST',
    headers: { ...laptopHeaders(laptop), 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
