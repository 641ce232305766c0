import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLiveUpdates, type HubStreamTarget } from '../../../src-main/practice-session/live-updates';

const target: HubStreamTarget = {
  practiceKey: '2b0f3c1e-8a4d-4f6b-9c2e-5d7a1b3c4e5f',
  baseUrl: 'http://127.0.0.1:4100',
  deviceId: '0d6f0c53-1d4e-4f61-9a3e-6c1f7b2a8e90',
  token: 'device-token-abcdefghijklmnop',
};
const client = '7d3e9a10-4c2b-4e8f-a1d5-0b6c8e2f4a91';

/** A fake hub: each request gets a stream the test writes to, ends or fails; or a status with no stream. */
function fakeHub() {
  const calls: { headers: Record<string, string>; signal: AbortSignal }[] = [];
  const streams: ReadableStreamDefaultController<Uint8Array>[] = [];
  const answers: (number | 'stream')[] = [];
  const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    const signal = init!.signal!;
    calls.push({ headers: init!.headers as Record<string, string>, signal });
    const answer = answers.shift() ?? 'stream';
    if (answer !== 'stream') return new Response('no', { status: answer });
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        streams.push(controller);
        signal.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  });
  const encoder = new TextEncoder();
  return {
    fetch: fetch as unknown as typeof globalThis.fetch,
    calls,
    answers,
    send: (text: string) => streams.at(-1)!.enqueue(encoder.encode(text)),
    end: () => streams.at(-1)!.close(),
  };
}

function start(
  hub: ReturnType<typeof fakeHub>,
  active: HubStreamTarget | null = target,
  syncPoked?: (practiceKey: string, lists: readonly string[]) => boolean,
) {
  const emitted: { event: string; payload: unknown }[] = [];
  let current = active;
  const live = createLiveUpdates({
    fetch: hub.fetch,
    events: { emit: (event, payload) => void emitted.push({ event, payload }) },
    target: () => current,
    minRetryMs: 1_000,
    maxRetryMs: 8_000,
    idleMs: 60_000,
    random: () => 0,
    ...(syncPoked ? { syncPoked } : {}),
  });
  return {
    live,
    emitted,
    states: () => emitted.filter((e) => e.event === 'sync.live').map((e) => (e.payload as { state: string }).state),
    pokes: () => emitted.filter((e) => e.event === 'sync.poke').map((e) => e.payload),
    setActive: (next: HubStreamTarget | null) => (current = next),
  };
}

/** Lets the stream's reads and the handlers' promises run. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => void vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
afterEach(() => void vi.useRealTimers());

describe('live updates from the practice hub, in main', () => {
  it('opens the stream with the device’s headers, says it is on, and relays each poke', async () => {
    const hub = fakeHub();
    const { live, states, pokes } = start(hub);
    live.follow();
    await settle();
    expect(hub.calls).toHaveLength(1);
    expect(hub.calls[0]!.headers).toMatchObject({
      accept: 'text/event-stream',
      'X-Svc-Auth-ID': target.deviceId,
      'X-Svc-Auth-Key': target.token,
    });
    expect(hub.calls[0]!.headers['Last-Event-ID']).toBeUndefined();
    hub.send('retry: 2000\nid: 5\nevent: ready\ndata: {"seq":5}\n\n');
    await settle();
    expect(live.status()).toEqual({ practiceKey: target.practiceKey, state: 'on' });
    hub.send(`id: 6\nevent: poke\ndata: {"seq":6,"lists":["proposals"],"clients":["${client}"]}\n\n`);
    // A poke that is not one (another shape) is dropped, not relayed.
    hub.send('id: 7\nevent: poke\ndata: {"seq":"seven"}\n\n');
    await settle();
    expect(pokes()).toEqual([
      { practiceKey: target.practiceKey, seq: 6, lists: ['proposals'], clients: [client], listsSyncing: false },
    ]);
    expect(states()).toEqual(['connecting', 'on']);
    await live.stop();
  });

  it('starts the sync of the lists a poke names, and says so to the window', async () => {
    const hub = fakeHub();
    const asked: { practiceKey: string; lists: readonly string[] }[] = [];
    const { live, pokes } = start(hub, target, (practiceKey, lists) => {
      asked.push({ practiceKey, lists });
      return lists.includes('entities');
    });
    live.follow();
    await settle();
    hub.send('id: 5\nevent: ready\ndata: {"seq":5}\n\n');
    hub.send(`id: 6\nevent: poke\ndata: {"seq":6,"lists":["entities"],"clients":["${client}"]}\n\n`);
    // Main could not (it knows no cursors of the window's): the window is told to start the run.
    hub.send('id: 7\nevent: poke\ndata: {"seq":7,"lists":["contacts"],"clients":[]}\n\n');
    // A poke naming no list starts nothing.
    hub.send(`id: 8\nevent: poke\ndata: {"seq":8,"lists":[],"clients":["${client}"]}\n\n`);
    await settle();
    expect(asked).toEqual([
      { practiceKey: target.practiceKey, lists: ['entities'] },
      { practiceKey: target.practiceKey, lists: ['contacts'] },
    ]);
    expect(pokes()).toMatchObject([
      { seq: 6, listsSyncing: true },
      { seq: 7, listsSyncing: false },
      { seq: 8, listsSyncing: false },
    ]);
    await live.stop();
  });

  it('reconnects after a drop with Last-Event-ID, waiting longer after each failed try', async () => {
    const hub = fakeHub();
    const { live, states } = start(hub);
    live.follow();
    await settle();
    hub.send('id: 5\nevent: ready\ndata: {"seq":5}\n\nid: 9\nevent: poke\ndata: {"seq":9,"lists":[],"clients":[]}\n\n');
    await settle();
    hub.end();
    hub.answers.push(503, 503);
    await settle();
    expect(live.status().state).toBe('retrying');
    // First wait after a stream that was open: 1 s; then 2 s and 4 s while the hub refuses.
    await vi.advanceTimersByTimeAsync(999);
    expect(hub.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(hub.calls).toHaveLength(2);
    expect(hub.calls[1]!.headers['Last-Event-ID']).toBe('9');
    await vi.advanceTimersByTimeAsync(1_999);
    expect(hub.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(hub.calls).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(hub.calls).toHaveLength(4);
    expect(hub.calls[3]!.headers['Last-Event-ID']).toBe('9');
    hub.send('id: 9\nevent: ready\ndata: {"seq":9}\n\n');
    await settle();
    expect(states()).toEqual(['connecting', 'on', 'retrying', 'on']);
    await live.stop();
  });

  it('takes a silent stream for dead and opens another', async () => {
    const hub = fakeHub();
    const { live } = start(hub);
    live.follow();
    await settle();
    hub.send('id: 1\nevent: ready\ndata: {"seq":1}\n\n');
    await settle();
    await vi.advanceTimersByTimeAsync(59_000);
    hub.send(': heartbeat\n\n');
    await settle();
    await vi.advanceTimersByTimeAsync(59_000);
    expect(hub.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(hub.calls[0]!.signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(hub.calls).toHaveLength(2);
    await live.stop();
  });

  it('stops on sign-out (or another practice) with no timer left and no request after', async () => {
    const hub = fakeHub();
    const { live, setActive } = start(hub);
    live.follow();
    await settle();
    hub.answers.push(503);
    hub.end();
    await settle();
    expect(vi.getTimerCount()).toBeGreaterThan(0);
    setActive(null);
    live.follow();
    await settle();
    expect(live.status()).toEqual({ practiceKey: null, state: 'off' });
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(hub.calls).toHaveLength(1);
    // An open stream is closed by stop too.
    setActive(target);
    live.follow();
    await settle();
    expect(hub.calls).toHaveLength(2);
    await live.stop();
    expect(hub.calls[1]!.signal.aborted).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('opens nothing for a practice read directly, and keeps one stream while the practice stays', async () => {
    const hub = fakeHub();
    const { live } = start(hub, null);
    live.follow();
    await settle();
    expect(hub.calls).toHaveLength(0);
    const withHub = start(hub);
    withHub.live.follow();
    withHub.live.follow();
    await settle();
    expect(hub.calls).toHaveLength(1);
    await withHub.live.stop();
  });
});
