import { describe, expect, it } from 'vitest';
import { createVirtualTimer } from '../../../../src-main/request-budget/budget-timer';
import { createCoalescingRunner } from '../../../../src-main/hub/work/coalescing-runner';

/** A run the test finishes by hand, counting how many began. */
function heldRuns() {
  const finishers: Array<(error?: Error) => void> = [];
  let began = 0;
  return {
    run: () =>
      new Promise<void>((resolve, reject) => {
        began += 1;
        finishers.push((error) => (error ? reject(error) : resolve()));
      }),
    began: () => began,
    finish(error?: Error) {
      const finish = finishers.shift();
      if (!finish) throw new Error('no run is under way');
      finish(error);
    },
  };
}

/** A few turns of the event loop: the runner's own yield before a run is one. */
const turn = async () => {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
};

describe('the coalescing runner', () => {
  it('runs at once, and asks made while it runs cost one more run, not one each', async () => {
    const clock = createVirtualTimer(0);
    const runs = heldRuns();
    const runner = createCoalescingRunner({ run: runs.run, clock });
    const first = runner.request();
    await turn();
    expect(runs.began()).toBe(1);
    const joined = [runner.request(), runner.request(), runner.request()];
    expect(runner.busy()).toBe(true);
    runs.finish();
    await turn();
    expect(runs.began()).toBe(2);
    runs.finish();
    await Promise.all([first, ...joined]);
    expect(runs.began()).toBe(2);
    expect(runner.busy()).toBe(false);
  });

  it('resolves an ask only after a run that began after it', async () => {
    const clock = createVirtualTimer(0);
    const runs = heldRuns();
    const runner = createCoalescingRunner({ run: runs.run, clock });
    void runner.request();
    await turn();
    let answered = false;
    void runner.request().then(() => (answered = true));
    runs.finish();
    await turn();
    // The first run ended, but it began before the ask: the ask waits for the second.
    expect(answered).toBe(false);
    runs.finish();
    await turn();
    expect(answered).toBe(true);
  });

  it('an ask from inside the run (more work found) costs one more run', async () => {
    const clock = createVirtualTimer(0);
    let runs = 0;
    const runner = createCoalescingRunner({
      clock,
      run: async () => {
        runs += 1;
        if (runs < 3) void runner.request();
      },
    });
    await runner.request();
    expect(runs).toBe(3);
  });

  it('an ask after the last run ended starts a new series rather than joining the ending one', async () => {
    const clock = createVirtualTimer(0);
    let runs = 0;
    let late: Promise<void> | undefined;
    const runner = createCoalescingRunner({ clock, run: async () => void (runs += 1) });
    await runner.request().then(() => {
      late = runner.request();
    });
    await late;
    expect(runs).toBe(2);
  });

  it('waits its delay on the clock before each run, and asks during the wait share the run', async () => {
    const clock = createVirtualTimer(1_000);
    // Held: the virtual clock moves only when the test moves it.
    clock.hold();
    const ranAt: number[] = [];
    const runner = createCoalescingRunner({ clock, delayMs: () => 200, run: async () => void ranAt.push(clock.now()) });
    const asks = [runner.request(), runner.request()];
    await turn();
    expect(ranAt).toEqual([]);
    expect(clock.pendingSleeps()).toBe(1);
    clock.advanceTo(1_199);
    await turn();
    expect(ranAt).toEqual([]);
    clock.advanceTo(1_200);
    await Promise.all(asks);
    expect(ranAt).toEqual([1_200]);
  });

  it('a failed run rejects its asks and ends the series; the next ask runs again', async () => {
    const clock = createVirtualTimer(0);
    const runs = heldRuns();
    const runner = createCoalescingRunner({ run: runs.run, clock });
    const first = runner.request();
    await turn();
    const joined = runner.request();
    runs.finish(new Error('the practice refused'));
    await expect(first).rejects.toThrow('the practice refused');
    await expect(joined).rejects.toThrow('the practice refused');
    expect(runs.began()).toBe(1);
    const next = runner.request();
    await turn();
    runs.finish();
    await next;
    expect(runs.began()).toBe(2);
  });

  it('runs nothing while it may not (a follower, a closing hub), at the ask or when the wait ends', async () => {
    const clock = createVirtualTimer(0);
    clock.hold();
    let may = false;
    let runs = 0;
    const runner = createCoalescingRunner({
      clock,
      delayMs: () => 50,
      mayRun: () => may,
      run: async () => void (runs += 1),
    });
    await runner.request();
    expect(runner.busy()).toBe(false);
    may = true;
    const asked = runner.request();
    may = false;
    clock.advanceTo(50);
    await asked;
    expect(runs).toBe(0);
  });

  it('stop gives up the wait, lets the run under way end, and starts nothing after', async () => {
    const clock = createVirtualTimer(0);
    clock.hold();
    const waiting = createCoalescingRunner({ clock, delayMs: () => 60_000, run: async () => undefined });
    void waiting.request();
    await turn();
    expect(clock.pendingSleeps()).toBe(1);
    await waiting.stop();
    expect(clock.pendingSleeps()).toBe(0);

    const runs = heldRuns();
    const running = createCoalescingRunner({ run: runs.run, clock });
    void running.request();
    await turn();
    void running.request();
    let stopped = false;
    const stopping = running.stop().then(() => (stopped = true));
    await turn();
    expect(stopped).toBe(false);
    runs.finish();
    await stopping;
    // The ask made during the run is not run after a stop.
    expect(runs.began()).toBe(1);
    await running.request();
    expect(runs.began()).toBe(1);
  });

  it('idle resolves once no series runs, whatever their outcome', async () => {
    const clock = createVirtualTimer(0);
    const runs = heldRuns();
    const runner = createCoalescingRunner({ run: runs.run, clock });
    runner.request().catch(() => undefined);
    await turn();
    let idle = false;
    void runner.idle().then(() => (idle = true));
    runs.finish(new Error('failed'));
    await turn();
    expect(idle).toBe(true);
  });
});
