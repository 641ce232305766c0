import { describe, expect, it } from 'vitest';
import { createPresenceMonitor, IDLE_POLL_MS } from '../../../src-main/activity/presence-monitor';
import type { Presence } from '../../../src-preload/contract/sync-cadence';

/** A monitor on a hand-driven poll and a settable system idle time. */
function monitor(options: { withIdleTime?: boolean } = {}) {
  const emitted: Presence[] = [];
  const polls: { ms: number; run: () => void }[] = [];
  const system = { idleSeconds: 0, locked: false };
  const presence = createPresenceMonitor({
    ...(options.withIdleTime === false
      ? {}
      : { systemIdleSeconds: () => system.idleSeconds, systemLocked: () => system.locked }),
    timer: {
      every(ms, run) {
        const poll = { ms, run };
        polls.push(poll);
        return () => polls.splice(polls.indexOf(poll), 1);
      },
    },
    emit: (now) => emitted.push(now),
  });
  const poll = () => polls.forEach((p) => p.run());
  return { presence, emitted, polls, system, poll };
}

describe('presence from the OS and the window', () => {
  it('is active with a shown, focused window and recent input', () => {
    const { presence, emitted } = monitor();
    presence.start();
    expect(presence.current()).toBe('active');
    expect(emitted).toEqual([]);
  });

  it('is idle when the window loses focus, and active again when it gets it back', () => {
    const { presence, emitted } = monitor();
    presence.windowEvent('blur');
    expect(presence.current()).toBe('idle');
    presence.windowEvent('focus');
    expect(emitted).toEqual(['idle', 'active']);
  });

  it('is idle after five minutes without input anywhere on the system (polled), active at the next input', () => {
    const { presence, emitted, polls, system, poll } = monitor();
    presence.start();
    expect(polls.map((p) => p.ms)).toEqual([IDLE_POLL_MS]);
    system.idleSeconds = 299;
    poll();
    expect(presence.current()).toBe('active');
    system.idleSeconds = 300;
    poll();
    expect(presence.current()).toBe('idle');
    system.idleSeconds = 2;
    poll();
    expect(emitted).toEqual(['idle', 'active']);
  });

  it('is hidden while minimised or hidden, whatever the focus', () => {
    const { presence, emitted } = monitor();
    presence.windowEvent('minimize');
    presence.windowEvent('blur');
    expect(presence.current()).toBe('hidden');
    presence.windowEvent('restore');
    expect(presence.current()).toBe('idle');
    presence.windowEvent('hide');
    presence.windowEvent('show');
    presence.windowEvent('focus');
    expect(emitted).toEqual(['hidden', 'idle', 'hidden', 'idle', 'active']);
  });

  it('is asleep while suspended or locked, above everything else; resume and unlock bring back what the window says', () => {
    const { presence, emitted, system } = monitor();
    presence.windowEvent('minimize');
    system.locked = true; // what the system answers while the screen is locked
    presence.powerEvent('lock-screen');
    presence.powerEvent('suspend');
    expect(presence.current()).toBe('asleep');
    presence.powerEvent('resume');
    expect(presence.current()).toBe('asleep'); // still locked
    system.locked = false;
    presence.powerEvent('unlock-screen');
    expect(presence.current()).toBe('hidden');
    expect(emitted).toEqual(['hidden', 'asleep', 'hidden']);
  });

  it('reads the idle time afresh on resume: input before the sleep no longer counts as recent', () => {
    const { presence, system } = monitor();
    presence.start();
    presence.powerEvent('suspend');
    system.idleSeconds = 3600; // nobody touched it since
    presence.powerEvent('resume');
    expect(presence.current()).toBe('idle');
  });

  it('without the system idle time (the browser preview) polls nothing and stays active', () => {
    const { presence, polls } = monitor({ withIdleTime: false });
    presence.start();
    expect(polls).toEqual([]);
    expect(presence.current()).toBe('active');
  });

  it('takes a new window as it opens (shown later, unfocused), and a closed one as hidden', () => {
    const { presence } = monitor();
    presence.windowOpened({ visible: false, focused: false });
    expect(presence.current()).toBe('hidden');
    presence.windowEvent('show');
    presence.windowEvent('focus');
    expect(presence.current()).toBe('active');
    presence.windowEvent('closed');
    expect(presence.current()).toBe('hidden');
  });

  it('stops polling when stopped', () => {
    const { presence, polls } = monitor();
    presence.start();
    presence.stop();
    expect(polls).toEqual([]);
  });

  it('wakes even when the resume event is missed: two polls prove the laptop is running', () => {
    const { presence, poll } = monitor();
    presence.start();
    presence.powerEvent('suspend');
    expect(presence.current()).toBe('asleep');
    poll(); // may fire just before the laptop sleeps
    expect(presence.current()).toBe('asleep');
    poll();
    expect(presence.current()).toBe('active');
  });

  it('reads a locked screen from the system at start and on each poll, not only from lock events', () => {
    const { presence, poll, system } = monitor();
    system.locked = true;
    presence.start(); // an app restarted behind a locked screen
    expect(presence.current()).toBe('asleep');
    system.locked = false;
    poll();
    expect(presence.current()).toBe('active');
  });
});
