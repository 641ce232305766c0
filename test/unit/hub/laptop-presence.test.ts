import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLaptopPresence, LAPTOP_ACTIVE_FOR_MS } from '../../../src-main/hub/mirror/laptop-presence';
import { createMirrorLoop } from '../../../src-main/hub/mirror/mirror-loop';
import type { SyncEngine } from '../../../src-main/sync/sync-engine';
import { createSkippableTimer } from '../../support/skippable-timer';
import { ACTIVE_EVERY_MS, IDLE_EVERY_MS } from '../../../src-preload/contract/sync-cadence';

afterEach(() => {
  vi.useRealTimers();
});

describe('the hub keeps the laptop cadence: every 5 minutes while laptops use it, hourly while none does', () => {
  it('is active while a stream is open or a request came in the last ten minutes, and says when a laptop returns', () => {
    let now = 0;
    let streams = 0;
    const returns: number[] = [];
    const presence = createLaptopPresence({
      now: () => now,
      openStreams: () => streams,
      streaming: () => false,
    });
    presence.listen({ returned: () => returns.push(now), gone: () => undefined });
    expect(presence.active()).toBe(false);
    expect(presence.mirrorEveryMs()).toBe(IDLE_EVERY_MS);
    presence.seen('laptop-1');
    expect(returns).toEqual([0]);
    expect(presence.mirrorEveryMs()).toBe(ACTIVE_EVERY_MS);
    now = LAPTOP_ACTIVE_FOR_MS - 1;
    presence.seen('laptop-1'); // still active: no second catch-up
    expect(returns).toEqual([0]);
    now += LAPTOP_ACTIVE_FOR_MS;
    expect(presence.active()).toBe(false);
    streams = 1; // a laptop on the change stream sends no requests, and is still there
    expect(presence.active()).toBe(true);
    streams = 0;
    presence.seen('laptop-1');
    expect(returns).toEqual([0, now]);
  });

  it('asks the interval again after every backstop pass, and counts from now when rescheduled', async () => {
    // The loop's timers run on the clock it is given: a test moves that clock instead of waiting.
    const clock = createSkippableTimer();
    const settle = () => new Promise((resolve) => setTimeout(resolve, 30));
    let every = 1_000;
    let runs = 0;
    const engine = { runOnce: async () => void (runs += 1) } as unknown as SyncEngine;
    const loop = createMirrorLoop(engine, { everyMs: () => every, clock });
    loop.start();
    clock.skip(1_000);
    await vi.waitFor(() => expect(runs).toBe(1));
    every = 10_000; // no laptop any more: the next pass waits the idle interval
    clock.skip(1_000);
    await vi.waitFor(() => expect(runs).toBe(2)); // the pass already scheduled keeps its time
    clock.skip(9_000);
    await settle();
    expect(runs).toBe(2);
    every = 1_000; // a laptop is back
    loop.reschedule();
    clock.skip(1_000);
    await vi.waitFor(() => expect(runs).toBe(3));
    await loop.stop();
    clock.skip(5_000);
    await settle();
    expect(runs).toBe(3);
  });
});
