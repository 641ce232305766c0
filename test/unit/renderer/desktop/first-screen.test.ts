import { describe, expect, it, vi } from 'vitest';
import { createFirstScreenSignal, type FirstScreenTimers } from '../../../../src-renderer/desktop/first-screen';

function manualTimers() {
  const pending = new Map<number, () => void>();
  let next = 1;
  const timers: FirstScreenTimers = {
    setTimeout: (callback) => (pending.set(next, callback), next++),
    clearTimeout: (handle) => pending.delete(handle as number),
  };
  const fire = () => [...pending.entries()].forEach(([id, run]) => (pending.delete(id), run()));
  return { timers, fire, pending };
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
    expect(work).toHaveBeenCalledTimes(1);
    t.fire(); // the fallback was cleared
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs work at once when the screen has already shown', () => {
    const signal = createFirstScreenSignal(manualTimers().timers);
    signal.mark();
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
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('can be cancelled', () => {
    const t = manualTimers();
    const signal = createFirstScreenSignal(t.timers);
    const work = vi.fn();
    const cancel = signal.whenShown(work);
    cancel();
    signal.mark();
    t.fire();
    expect(work).not.toHaveBeenCalled();
    expect(t.pending.size).toBe(0);
  });
});
