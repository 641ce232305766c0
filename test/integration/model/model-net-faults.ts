/**
 * Failures the practice cannot inject because they happen on the laptop's side of the wire, queued one
 * at a time for main's fetch (in Node's shape; the Electron wrapper outside turns them into Chromium's):
 * - unreachable-connect: EHOSTUNREACH while connecting (syscall 'connect'): nothing left the laptop.
 * - unreachable-read: the request went out and the practice applied it, then EHOSTUNREACH while reading
 *   the answer (syscall 'read'): a route that vanished mid-request.
 * - reset-after-body: a reused connection reset once the answer's body was read to its end.
 */
export const netFaultKinds = ['unreachable-connect', 'unreachable-read', 'reset-after-body'] as const;
export type NetFaultKind = (typeof netFaultKinds)[number];

interface NetFault {
  kind: NetFaultKind;
  method: string;
  path: RegExp;
}

/** Node's fetch (undici) rejects with a TypeError whose cause is the socket's system error. */
function systemError(code: string, syscall: 'connect' | 'read'): TypeError {
  const cause = Object.assign(new Error(`${syscall} ${code} 127.0.0.1`), { code, errno: -113, syscall });
  return new TypeError('fetch failed', { cause });
}

/** A body that gives every byte, then fails as a reset socket does instead of ending. */
function resetAfterBody(response: Response): Response {
  const reader = response.body!.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.error(systemError('ECONNRESET', 'read'));
      else controller.enqueue(value);
    },
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** `suspended`: while main connects again after a restart (that is not the request a fault was queued for). */
export function createNetFaults(suspended: () => boolean = () => false) {
  const queued: NetFault[] = [];
  const pathOf = (input: Parameters<typeof fetch>[0]) =>
    new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url).pathname;
  return {
    add(kind: NetFaultKind, match: { method: string; path: RegExp }): void {
      queued.push({ kind, ...match });
    },
    pending: () => queued.length,
    clear: () => void (queued.length = 0),
    wrap(base: typeof globalThis.fetch): typeof globalThis.fetch {
      return async (input, init) => {
        const method = (init?.method ?? 'GET').toUpperCase();
        const path = pathOf(input);
        const index = suspended() ? -1 : queued.findIndex((f) => f.method === method && f.path.test(path));
        if (index < 0) return base(input, init);
        const [fault] = queued.splice(index, 1);
        if (fault!.kind === 'unreachable-connect') throw systemError('EHOSTUNREACH', 'connect');
        const response = await base(input, init);
        if (fault!.kind === 'reset-after-body' && response.body) return resetAfterBody(response);
        // The answer was on its way; the route to the practice went away before it arrived.
        await response.body?.cancel().catch(() => undefined);
        throw systemError('EHOSTUNREACH', 'read');
      };
    },
  };
}
export type NetFaults = ReturnType<typeof createNetFaults>;
