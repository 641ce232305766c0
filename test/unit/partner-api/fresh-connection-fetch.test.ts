import { describe, expect, it } from 'vitest';
import { createFreshConnectionFetch } from '../../../src-main/partner-api/fresh-connection-fetch';

/**
 * A pool that writes down what it is asked (closing its connections, each request) and answers each request
 * with a body the test ends when it likes, so the order of closes and sends can be seen.
 */
function recordingPool(options: { failSend?: boolean } = {}) {
  const log: string[] = [];
  const bodies: ReadableStreamDefaultController<Uint8Array>[] = [];
  const pool = {
    closeAllConnections: async () => void log.push('close'),
    fetch: (async (input, init) => {
      log.push(`send ${String(input)}`);
      if (options.failSend) throw new TypeError('fetch failed');
      if (init?.method === 'HEAD') return new Response(null, { status: 204 });
      const body = new ReadableStream<Uint8Array>({ start: (controller) => void bodies.push(controller) });
      return new Response(body, { status: 201, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch,
  };
  return { pool, log, bodies };
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('fresh-connection fetch', () => {
  it('closes every connection of its pool before each request, and passes the answer on whole', async () => {
    const { pool, log, bodies } = recordingPool();
    const send = createFreshConnectionFetch(pool);
    const answer = send('https://p.example/one', { method: 'POST' });
    await settle();
    bodies[0]!.enqueue(new TextEncoder().encode('{"created":'));
    bodies[0]!.enqueue(new TextEncoder().encode('true}'));
    bodies[0]!.close();
    const response = await answer;
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toBe('application/json');
    await expect(response.json()).resolves.toEqual({ created: true });
    await send('https://p.example/two', { method: 'HEAD' });
    expect(log).toEqual(['close', 'send https://p.example/one', 'close', 'send https://p.example/two']);
  });

  it('holds the next request (and its close, which would cut the answer) until the answer before is read to its end', async () => {
    const { pool, log, bodies } = recordingPool();
    const send = createFreshConnectionFetch(pool);
    const first = await (async () => {
      const pending = send('https://p.example/first', { method: 'POST' });
      await settle();
      return pending;
    })();
    const second = send('https://p.example/second', { method: 'POST' });
    const firstBody = first.text();
    await settle();
    expect(log).toEqual(['close', 'send https://p.example/first']);

    bodies[0]!.enqueue(new TextEncoder().encode('done'));
    bodies[0]!.close();
    await expect(firstBody).resolves.toBe('done');
    await settle();
    expect(log).toEqual(['close', 'send https://p.example/first', 'close', 'send https://p.example/second']);
    bodies[1]!.close();
    await second;
  });

  it('lets the next request go when an answer is cancelled unread, its request aborted, or its send failed', async () => {
    const cancelled = recordingPool();
    const sendAfterCancel = createFreshConnectionFetch(cancelled.pool);
    const unread = sendAfterCancel('https://p.example/a', { method: 'POST' });
    await settle();
    await (await unread).body!.cancel();
    const next = sendAfterCancel('https://p.example/b', { method: 'HEAD' });
    await expect(next).resolves.toMatchObject({ status: 204 });

    const aborted = recordingPool();
    const sendAfterAbort = createFreshConnectionFetch(aborted.pool);
    const stop = new AbortController();
    const held = sendAfterAbort('https://p.example/a', { method: 'POST', signal: stop.signal });
    await settle();
    await held; // the answer's body is never read
    stop.abort();
    await expect(sendAfterAbort('https://p.example/b', { method: 'HEAD' })).resolves.toMatchObject({ status: 204 });

    const failing = recordingPool({ failSend: true });
    const sendAfterFailure = createFreshConnectionFetch(failing.pool);
    await expect(sendAfterFailure('https://p.example/a', { method: 'POST' })).rejects.toThrow('fetch failed');
    await expect(sendAfterFailure('https://p.example/b', { method: 'POST' })).rejects.toThrow('fetch failed');
    expect(failing.log).toEqual(['close', 'send https://p.example/a', 'close', 'send https://p.example/b']);
  });
});
