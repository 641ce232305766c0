/** Polls `read` every 50 ms until `ok` holds; fails naming what was awaited and the last value seen. */
export async function waitFor<T>(
  what: string,
  read: () => T | Promise<T>,
  ok: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}; last seen ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Polls `holds` every 50 ms until it is true; fails naming what was awaited. */
export async function waitUntil(
  what: string,
  holds: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
): Promise<void> {
  await waitFor(what, holds, (held) => held, timeoutMs);
}
