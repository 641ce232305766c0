import { describe, expect, it, vi } from 'vitest';
import { updateStatusSchema, type UpdateStatus } from '../../../src-preload/contract/desktop';
import {
  createUpdatePolicy,
  type Updater,
  type UpdaterEvent,
  type UpdateSource,
} from '../../../src-main/updates/update-policy';

const HOUR = 3_600_000;
const START = Date.parse('2026-03-02T09:00:00.000Z');

/** An updater whose checks wait until the test answers them, and whose events the test sends. */
function fakeUpdater() {
  const listeners = new Set<(event: UpdaterEvent) => void>();
  const pending: { resolve: (value: unknown) => void; reject: (error: unknown) => void }[] = [];
  const updater: Updater & { checks: number } = {
    checks: 0,
    autoInstallOnAppQuit: false,
    checkForUpdates: () => {
      updater.checks += 1;
      return new Promise((resolve, reject) => pending.push({ resolve, reject }));
    },
    quitAndInstall: vi.fn(),
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const send = (event: UpdaterEvent): void => listeners.forEach((listener) => listener(event));
  return {
    updater,
    send,
    /** The feed answers the oldest check: events first, then the promise, as electron-updater does. */
    async answer(...events: UpdaterEvent[]) {
      events.forEach(send);
      pending.shift()?.resolve({});
      await Promise.resolve();
    },
    async reject(error: unknown) {
      send({ type: 'error', error });
      pending.shift()?.reject(error);
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

function setup(options: { online?: boolean; source?: UpdateSource } = {}) {
  const fake = fakeUpdater();
  let now = START;
  let online = options.online ?? true;
  let busy = false;
  const ticks: (() => void)[] = [];
  const emitted: UpdateStatus[] = [];
  const policy = createUpdatePolicy({
    source: options.source ?? { feed: 'configured', updater: fake.updater },
    isOnline: () => online,
    isBusy: () => busy,
    clock: { now: () => new Date(now) },
    timer: { every: (_ms, run) => (ticks.push(run), () => ticks.splice(ticks.indexOf(run), 1)) },
    emit: (status) => emitted.push(updateStatusSchema.parse(status)),
  });
  return {
    fake,
    policy,
    emitted,
    /** Moves the clock and lets the policy's poll run, as the real interval would. */
    advance(ms: number) {
      now += ms;
      ticks.forEach((tick) => tick());
    },
    setOnline(value: boolean) {
      online = value;
      policy.connectivityChanged();
    },
    setBusy(value: boolean) {
      busy = value;
      policy.activityChanged();
    },
  };
}

describe('update policy', () => {
  it('checks at start, downloads in the background and becomes ready with the version', async () => {
    const t = setup();
    t.policy.start();
    expect(t.fake.updater.checks).toBe(1);
    expect(t.policy.status().state).toBe('checking');
    await t.fake.answer({ type: 'checking' }, { type: 'available', version: '1.4.0' });
    expect(t.policy.status()).toMatchObject({ state: 'downloading', version: '1.4.0', percent: 0 });
    t.fake.send({ type: 'progress', percent: 41.7 });
    expect(t.policy.status().percent).toBe(41);
    t.fake.send({ type: 'downloaded', version: '1.4.0' });
    expect(t.policy.status()).toMatchObject({
      state: 'ready',
      version: '1.4.0',
      percent: null,
      restartDeferred: false,
    });
    expect(t.policy.status().message).toContain('Version 1.4.0 is ready');
    // Each change was told to the window once, in the contract's shape.
    expect(t.emitted.map((s) => s.state)).toEqual(['checking', 'downloading', 'downloading', 'ready']);
    // A downloaded update needs no more checks.
    t.advance(5 * HOUR);
    expect(t.fake.updater.checks).toBe(1);
  });

  it('checks again every 4 hours, not sooner', async () => {
    const t = setup();
    t.policy.start();
    await t.fake.answer({ type: 'not-available' });
    expect(t.policy.status()).toMatchObject({
      state: 'idle',
      message: 'Practice Companion is up to date.',
      lastCheckedAt: '2026-03-02T09:00:00.000Z',
    });
    t.advance(4 * HOUR - 60_000);
    expect(t.fake.updater.checks).toBe(1);
    t.advance(60_000);
    expect(t.fake.updater.checks).toBe(2);
    await t.fake.answer({ type: 'not-available' });
    t.advance(4 * HOUR);
    expect(t.fake.updater.checks).toBe(3);
  });

  it('turns a failure into a sentence without the raw error, and retries at the next interval', async () => {
    const t = setup();
    t.policy.start();
    await t.fake.reject(new Error('net::ERR_CONNECTION_REFUSED https://updates.example/latest.yml /tmp/x'));
    const status = t.policy.status();
    expect(status.state).toBe('error');
    expect(status.message).toBe('Could not check for updates. Practice Companion will try again in 4 hours.');
    expect(status.message).not.toMatch(/https?:|\/tmp|ERR_/);
    t.advance(2 * HOUR);
    expect(t.fake.updater.checks).toBe(1);
    t.advance(2 * HOUR);
    expect(t.fake.updater.checks).toBe(2);
    await t.fake.answer({ type: 'available', version: '2.0.0' });
    t.fake.send({ type: 'error', error: new Error('sha512 checksum mismatch') });
    expect(t.policy.status()).toMatchObject({
      state: 'error',
      message: 'The update could not be downloaded. Practice Companion will try again in 4 hours.',
    });
  });

  it('does not check while offline, and checks when back online if a check is due', async () => {
    const t = setup({ online: false });
    t.policy.start();
    t.advance(HOUR);
    expect(t.fake.updater.checks).toBe(0);
    expect(t.policy.status().state).toBe('idle');
    t.setOnline(true);
    expect(t.fake.updater.checks).toBe(1);
    await t.fake.answer({ type: 'not-available' });
    // Offline when the next check comes due: it waits, then runs as soon as main is online again.
    t.setOnline(false);
    t.advance(5 * HOUR);
    expect(t.fake.updater.checks).toBe(1);
    t.setOnline(true);
    expect(t.fake.updater.checks).toBe(2);
  });

  it('retries a check that failed because main went offline as soon as it is back online', async () => {
    const t = setup();
    t.policy.start();
    t.setOnline(false);
    await t.fake.reject(new Error('net::ERR_INTERNET_DISCONNECTED'));
    expect(t.policy.status().message).toBe(
      'Could not check for updates. Practice Companion will try again when this laptop is back online.',
    );
    t.advance(60_000);
    expect(t.fake.updater.checks).toBe(1);
    t.setOnline(true);
    expect(t.fake.updater.checks).toBe(2);
  });

  async function ready() {
    const t = setup();
    t.policy.start();
    await t.fake.answer({ type: 'available', version: '1.4.0' }, { type: 'downloaded', version: '1.4.0' });
    return t;
  }

  it('refuses to restart while an action is sending, keeps the update for quit, and never restarts on its own', async () => {
    const t = await ready();
    t.setBusy(true);
    const answer = t.policy.restartToUpdate();
    expect(answer.restarting).toBe(false);
    expect(answer.reason).toContain('An action is being sent or a meeting pack is downloading');
    expect(answer.reason).toContain('installs when you quit');
    expect(t.policy.status()).toMatchObject({ state: 'ready', restartDeferred: true, message: answer.reason });
    expect(t.emitted.at(-1)?.restartDeferred).toBe(true);
    expect(t.fake.updater.autoInstallOnAppQuit).toBe(true);
    expect(t.fake.updater.quitAndInstall).not.toHaveBeenCalled();
    // Idle again: the window is told it may restart now, but the app does not restart by itself.
    t.setBusy(false);
    expect(t.fake.updater.quitAndInstall).not.toHaveBeenCalled();
    expect(t.policy.status()).toMatchObject({ restartDeferred: true });
    expect(t.policy.status().message).toContain('nothing is being sent now');
    expect(t.fake.updater.autoInstallOnAppQuit).toBe(true);
  });

  it('restarts to update once when idle', async () => {
    const t = await ready();
    expect(t.policy.restartToUpdate()).toEqual({ restarting: true, reason: null });
    expect(t.fake.updater.quitAndInstall).toHaveBeenCalledTimes(1);
  });

  it('says so when the installer cannot be started, and leaves the update for quit', async () => {
    const t = await ready();
    vi.mocked(t.fake.updater.quitAndInstall).mockImplementation(() => {
      throw new Error('spawn /opt/x ENOENT');
    });
    const answer = t.policy.restartToUpdate();
    expect(answer).toEqual({
      restarting: false,
      reason: 'The update could not be installed now. It installs when you quit Practice Companion.',
    });
    expect(t.policy.status()).toMatchObject({ state: 'ready', restartDeferred: true });
  });

  it('has nothing to restart for before an update is downloaded', () => {
    const t = setup();
    t.policy.start();
    expect(t.policy.restartToUpdate()).toEqual({
      restarting: false,
      reason: 'There is no downloaded update to install yet.',
    });
    expect(t.fake.updater.quitAndInstall).not.toHaveBeenCalled();
  });

  it('is off with a sentence when the build has no feed, and never checks', () => {
    const noFeed = setup({ source: { feed: 'none', reason: 'no-feed' } });
    noFeed.policy.start();
    noFeed.advance(10 * HOUR);
    expect(noFeed.fake.updater.checks).toBe(0);
    expect(noFeed.policy.status()).toEqual({
      state: 'off',
      version: null,
      percent: null,
      message:
        'Updates are off: this copy was built without an update address. Your administrator installs new versions.',
      restartDeferred: false,
      lastCheckedAt: null,
    });
    expect(noFeed.policy.restartToUpdate().restarting).toBe(false);
    const preview = setup({ source: { feed: 'none', reason: 'not-set-up' } });
    expect(preview.policy.status().message).toBe('Updates are not set up in this build.');
    expect(setup({ source: { feed: 'none', reason: 'not-packaged' } }).policy.status().state).toBe('off');
  });

  it('treats a check that ends without any event as up to date', async () => {
    const t = setup();
    t.policy.start();
    await t.fake.answer();
    expect(t.policy.status().state).toBe('idle');
  });
});

describe('update policy where nothing verifies a downloaded package (Linux)', () => {
  function notifyOnly() {
    const fake = fakeUpdater();
    const t = setup({
      source: {
        feed: 'configured',
        updater: fake.updater,
        notifyOnly: { downloadPage: 'https://updates.example/feed/' },
      },
    });
    return { ...t, fake };
  }

  it('announces a new version and where to get it; nothing downloads, installs at quit or restarts', async () => {
    const t = notifyOnly();
    t.policy.start();
    expect(t.fake.updater.autoInstallOnAppQuit).toBe(false);
    await t.fake.answer({ type: 'checking' }, { type: 'available', version: '1.4.0' });
    expect(t.policy.status()).toMatchObject({ state: 'idle', version: '1.4.0', percent: null });
    expect(t.policy.status().message).toContain('Version 1.4.0 is available');
    expect(t.policy.status().message).toContain('get it from https://updates.example/feed/');
    t.fake.send({ type: 'downloaded', version: '1.4.0' });
    expect(t.policy.status().state).toBe('idle');
    expect(t.policy.restartToUpdate()).toMatchObject({ restarting: false });
    expect(t.fake.updater.quitAndInstall).not.toHaveBeenCalled();
    expect(t.fake.updater.autoInstallOnAppQuit).toBe(false);
    // Still checked every 4 hours, so a later version is announced too.
    t.advance(4 * HOUR);
    expect(t.fake.updater.checks).toBe(2);
  });

  it('says why updates are off for a feed that is not https, or a Windows build with no publisher', () => {
    for (const reason of ['insecure-feed', 'unsigned-windows', 'invalid-feed'] as const) {
      const t = setup({ source: { feed: 'none', reason } });
      t.policy.start();
      expect(t.policy.status()).toMatchObject({ state: 'off', message: expect.stringMatching(/^Updates are off: /) });
      expect(t.policy.restartToUpdate().restarting).toBe(false);
    }
  });
});
