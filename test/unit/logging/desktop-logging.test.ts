import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import { listCrashDumps } from '../../../src-main/logging/crash-dumps';
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
    writeChosenFile: vi.fn(async () => undefined),
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

describe('crash reports and the support bundle', () => {
  /** A crashDumps folder as Crashpad lays it out, with two dumps of different ages, and a log folder. */
  function folders() {
    const root = mkdtempSync(join(tmpdir(), 'crash-dumps-'));
    const dumps = join(root, 'Crashpad');
    mkdirSync(join(dumps, 'completed'), { recursive: true });
    mkdirSync(join(dumps, 'pending'), { recursive: true });
    writeFileSync(join(dumps, 'completed', 'older.dmp'), new Uint8Array(3000).fill(7));
    utimesSync(
      join(dumps, 'completed', 'older.dmp'),
      new Date('2026-11-28T09:00:00Z'),
      new Date('2026-11-28T09:00:00Z'),
    );
    writeFileSync(join(dumps, 'pending', 'newer.dmp'), new Uint8Array(1500).fill(9));
    utimesSync(join(dumps, 'pending', 'newer.dmp'), new Date('2026-11-29T08:30:00Z'), new Date('2026-11-29T08:30:00Z'));
    writeFileSync(join(dumps, 'settings.dat'), 'not a dump');
    const logs = join(root, 'logs');
    mkdirSync(logs);
    // A line written before a redaction rule existed: the bundle redacts the whole file again.
    writeFileSync(join(logs, 'main.log'), `started\nsent with X-Svc-Auth-Key: ${SECRET}\n`);
    return { root, dumps, logs };
  }

  it('lists the dumps newest first in the diagnostics, and says none when there are none', async () => {
    const { root, dumps } = folders();
    try {
      expect(await listCrashDumps(dumps)).toMatchObject([
        { name: 'newer.dmp', at: '2026-11-29T08:30:00.000Z', bytes: 1500 },
        { name: 'older.dmp', at: '2026-11-28T09:00:00.000Z', bytes: 3000 },
      ]);
      const { text } = await handlers({ crashDumpsDir: dumps }).h.diagnostics();
      expect(text).toContain('Crash reports on this laptop: 2');
      expect(text.indexOf('newer.dmp')).toBeLessThan(text.indexOf('older.dmp'));
      expect((await handlers({ crashDumpsDir: join(root, 'never-made') }).h.diagnostics()).text).toContain(
        'Crash reports on this laptop: none',
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('saves one zip where the user chose: diagnostics, redacted logs and the dumps', async () => {
    const { root, dumps, logs } = folders();
    try {
      const written: { path: string; bytes: Uint8Array }[] = [];
      const log = Object.assign(createMemoryLogger(), { logsDir: logs });
      const { h } = handlers(
        {
          crashDumpsDir: dumps,
          chooseSavePath: async (name) => join(root, name),
          writeChosenFile: async (path, bytes) => void written.push({ path, bytes }),
        },
        log,
      );
      const result = await h.saveSupportBundle();
      expect(result.saved).toBe(true);
      expect(result.message).toContain('2 crash report(s)');
      expect(written).toHaveLength(1);
      expect(written[0]!.path).toBe(join(root, 'practice-companion-support-1970-01-01.zip'));
      const files = unzipSync(written[0]!.bytes);
      expect(Object.keys(files).sort()).toEqual([
        'crash-dumps/newer.dmp',
        'crash-dumps/older.dmp',
        'diagnostics.txt',
        'logs/main.log',
      ]);
      expect(strFromU8(files['diagnostics.txt']!)).toContain('Crash reports on this laptop: 2');
      expect(strFromU8(files['logs/main.log']!)).not.toContain(SECRET);
      expect(files['crash-dumps/older.dmp']).toEqual(new Uint8Array(3000).fill(7));

      // Cancelled in the dialog: nothing written. No dialog in this build: said so.
      expect(await handlers({ chooseSavePath: async () => null }).h.saveSupportBundle()).toEqual({
        saved: false,
        message: 'Not saved.',
      });
      expect((await handlers().h.saveSupportBundle()).saved).toBe(false);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
