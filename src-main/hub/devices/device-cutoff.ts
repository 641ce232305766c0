import type { HubLog } from '../watch/hub-log';

/**
 * What each device has open on this process — requests in flight and change streams — so that revoking it
 * ends them at once instead of letting a stream already open keep receiving pokes. A request whose credential
 * check read the device just before the revocation committed is tracked after the cut: the ids this process
 * has seen revoked are kept (a revocation is for good), so such a request is cut the moment it is tracked.
 */
export function createDeviceCutoff(log: HubLog) {
  const open = new Map<string, Set<() => void>>();
  const revoked = new Set<string>();

  function cut(end: () => void): void {
    try {
      end();
    } catch (error) {
      log.error({ err: error }, "could not end a revoked device's request");
    }
  }

  return {
    /**
     * Tracks one request or stream of `device` until the returned function is called (when it ends); `end`
     * closes it. Ended at once if the device was revoked meanwhile.
     */
    track(device: string, end: () => void): () => void {
      if (revoked.has(device)) {
        cut(end);
        return () => undefined;
      }
      let ends = open.get(device);
      if (!ends) open.set(device, (ends = new Set()));
      ends.add(end);
      return () => {
        ends.delete(end);
        if (ends.size === 0 && open.get(device) === ends) open.delete(device);
      };
    },
    /** The device is revoked: everything it has open here ends now. Resolves how many were ended. */
    cutOff(device: string): number {
      revoked.add(device);
      const ends = open.get(device);
      open.delete(device);
      for (const end of ends ?? []) cut(end);
      return ends?.size ?? 0;
    },
    /** Devices with something open here (re-checked when revocation signals may have been missed). */
    devicesWithOpenRequests: (): string[] => [...open.keys()],
  };
}
export type DeviceCutoff = ReturnType<typeof createDeviceCutoff>;
