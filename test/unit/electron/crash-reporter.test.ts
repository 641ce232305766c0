import { describe, expect, it, vi } from 'vitest';
import { createFakeElectron } from './fake-electron';

const fake = createFakeElectron();
const crashReporter = { start: vi.fn() };
const getPath = vi.fn((name: string) => `/home/staff/.config/Practice Companion/${name}`);
vi.mock('electron', () => ({
  get app() {
    return Object.assign(fake.module.app, { getPath });
  },
  get crashReporter() {
    return crashReporter;
  },
}));

describe('the crash reporter glue', () => {
  it('keeps minidumps on this laptop only, and names the folder diagnostics read', async () => {
    const { startCrashReporter } = await import('../../../src-main/electron/crash-reporter');
    expect(startCrashReporter()).toBe('/home/staff/.config/Practice Companion/crashDumps');
    expect(crashReporter.start).toHaveBeenCalledTimes(1);
    expect(crashReporter.start.mock.calls[0]![0]).toMatchObject({ uploadToServer: false });
    expect(crashReporter.start.mock.calls[0]![0]).not.toHaveProperty('submitURL');
    expect(getPath).toHaveBeenCalledWith('crashDumps');
  });
});
