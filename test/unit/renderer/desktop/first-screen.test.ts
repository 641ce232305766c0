import { describe, expect, it, vi } from 'vitest';
import { createFirstScreenSignal, type FirstScreenTimers } from '../../../../src-renderer/desktop/first-screen';

function manualTimers() {
  const pending = new Map<number, () => void>();
  const frames: (() => void)[] = [];
  let next = 1;
  const timers: FirstScreenTimers = {
    setTimeout: (callback) => (pending.set(next, callback), next++),
    clearTimeout: (handle) => pending.delete(handle as number),
    afterPaint: (callback) => frames.push(callback),
  };
  const fire = () => [...pending.entries()].forEach(([id, run]) => (pending.delete(id), run()));
  const paint = () => frames.splice(0).forEach((run) => run());
  return { timers, fire, paint, pending };
}

describe('the first screen signal that start-up warm-ups wait for', () => {
  it('holds work until the first screen shows its content, then runs it once', () => {
    const t = manualTimers();
    const signal = createFirstScreenSignal(t.timers);
    const work = vi.fn();
    signal.whenShown(work);
    expect(work).not.toHaveBeenCalled();
    signal.mark();
    signal.mark();
    expect(signal.shown).toBe(true);
    // Not in the task that marked it: the screen's first frame is painted first.
    expect(work).not.toHaveBeenCalled();
    t.paint();
    expect(work).toHaveBeenCalledTimes(1);
    t.paint();
    t.fire(); // the fallback was cleared
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs work at once when the screen has already shown', () => {
    const t = manualTimers();
    const signal = createFirstScreenSignal(t.timers);
    signal.mark();
    t.paint();
    const work = vi.fn();
    signal.whenShown(work);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('lets the work go after the fallback time when no screen marks it', () => {
    const t = manualTimers();
    const signal = createFirstScreenSignal(t.timers);
    const work = vi.fn();
    signal.whenShown(work);
    t.fire();
    expect(work).toHaveBeenCalledTimes(1);
    signal.mark();
    t.paint();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('still runs the work from its fallback when the marked screen never paints (a hidden window)', () => {
    const t = manualTimers();
    const signal = createFirstScreenSignal(t.timers);
    const work = vi.fn();
    signal.whenShown(work);
    signal.mark();
    t.fire();
    expect(work).toHaveBeenCalledTimes(1);
    t.paint();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('can be cancelled', () => {
    const t = manualTimers();
    const signal = createFirstScreenSignal(t.timers);
    const work = vi.fn();
    const cancel = signal.whenShown(work);
    cancel();
    signal.mark();
    t.paint();
    t.fire();
    expect(work).not.toHaveBeenCalled();
    expect(t.pending.size).toBe(0);
  });
});
