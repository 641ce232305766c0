/**
 * Reads from the practice in flight, one per key: a second ask for the same key while the first is out
 * shares its answer (one request), and an ask after it settled reads again. Built once by the composition
 * root, so every screen of the window shares it (the debtors' movement reads key it by practice and period).
 */
export interface SharedReads {
  once<T>(key: string, read: () => Promise<T>): Promise<T>;
}

export function createSharedReads(): SharedReads {
  const inFlight = new Map<string, Promise<unknown>>();
  return {
    once<T>(key: string, read: () => Promise<T>): Promise<T> {
      let pending = inFlight.get(key) as Promise<T> | undefined;
      if (!pending) {
        pending = read().finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      return pending;
    },
  };
}
