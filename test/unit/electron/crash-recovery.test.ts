import { EventEmitter } from 'node:events';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeElectron, type FakeElectron } from './fake-electron';
import { createCrashPolicy } from '../../../src-main/logging/crash-policy';

let fake: FakeElectron = createFakeElectron();
// The shared fake has no dialog: it is added here, for this file only.
const dialog = { showErrorBox: vi.fn() };
vi.mock('electron', () => ({
  get app() {
    return fake.module.app;
  },
  get dialog() {
    return dialog;
  },
}));

beforeEach(() => {
  fake = createFakeElectron();
  dialog.showErrorBox.mockClear();
  vi.resetModules();
});

describe('the crash policy', () => {
  it('reloads on a first crash, shows the recovery page on a second within a minute, reloads again after a minute', () => {
    const policy = createCrashPolicy();
    expect(policy.onRendererGone(0)).toBe('reload');
    expect(policy.onRendererGone(59_999)).toBe('recovery-page');
    expect(policy.onRendererGone(59_999 + 60_000)).toBe('reload');
    expect(policy.onRendererGone(59_999 + 60_000 + 61_000)).toBe('reload');
  });

  it('stops when the recovery page itself crashes within the minute, instead of looping', () => {
    const policy = createCrashPolicy();
    expect(policy.onRendererGone(0)).toBe('reload');
    expect(policy.onRendererGone(1_000)).toBe('recovery-page');
    expect(policy.onRendererGone(2_000)).toBe('stop');
    expect(policy.onRendererGone(200_000)).toBe('reload');
  });
});

function fakeContents() {
  return Object.assign(new EventEmitter(), { loadURL: vi.fn(async () => undefined), isDestroyed: () => false });
}

async function install(now: { t: number }) {
  const { installCrashRecovery } = await import('../../../src-main/electron/crash-recovery');
  const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const processEvents = new EventEmitter();
  installCrashRecovery({ log, rendererUrl: 'app://renderer/index.html', now: () => now.t, processEvents });
  return { log, processEvents };
}

describe('crash recovery glue (fake Electron)', () => {
  it('logs a crashed renderer and reloads it with the notice flag; a second crash within a minute loads the recovery page', async () => {
    const now = { t: 1_000_000 };
    const { log } = await install(now);
    const contents = fakeContents();
    fake.app.emit('render-process-gone', {}, contents, { reason: 'crashed', exitCode: 139 });
    expect(log.error).toHaveBeenCalledWith(expect.stringContaining('crashed (exit code 139)'));
    expect(contents.loadURL).toHaveBeenLastCalledWith('app://renderer/index.html?restarted=1');
    now.t += 30_000;
    fake.app.emit('render-process-gone', {}, contents, { reason: 'oom', exitCode: 0 });
    expect(contents.loadURL).toHaveBeenLastCalledWith('app://renderer/recovery.html');
    now.t += 61_000;
    fake.app.emit('render-process-gone', {}, contents, { reason: 'crashed', exitCode: 1 });
    expect(contents.loadURL).toHaveBeenLastCalledWith('app://renderer/index.html?restarted=1');
  });

  it('does nothing but log for a clean exit', async () => {
    const { log } = await install({ t: 0 });
    const contents = fakeContents();
    fake.app.emit('render-process-gone', {}, contents, { reason: 'clean-exit', exitCode: 0 });
    expect(contents.loadURL).not.toHaveBeenCalled();
    expect(log.error).toHaveBeenCalled();
  });

  it('logs a child process that is gone (GPU, utility)', async () => {
    const { log } = await install({ t: 0 });
    fake.app.emit('child-process-gone', {}, { type: 'GPU', reason: 'crashed', exitCode: 5 });
    expect(log.warn).toHaveBeenCalledWith('A GPU process is gone: crashed (exit code 5)');
  });

  it('logs and shows an uncaught exception and an unhandled rejection of main; repeats within 30 s are logged, not shown', async () => {
    const now = { t: 0 };
    const { log, processEvents } = await install(now);
    const error = new Error('boom');
    processEvents.emit('uncaughtException', error);
    expect(log.error).toHaveBeenCalledWith('Uncaught exception in main', error);
    expect(dialog.showErrorBox).toHaveBeenCalledTimes(1);
    expect(dialog.showErrorBox.mock.calls[0]![1]).toMatch(/written to the log file/);
    processEvents.emit('unhandledRejection', new Error('again'));
    expect(log.error).toHaveBeenCalledTimes(2);
    expect(dialog.showErrorBox).toHaveBeenCalledTimes(1);
    now.t += 31_000;
    processEvents.emit('unhandledRejection', new Error('later'));
    expect(dialog.showErrorBox).toHaveBeenCalledTimes(2);
  });
});
