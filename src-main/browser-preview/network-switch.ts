/**
 * Lets the preview (and the end-to-end tests that drive it) cut main's network on demand: while
 * "offline", every request through the wrapped fetch fails the way a dropped connection does.
 */
/** What Electron's net.fetch rejects with when the laptop has no network: the request never left. */
const offlineError = () => new Error('net::ERR_INTERNET_DISCONNECTED (offline: the preview network switch is off)');

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
