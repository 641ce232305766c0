import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createConnectivityMonitor } from '../../../src-main/connectivity/connectivity-monitor';

describe('connectivity monitor', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reports only changes, probing on an interval', async () => {
    let up = true;
    const changes: boolean[] = [];
    const monitor = createConnectivityMonitor({
      probe: async () => up,
      clock: { now: () => new Date('2026-11-20T10:00:00Z') },
      intervalMs: 1000,
      onChange: (state) => changes.push(state.online),
    });
    monitor.start();
    await vi.advanceTimersByTimeAsync(3000);
    expect(changes).toEqual([]);
    up = false;
    await vi.advanceTimersByTimeAsync(1000);
    await vi.advanceTimersByTimeAsync(1000);
    up = true;
    await vi.advanceTimersByTimeAsync(1000);
    expect(changes).toEqual([false, true]);
    monitor.stop();
  });

  it('treats a probe that throws as offline, and stamps the check time from the injected clock', async () => {
    const monitor = createConnectivityMonitor({
      probe: async () => {
        throw new Error('no route to host');
      },
      clock: { now: () => new Date('2026-11-20T10:00:00Z') },
      intervalMs: 1000,
      onChange: () => undefined,
    });
    await expect(monitor.check()).resolves.toEqual({ online: false, checkedAt: '2026-11-20T10:00:00.000Z' });
  });

  it('probes at once when a request fails at the network level, one probe for a burst of failures', async () => {
    let probes = 0;
    const changes: boolean[] = [];
    const monitor = createConnectivityMonitor({
      probe: async () => {
        probes++;
        await new Promise((resolve) => setTimeout(resolve, 50));
        return false;
      },
      clock: { now: () => new Date('2026-11-20T10:00:00Z') },
      intervalMs: 60_000,
      onChange: (state) => changes.push(state.online),
    });
    monitor.reportFailure();
    monitor.reportFailure();
    monitor.reportFailure();
    await vi.advanceTimersByTimeAsync(60);
    expect(probes).toBe(1);
    expect(changes).toEqual([false]); // shown within a moment, not at the next interval
    monitor.reportFailure();
    await vi.advanceTimersByTimeAsync(60);
    expect(probes).toBe(2);
    expect(changes).toEqual([false]); // still offline: no repeated notice
  });
});

