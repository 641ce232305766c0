import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConnectivityReason } from '../../../src-preload/contract/connectivity';
import {
  createConnectivityMonitor,
  type ConnectivityMonitorOptions,
} from '../../../src-main/connectivity/connectivity-monitor';
import type { PracticeProbeResult } from '../../../src-main/connectivity/practice-probe';

/** A monitor over a switchable link and practice; counts probes and records every reported change. */
function harness(overrides: Partial<ConnectivityMonitorOptions> = {}) {
  const world = { link: true, practice: 'answered' as PracticeProbeResult, probes: 0, probeDelayMs: 0 };
  const changes: ConnectivityReason[] = [];
  const monitor = createConnectivityMonitor({
    linkUp: async () => world.link,
    probePractice: async () => {
      world.probes++;
      if (world.probeDelayMs) await new Promise((resolve) => setTimeout(resolve, world.probeDelayMs));
      return world.practice;
    },
    // Fake timers move Date too, so the monitor's idea of "recently" follows the test's time.
    clock: { now: () => new Date() },
    intervalMs: 1000,
    answerFreshMs: 4000,
    onChange: (state) => changes.push(state.reason),
    ...overrides,
  });
  return { world, changes, monitor };
}

describe('connectivity monitor', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-20T10:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('link down is offline at once, without asking the practice', async () => {
    const { world, changes, monitor } = harness();
    world.link = false;
    await expect(monitor.check()).resolves.toEqual({
      online: false,
      reason: 'no-network',
      checkedAt: '2026-11-20T10:00:00.000Z',
    });
    expect(world.probes).toBe(0);
    expect(changes).toEqual(['no-network']);
  });

  it('behind a captive portal (link up, the practice does not answer) it is offline with practice-unreachable', async () => {
    const { world, changes, monitor } = harness();
    world.practice = 'unreachable';
    await expect(monitor.check()).resolves.toMatchObject({ online: false, reason: 'practice-unreachable' });
    expect(world.probes).toBe(1);
    expect(changes).toEqual(['practice-unreachable']);
  });

  it('is online when the link is up and the practice answers the probe', async () => {
    const { world, changes, monitor } = harness();
    await expect(monitor.check()).resolves.toMatchObject({ online: true, reason: 'ok' });
    expect(world.probes).toBe(1);
    expect(changes).toEqual([]); // it started online: no change to report
  });

  it('with no practice connected, link state alone decides', async () => {
    const { world, changes, monitor } = harness();
    world.practice = 'no-practice';
    await expect(monitor.check()).resolves.toMatchObject({ online: true, reason: 'ok' });
    world.link = false;
    await expect(monitor.check()).resolves.toMatchObject({ online: false, reason: 'no-network' });
    expect(changes).toEqual(['no-network']);
  });

  it('recovers by itself: the periodic probe flips back to online when the practice answers again, reporting only changes', async () => {
    const { world, changes, monitor } = harness();
    world.practice = 'unreachable';
    monitor.start();
    await vi.advanceTimersByTimeAsync(3000);
    expect(changes).toEqual(['practice-unreachable']);
    const probesWhileUnreachable = world.probes;
    expect(probesWhileUnreachable).toBe(4); // at start, then every interval: recovery is noticed within one
    world.practice = 'answered';
    await vi.advanceTimersByTimeAsync(1000);
    expect(changes).toEqual(['practice-unreachable', 'ok']);
    expect(monitor.current()).toMatchObject({ online: true, reason: 'ok' });
    monitor.stop();
  });

  it('while the practice answered recently, interval checks do not probe it; the link is still checked', async () => {
    const { world, changes, monitor } = harness();
    monitor.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(world.probes).toBe(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(world.probes).toBe(1); // answered at 0 s, fresh for 4 s
    monitor.reportAnswer(); // a real request was answered at 3 s
    await vi.advanceTimersByTimeAsync(3000);
    expect(world.probes).toBe(1);
    world.link = false;
    await vi.advanceTimersByTimeAsync(1000);
    expect(changes).toEqual(['no-network']);
    world.link = true;
    await vi.advanceTimersByTimeAsync(1000);
    expect(world.probes).toBe(2); // back from no network: the practice must answer again
    expect(changes).toEqual(['no-network', 'ok']);
    monitor.stop();
  });

  it('a failed request re-checks at once, probing even if the practice answered a moment ago; one probe for a burst', async () => {
    const { world, changes, monitor } = harness({ intervalMs: 60_000, answerFreshMs: 240_000 });
    world.probeDelayMs = 50;
    monitor.reportAnswer();
    world.practice = 'unreachable';
    monitor.reportFailure();
    monitor.reportFailure();
    monitor.reportFailure();
    await vi.advanceTimersByTimeAsync(60);
    expect(world.probes).toBe(1);
    expect(changes).toEqual(['practice-unreachable']); // shown within a moment, not at the next interval
    monitor.reportFailure();
    await vi.advanceTimersByTimeAsync(60);
    expect(world.probes).toBe(2);
    expect(changes).toEqual(['practice-unreachable']); // still unreachable: no repeated notice
  });

  it('an answered request makes it online at once, without a probe', async () => {
    const { world, changes, monitor } = harness({ intervalMs: 60_000 });
    world.practice = 'unreachable';
    await monitor.check();
    expect(world.probes).toBe(1);
    monitor.reportAnswer();
    expect(monitor.current()).toMatchObject({ online: true, reason: 'ok' });
    expect(world.probes).toBe(1);
    expect(changes).toEqual(['practice-unreachable', 'ok']);
  });

  it('a probe that fails while a real request gets an answer does not overrule that answer', async () => {
    const { world, monitor } = harness();
    world.practice = 'unreachable';
    world.probeDelayMs = 100;
    const checked = monitor.check();
    await vi.advanceTimersByTimeAsync(50);
    monitor.reportAnswer();
    await vi.advanceTimersByTimeAsync(60);
    await expect(checked).resolves.toMatchObject({ online: true, reason: 'ok' });
  });

  it('treats a link check that throws as no network, and a probe that throws as unreachable', async () => {
    const broken = harness({
      linkUp: async () => {
        throw new Error('no route to host');
      },
    });
    await expect(broken.monitor.check()).resolves.toMatchObject({ online: false, reason: 'no-network' });
    const throwing = harness({
      probePractice: async () => {
        throw new Error('socket hang up');
      },
    });
    await expect(throwing.monitor.check()).resolves.toMatchObject({ online: false, reason: 'practice-unreachable' });
  });

  it('without a practice probe (a host that has none), link state alone decides', async () => {
    let link = true;
    const monitor = createConnectivityMonitor({
      linkUp: async () => link,
      clock: { now: () => new Date() },
      intervalMs: 1000,
      onChange: () => undefined,
    });
    await expect(monitor.check()).resolves.toMatchObject({ online: true, reason: 'ok' });
    link = false;
    await expect(monitor.check()).resolves.toMatchObject({ online: false, reason: 'no-network' });
  });
});
