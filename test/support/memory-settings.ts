/**
 * A settings store in memory that, like the file on disk, keeps copies: what a test reads back is never the
 * object it stored, so a service that mutates what it read cannot pass by accident. `data` lets a test look
 * at (or damage) what was stored.
 */
export function memorySettings() {
  const data = new Map<string, unknown>();
  return {
    get: (k: string) => structuredClone(data.get(k)),
    set: (k: string, v: unknown) => void data.set(k, structuredClone(v)),
    delete: (k: string) => void data.delete(k),
    data,
  };
}
