import { describe, expect, it, vi } from 'vitest';
import { createEventHub } from '../../../src-main/ipc/event-hub';
import {
  createLoggingHandlers,
  RENDERER_ERRORS_PER_MINUTE,
  type LoggingHandlerDeps,
} from '../../../src-main/logging/desktop-logging';
import { createMemoryLogger, type DiagnosticLogger } from '../../../src-main/logging/logger';
import { BASIC, SECRET, SIGNED_URL } from './secret-samples';

const practiceKey = '0b6f5d1e-8a0c-4f7e-9a8b-2c3d4e5f6a7b';

function handlers(overrides: Partial<LoggingHandlerDeps> = {}, log: DiagnosticLogger = createMemoryLogger()) {
  const now = { t: 0 };
  const events = createEventHub();
  const deps: LoggingHandlerDeps = {
    log,
    now: () => now.t,
    appInfo: () => ({
      name: 'Practice Companion',
      version: '1.2.3',
      platform: 'linux',
      arch: 'x64',
      runtime: 'electron',
      versions: { electron: '45.4.1', chrome: '142.0', node: '22.1.0' },
      paths: { userData: '/u', logs: '/u/logs' },
    }),
    storage: async () => ({ secure: false, backend: 'basic_text' }),
    connectivity: () => ({ online: false, reason: 'no-network', checkedAt: '2026-11-23T10:00:00.000Z' }),
    practices: async () => ({
      activePracticeKey: practiceKey,
      practices: [
        {
          practiceKey,
          name: 'Demo Practice ANZ',
          region: 'ANZ',
          canWrite: true,
          isDemo: true,
          storage: 'session-only',
          problem: null,
          through: 'partner-api',
        },
      ],
    }),
    budget: () => ({
      remaining: { minute: 55, hour: 900, day: 9000 },
      limits: { perMinute: 60, perHour: 1000, perDay: 10000 },
      limitsSource: 'default' as const,
      usage: { thisLaptopLastHour: 40, othersLastHour: 60 },
      cadence: { activePerHour: 56, idlePerHour: 11, laptopsCarried: 16 },
      pausedUntil: null,
      run: null,
    }),
    activity: () => ({
      outboxSending: 0,
      packsDownloading: 0,
      unsentCount: 2,
      needsAttentionCount: 1,
      deliveredSinceReconnect: 0,
    }),
    updateStatus: () => ({
      state: 'off',
      version: null,
      percent: null,
      message: 'Updates are not set up in this build.',
      restartDeferred: false,
      lastCheckedAt: null,
    }),
    events,
    openPath: vi.fn(async () => ''),
    ...overrides,
  };
  return { h: createLoggingHandlers(deps), deps, now, events, log };
}

describe('desktop.logError', () => {
  it('writes the window error to the log, redacted', () => {
    const { h, log } = handlers();
    const message = `TypeError: failed at ${SIGNED_URL}`;
    const report = {
      source: 'error-boundary',
      message,
      stack: `Authorization: Basic ${BASIC}\n at X`,
      route: '#/clients',
    } as const;
    expect(h.logError(report)).toEqual({ logged: true });
    const text = log.recentLines().join('\n');
    expect(text).toContain(
      'Window error (error-boundary) on #/clients: TypeError: failed at https://files.example.com/practice/doc.pdf?[redacted]',
    );
    expect(text).not.toContain(BASIC);
  });

  it('writes at most 30 a minute, then says how many it left out', () => {
    const { h, now, log } = handlers();
    const report = { source: 'error', message: 'loop', stack: null, route: null } as const;
    for (let i = 0; i < RENDERER_ERRORS_PER_MINUTE + 10; i++) h.logError(report);
    expect(log.recentLines()).toHaveLength(RENDERER_ERRORS_PER_MINUTE);
    now.t += 60_000;
    expect(h.logError(report)).toEqual({ logged: true });
    expect(log.recentLines().some((line) => line.includes('10 more in the last minute were not written'))).toBe(true);
  });
});

describe('desktop.diagnostics', () => {
  it('says what support needs: version, platform, storage, connectivity, practice, sync, budget, activity, updates, log lines', async () => {
    const { h, events, log } = handlers();
    log.warn(`request with X-Svc-Auth-Key: ${SECRET}`);
    events.emit('sync.progress', {
      practiceKey,
      running: false,
      lastRunAt: '2026-11-23T09:00:00.000Z',
      budget: null,
      resources: [
        {
          resource: 'entities',
          state: 'failed',
          mode: 'incremental',
          pagesThisRun: 3,
          recordsThisPass: 20,
          rejectedThisRun: 0,
          error: 'The practice did not answer.',
        },
      ],
    });
    const { text } = await h.diagnostics();
    for (const expected of [
      'Practice Companion 1.2.3 (electron)',
      'Platform: linux x64',
      'Electron 45.4.1, Chromium 142.0, Node 22.1.0',
      'basic_text (secure: no)',
      'Connectivity: offline (no-network',
      'Active practice: Demo Practice ANZ (ANZ, demo; kept: session-only)',
      'entities: failed (incremental), 3 pages',
      '55/60 this minute',
      '2 unsent, 1 need attention',
      'Updates: off; Updates are not set up',
      'Last 1 log lines',
      'X-Svc-Auth-Key: [redacted]',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain(SECRET);
  });

  it('still answers when a piece fails, and says it is not known', async () => {
    const { h } = handlers({
      storage: () => Promise.reject(new Error('keychain locked')),
      updateStatus: () => {
        throw new Error('no updater');
      },
    });
    const { text } = await h.diagnostics();
    expect(text).toContain('Saved credentials protected by: not known');
    expect(text).toContain('Updates: not known');
  });
});

describe('desktop.openLogsFolder', () => {
  it('opens the logs folder, and only it', async () => {
    const dir = `${process.env['TMPDIR'] ?? '/tmp'}/pc-logs-open-${process.pid}`;
    const log = { ...createMemoryLogger(), logsDir: dir };
    const { h, deps } = handlers({}, log);
    expect(await h.openLogsFolder()).toEqual({ opened: true, message: null });
    expect(deps.openPath).toHaveBeenCalledWith(dir);
  });

  it('says where the folder is when the OS cannot open it; says so when no logs are kept', async () => {
    const dir = `${process.env['TMPDIR'] ?? '/tmp'}/pc-logs-fail-${process.pid}`;
    const { h } = handlers(
      { openPath: async () => 'No application is associated' },
      { ...createMemoryLogger(), logsDir: dir },
    );
    expect(await h.openLogsFolder()).toEqual({
      opened: false,
      message: `The logs folder could not be opened. It is at ${dir}`,
    });
    expect((await handlers().h.openLogsFolder()).message).toBe('Logs are not kept in this build.');
  });
});
