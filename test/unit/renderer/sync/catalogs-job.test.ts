import { describe, expect, it, vi } from 'vitest';
import { createJobRunner } from '../../../../src-renderer/jobs/job-runner';
import { CATALOGS_JOB, createCatalogsJob } from '../../../../src-renderer/sync/catalogs-job';

function setUp() {
  const sync = { running: true, listeners: new Set<() => void>() };
  const syncCatalogs = vi.fn(async () => undefined);
  let practiceKey = 'p1';
  const practiceListeners = new Set<() => void>();
  const runner = createJobRunner({
    activePracticeKey: () => practiceKey,
    subscribePracticeChange: (l) => (practiceListeners.add(l), () => practiceListeners.delete(l)),
    subscribeReconnect: () => () => undefined,
    onError: () => undefined,
  });
  runner.register(
    createCatalogsJob({
      syncRunning: () => sync.running,
      onSyncProgress: (l) => (sync.listeners.add(l), () => sync.listeners.delete(l)),
      syncCatalogs,
    }),
  );
  runner.start();
  const endSync = () => {
    sync.running = false;
    for (const l of [...sync.listeners]) l();
  };
  const switchPractice = () => {
    practiceKey = 'p2';
    for (const l of practiceListeners) l();
  };
  return { runner, sync, syncCatalogs, endSync, switchPractice };
}

describe('the catalogs asked for during a sync run, as a job', () => {
  it('is not run at start; asks of several forms during a run wait for its end and are folded by the runner', async () => {
    const t = setUp();
    await Promise.resolve();
    expect(t.runner.isRunning(CATALOGS_JOB)).toBe(false);
    t.runner.kick(CATALOGS_JOB);
    t.runner.kick(CATALOGS_JOB);
    t.runner.kick(CATALOGS_JOB);
    await new Promise((r) => setTimeout(r, 0));
    expect(t.syncCatalogs).not.toHaveBeenCalled();
    t.endSync();
    await t.runner.idle(CATALOGS_JOB);
    // The first ask, then the one run the runner folded the others into: never one per form.
    expect(t.syncCatalogs).toHaveBeenCalledTimes(2);
    expect(t.sync.listeners.size).toBe(0);
    t.runner.stop();
  });

  it('a practice switch during the wait drops the ask', async () => {
    const t = setUp();
    t.runner.kick(CATALOGS_JOB);
    await new Promise((r) => setTimeout(r, 0));
    t.switchPractice();
    t.sync.running = true;
    t.runner.stop();
    t.endSync();
    await new Promise((r) => setTimeout(r, 0));
    expect(t.syncCatalogs).not.toHaveBeenCalled();
  });
});
