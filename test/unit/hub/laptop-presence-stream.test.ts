import { describe, expect, it } from 'vitest';
import { createLaptopPresence, LAPTOP_ACTIVE_FOR_MS } from '../../../src-main/hub/mirror/laptop-presence';
import { ACTIVE_EVERY_MS, IDLE_EVERY_MS } from '../../../src-preload/contract/sync-cadence';

/** A presence over a fake clock and a fake set of open streams (device ids, one entry per stream). */
function harness() {
  const clock = { now: 0 };
  const open: string[] = [];
  const returns: number[] = [];
  const gone: number[] = [];
  const presence = createLaptopPresence({
    now: () => clock.now,
    openStreams: () => open.length,
    streaming: (device) => open.includes(device),
  });
  presence.listen({ returned: () => returns.push(clock.now), gone: () => gone.push(clock.now) });
  return {
    clock,
    presence,
    returns,
    gone,
    openStream(device: string) {
      open.push(device);
      presence.streamOpened();
    },
    closeStream(device: string) {
      open.splice(open.indexOf(device), 1);
      presence.streamClosed();
    },
  };
}

describe('a laptop on the change stream is there exactly while its stream is open', () => {
  it('is gone the moment its stream closes, whatever it requested while streaming', () => {
    const hub = harness();
    hub.openStream('watcher');
    expect(hub.returns).toEqual([0]); // back after an idle spell: the hub catches up
    expect(hub.presence.mirrorEveryMs()).toBe(ACTIVE_EVERY_MS);
    // Re-reads after pokes, while streaming.
    hub.clock.now = 60_000;
    hub.presence.seen('watcher');
    hub.clock.now = 120_000;
    hub.presence.seen('watcher');
    expect(hub.returns).toEqual([0]);
    hub.closeStream('watcher');
    expect(hub.presence.active()).toBe(false);
    expect(hub.presence.mirrorEveryMs()).toBe(IDLE_EVERY_MS);
    expect(hub.gone).toEqual([120_000]); // the idle interval counts from now
  });

  it('keeps the ten minutes of a laptop that polls without the stream, even when a streaming one leaves', () => {
    const hub = harness();
    hub.presence.seen('poller');
    hub.openStream('watcher');
    expect(hub.returns).toEqual([0]); // the stream found the hub already active
    hub.clock.now = 5 * 60_000;
    hub.closeStream('watcher');
    expect(hub.gone).toEqual([]);
    expect(hub.presence.active()).toBe(true);
    hub.clock.now = LAPTOP_ACTIVE_FOR_MS - 1;
    expect(hub.presence.active()).toBe(true);
    hub.clock.now = LAPTOP_ACTIVE_FOR_MS;
    expect(hub.presence.active()).toBe(false);
  });

  it('counts a request made before the stream opened as polling; a stream opened later is a return only when idle', () => {
    const hub = harness();
    hub.presence.seen('laptop'); // its sync, before it opened the stream
    hub.openStream('laptop');
    hub.closeStream('laptop');
    expect(hub.presence.active()).toBe(true); // within ten minutes of that request
    hub.clock.now = 2 * LAPTOP_ACTIVE_FOR_MS;
    expect(hub.presence.active()).toBe(false);
    hub.openStream('laptop');
    expect(hub.returns).toEqual([0, 2 * LAPTOP_ACTIVE_FOR_MS]);
    // A second stream (another laptop) is no return.
    hub.openStream('other');
    expect(hub.returns).toHaveLength(2);
    hub.closeStream('laptop');
    expect(hub.gone).toEqual([]); // one stream is still open
    hub.closeStream('other');
    expect(hub.gone).toEqual([2 * LAPTOP_ACTIVE_FOR_MS]);
  });
});
