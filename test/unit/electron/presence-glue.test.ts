import { EventEmitter } from 'node:events';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeElectron } from './fake-electron';
import { createPresenceMonitor } from '../../../src-main/activity/presence-monitor';
import type { Presence } from '../../../src-preload/contract/sync-cadence';

/** The shared fake plus Electron's powerMonitor: its events and the system's idle time. */
function createPresenceFake() {
  const base = createFakeElectron();
  const powerMonitor = Object.assign(new EventEmitter(), {
    idleSeconds: 0,
    getSystemIdleTime: (): number => powerMonitor.idleSeconds,
    getSystemIdleState: (): string => 'active',
  });
  return { ...base, module: { ...base.module, powerMonitor }, powerMonitor };
}

let fake = createPresenceFake();
vi.mock('electron', () => ({
  get app() {
    return fake.module.app;
  },
  get BrowserWindow() {
    return fake.module.BrowserWindow;
  },
  get powerMonitor() {
    return fake.module.powerMonitor;
  },
}));

beforeEach(() => {
  fake = createPresenceFake();
  vi.resetModules();
});

/** A window as Electron's glue sees it: its events and how it is now. */
function fakeWindow(now: { visible: boolean; minimized: boolean; focused: boolean }) {
  return Object.assign(new EventEmitter(), {
    isVisible: () => now.visible,
    isMinimized: () => now.minimized,
    isFocused: () => now.focused,
  });
}

async function install() {
  const { installPresence, watchPresenceOf, electronSystemIdleSeconds } =
    await import('../../../src-main/electron/presence');
  const emitted: Presence[] = [];
  const polls: (() => void)[] = [];
  const presence = createPresenceMonitor({
    systemIdleSeconds: electronSystemIdleSeconds,
    timer: { every: (_ms, run) => (polls.push(run), () => undefined) },
    emit: (now) => emitted.push(now),
  });
  presence.start();
  installPresence({ presence });
  return { presence, emitted, polls, watch: (w: EventEmitter) => watchPresenceOf({ presence }, w as never) };
}

describe('presence glue', () => {
  it("feeds powerMonitor's sleep and lock events to the monitor", async () => {
    const { presence, emitted } = await install();
    fake.powerMonitor.emit('lock-screen');
    expect(presence.current()).toBe('asleep');
    fake.powerMonitor.emit('unlock-screen');
    fake.powerMonitor.emit('suspend');
    fake.powerMonitor.emit('resume');
    expect(emitted).toEqual(['asleep', 'active', 'asleep', 'active']);
  });

  it('polls powerMonitor.getSystemIdleTime: five minutes without input is idle', async () => {
    const { presence, polls } = await install();
    fake.powerMonitor.idleSeconds = 301;
    polls.forEach((poll) => poll());
    expect(presence.current()).toBe('idle');
  });

  it("starts from the window's state (created hidden), then follows its show, focus, blur, minimise and restore", async () => {
    const { presence, emitted, watch } = await install();
    const window = fakeWindow({ visible: false, minimized: false, focused: false });
    watch(window);
    expect(presence.current()).toBe('hidden');
    window.emit('show');
    window.emit('focus');
    expect(presence.current()).toBe('active');
    window.emit('blur');
    window.emit('minimize');
    window.emit('restore');
    window.emit('focus');
    window.emit('hide');
    expect(emitted).toEqual(['hidden', 'idle', 'active', 'idle', 'hidden', 'idle', 'active', 'hidden']);
  });

  it('takes a minimised window as hidden even if Electron calls it visible', async () => {
    const { presence, watch } = await install();
    watch(fakeWindow({ visible: true, minimized: true, focused: false }));
    expect(presence.current()).toBe('hidden');
  });
});
