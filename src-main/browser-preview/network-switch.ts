/**
 * Lets the preview (and the end-to-end tests that drive it) cut main's network on demand: while
 * "offline", every request through the wrapped fetch fails the way a dropped connection does.
 *
 * The switch refuses before any connection exists, so its failure says so the way Node's fetch does:
 * a connect that failed (`syscall: 'connect'`), which proves the request never left. (Electron itself
 * reports a lost network as net::ERR_INTERNET_DISCONNECTED, which Chromium also raises from a read on a
 * live connection: that proves nothing, and the outbox treats it as "may have arrived".)
 */
const offlineError = () =>
  Object.assign(new TypeError('fetch failed'), {
    cause: Object.assign(new Error('connect ENETUNREACH (offline: the preview network switch is off)'), {
      code: 'ENETUNREACH',
      syscall: 'connect',
    }),
  });

export function createNetworkSwitch(realFetch: typeof globalThis.fetch) {
  let online = true;
  const fetch: typeof globalThis.fetch = (input, init) =>
    online ? realFetch(input, init) : Promise.reject(offlineError());
  return {
    fetch,
    isOnline: (): boolean => online,
    setOnline(value: boolean): void {
      online = value;
    },
  };
}
export type NetworkSwitch = ReturnType<typeof createNetworkSwitch>;
