import { describe, expect, it } from 'vitest';
import { createSkippableTimer } from '../../support/skippable-timer';

describe('a real-time budget timer a test may move ahead', () => {
  it('runs on real time until skipped, then is that much ahead', async () => {
    const timer = createSkippableTimer();
    const before = Date.now();
    expect(Math.abs(timer.now() - before)).toBeLessThan(50);
    await timer.sleep(30);
    expect(Date.now() - before).toBeGreaterThanOrEqual(25); // a short sleep is slept for real
    timer.skip(60_000);
    expect(timer.now() - Date.now()).toBeGreaterThanOrEqual(59_990);
  });

  it('wakes a sleep due within the skip at once, and leaves a later one asleep for the rest', async () => {
    const timer = createSkippableTimer();
    const woken: string[] = [];
    const minute = timer.sleep(60_000).then(() => woken.push('minute'));
    const hour = timer.sleep(3_600_000).then(() => woken.push('hour'));
    timer.skip(60_000);
    await minute;
    expect(woken).toEqual(['minute']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(woken).toEqual(['minute']);
    timer.skip(3_600_000);
    await hour;
    expect(woken).toEqual(['minute', 'hour']);
  });

  it('rejects an aborted sleep with the signal’s reason, and refuses to move back', async () => {
    const timer = createSkippableTimer();
    const controller = new AbortController();
    const sleeping = timer.sleep(60_000, controller.signal);
    controller.abort(new Error('stopped'));
    await expect(sleeping).rejects.toThrow('stopped');
    expect(() => timer.skip(-1)).toThrow(RangeError);
  });
});
