import { describe, expect, it } from 'vitest';
import { createVirtualTimer, realTimer } from '../../../src-main/request-budget/budget-timer';
import { expectRejection } from './helpers';

describe('virtual timer', () => {
  it('wakes sleeps in time order, each at its own instant', async () => {
    const timer = createVirtualTimer(1_000);
    const woke: [string, number][] = [];
    const sleepFor = (label: string, ms: number) => timer.sleep(ms).then(() => woke.push([label, timer.now()]));
    await Promise.all([sleepFor('c', 300), sleepFor('a', 100), sleepFor('b', 200)]);
    expect(woke).toEqual([
      ['a', 1_100],
      ['b', 1_200],
      ['c', 1_300],
    ]);
    expect(timer.elapsed()).toBe(300);
    expect(timer.pendingSleeps()).toBe(0);
  });

  it('wakes sleeps due at the same instant in the order they started', async () => {
    const timer = createVirtualTimer(0);
    const woke: number[] = [];
    await Promise.all([5, 1, 4, 2, 3].map((label) => timer.sleep(50).then(() => woke.push(label))));
    expect(woke).toEqual([5, 1, 4, 2, 3]);
  });

  it('runs an awakened waiter to completion before jumping again', async () => {
    const timer = createVirtualTimer(0);
    const woke: string[] = [];
    const chained = (async () => {
      await timer.sleep(100);
      woke.push(`first@${timer.now()}`);
      await timer.sleep(100);
      woke.push(`second@${timer.now()}`);
    })();
    const other = timer.sleep(150).then(() => woke.push(`other@${timer.now()}`));
    await Promise.all([chained, other]);
    expect(woke).toEqual(['first@100', 'other@150', 'second@200']);
  });

  it('holds the clock still while real work is under way, and moves on once every hold is released', async () => {
    const timer = createVirtualTimer(0);
    const releaseA = timer.hold();
    const releaseB = timer.hold();
    let woke = -1;
    const sleeping = timer.sleep(1_000).then(() => {
      woke = timer.now();
    });
    // Real work: several event-loop turns (as an HTTP exchange takes) must not move the clock.
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 2));
    expect(timer.now()).toBe(0);
    releaseA();
    releaseA(); // releasing twice counts once
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(timer.now()).toBe(0);
    releaseB();
    await sleeping;
    expect(woke).toBe(1_000);
  });

  it('never moves the clock by itself and sleep(0) does not move it', async () => {
    const timer = createVirtualTimer(500);
    await new Promise((resolve) => setImmediate(resolve));
    expect(timer.now()).toBe(500);
    await timer.sleep(0);
    await timer.sleep(-10);
    expect(timer.now()).toBe(500);
  });

  it('rejects an aborted sleep with the reason, and the clock never goes to it', async () => {
    const timer = createVirtualTimer(0);
    const controller = new AbortController();
    const long = timer.sleep(10_000, controller.signal);
    const short = timer.sleep(50).then(() => controller.abort(new Error('cancelled')));
    await expect(long).rejects.toThrow('cancelled');
    await short;
    expect(timer.now()).toBe(50);
    expect(timer.pendingSleeps()).toBe(0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(timer.now()).toBe(50);
  });

  it('rejects at once when the signal is already aborted', async () => {
    const timer = createVirtualTimer(0);
    const reason = await expectRejection(timer.sleep(10, AbortSignal.abort('gone')));
    expect(reason).toBe('gone');
    expect(timer.pendingSleeps()).toBe(0);
  });

  it('advanceTo wakes what is due and refuses to go back', async () => {
    const timer = createVirtualTimer(0);
    const woke: number[] = [];
    void timer.sleep(100).then(() => woke.push(timer.now()));
    void timer.sleep(300).then(() => woke.push(timer.now()));
    timer.advanceTo(200);
    await Promise.resolve();
    expect(woke).toEqual([200]);
    expect(() => timer.advanceTo(100)).toThrow(RangeError);
    await new Promise((resolve) => setImmediate(resolve));
    expect(woke).toEqual([200, 300]);
  });
});

describe('real timer', () => {
  it('sleeps for about the time asked and can be aborted', async () => {
    const started = realTimer.now();
    await realTimer.sleep(30);
    expect(realTimer.now() - started).toBeGreaterThanOrEqual(25);

    const controller = new AbortController();
    const abortedAt = realTimer.now();
    const pending = realTimer.sleep(60_000, controller.signal);
    setTimeout(() => controller.abort(new Error('stop')), 10);
    await expect(pending).rejects.toThrow('stop');
    expect(realTimer.now() - abortedAt).toBeLessThan(5_000);
  });
});
