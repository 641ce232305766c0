import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createJobRunner, type JobReason, type JobRun } from '../../../../src-renderer/jobs/job-runner';

/** A job whose runs stay open until the test finishes them, recording what each run was given. */
function controllableJob() {
  const runs: { run: JobRun; finish(): void; fail(error: unknown): void }[] = [];
  const run = (given: JobRun) =>
    new Promise<void>((resolve, reject) => runs.push({ run: given, finish: resolve, fail: reject }));
  return { runs, run };
}

function world(initialKey: string | null = 'p1') {
  let practiceKey = initialKey;
  const practiceListeners = new Set<() => void>();
  const reconnectListeners = new Set<() => void>();
  const errors: [string, unknown][] = [];
  const runner = createJobRunner({
    activePracticeKey: () => practiceKey,
    subscribePracticeChange: (listener) => (practiceListeners.add(listener), () => practiceListeners.delete(listener)),
    subscribeReconnect: (listener) => (reconnectListeners.add(listener), () => reconnectListeners.delete(listener)),
    onError: (name, error) => errors.push([name, error]),
    clock: {
      now: () => Date.now(),
      setTimeout: (callback, ms) => setTimeout(callback, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    },
  });
  return {
    runner,
    errors,
    switchPractice(key: string | null) {
      practiceKey = key;
      for (const listener of practiceListeners) listener();
    },
    reconnect: () => reconnectListeners.forEach((listener) => listener()),
    listeners: () => practiceListeners.size + reconnectListeners.size,
  };
}

const settle = () => vi.advanceTimersByTimeAsync(0);
const reasons = (run: JobRun): JobReason[] => [...run.reasons].sort();

beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
afterEach(() => vi.useRealTimers());

describe('the background job runner', () => {
  it('runs a job at start, one run at a time, and folds kicks during a run into exactly one more run', async () => {
    const w = world();
    const job = controllableJob();
    w.runner.register({ name: 'outbox', run: job.run });
    w.runner.start();
    await settle();
    expect(job.runs).toHaveLength(1);
    expect(reasons(job.runs[0]!.run)).toEqual(['start']);

    w.runner.kick('outbox');
    w.runner.kick('outbox', 'user');
    w.runner.kick('outbox');
    await settle();
    expect(job.runs).toHaveLength(1); // never two at once
    expect(w.runner.isRunning('outbox')).toBe(true);

    job.runs[0]!.finish();
    await settle();
    expect(job.runs).toHaveLength(2);
    expect(reasons(job.runs[1]!.run)).toEqual(['kick', 'user']);
    job.runs[1]!.finish();
    await settle();
    expect(job.runs).toHaveLength(2);
    expect(w.runner.isRunning('outbox')).toBe(false);
    w.runner.stop();
  });

  it('is kicked by a reconnect, a practice change and its own interval, as each job asks', async () => {
    const w = world();
    const everything = controllableJob();
    const quiet = controllableJob();
    w.runner.register({ name: 'sync', run: everything.run, intervalMs: 60_000 });
    w.runner.register({ name: 'quiet', run: quiet.run, onStart: false, onReconnect: false, onPracticeChange: false });
    w.runner.start();
    await settle();
    everything.runs[0]!.finish();
    await settle();

    w.reconnect();
    await settle();
    expect(everything.runs.map((r) => reasons(r.run))).toEqual([['start'], ['reconnected']]);
    everything.runs[1]!.finish();

    await vi.advanceTimersByTimeAsync(60_000);
    expect(reasons(everything.runs[2]!.run)).toEqual(['timer']);
    everything.runs[2]!.finish();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(reasons(everything.runs[3]!.run)).toEqual(['timer']);
    everything.runs[3]!.finish();

    w.switchPractice('p2');
    await settle();
    expect(reasons(everything.runs[4]!.run)).toEqual(['practice-changed']);
    expect(everything.runs[4]!.run.practiceKey).toBe('p2');
    expect(quiet.runs).toHaveLength(0);
    w.runner.stop();
  });

  it('cancels a run when the practice changes: its signal is aborted, its failure ignored, the new practice runs', async () => {
    const w = world();
    const job = controllableJob();
    w.runner.register({ name: 'meeting-packs', run: job.run });
    w.runner.start();
    await settle();
    const first = job.runs[0]!;
    expect(first.run.practiceKey).toBe('p1');

    w.switchPractice('p2');
    await settle();
    expect(first.run.signal.aborted).toBe(true);
    expect(job.runs).toHaveLength(2);
    expect(job.runs[1]!.run.practiceKey).toBe('p2');
    expect(job.runs[1]!.run.signal.aborted).toBe(false);

    first.fail(new Error('the old database was closed'));
    await settle();
    expect(w.errors).toEqual([]);
    expect(job.runs).toHaveLength(2); // the old run ending does not start another
    w.runner.stop();
  });

  it('cancels runs on sign-out, and runs nothing while no practice is active', async () => {
    const w = world();
    const job = controllableJob();
    w.runner.register({ name: 'outbox', run: job.run });
    w.runner.start();
    await settle();
    w.runner.cancelRuns();
    expect(job.runs[0]!.run.signal.aborted).toBe(true);
    expect(w.runner.isRunning('outbox')).toBe(false);

    w.switchPractice(null);
    w.runner.kick('outbox');
    await settle();
    expect(job.runs).toHaveLength(1);
    await expect(w.runner.idle('outbox')).resolves.toBeUndefined();
    w.runner.stop();
  });

  it('reports a failed run through onError and keeps running later kicks', async () => {
    const w = world();
    const failure = new Error('boom');
    let calls = 0;
    w.runner.register({
      name: 'sync',
      run: async () => {
        calls++;
        if (calls === 1) throw failure;
      },
    });
    w.runner.start();
    await settle();
    expect(w.errors).toEqual([['sync', failure]]);
    w.runner.kick('sync');
    await settle();
    expect(calls).toBe(2);
    expect(w.errors).toHaveLength(1);
    w.runner.stop();
  });

  it('wakes a job at the time asked; a later wakeAt replaces the earlier one', async () => {
    const w = world();
    const job = controllableJob();
    w.runner.register({ name: 'outbox', run: job.run, onStart: false });
    w.runner.start();
    w.runner.wakeAt('outbox', Date.now() + 5_000);
    w.runner.wakeAt('outbox', Date.now() + 10_000);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(job.runs).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(job.runs.map((r) => reasons(r.run))).toEqual([['wake']]);
    job.runs[0]!.finish();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(job.runs).toHaveLength(1);
    w.runner.stop();
  });

  it('lets a job wait until another is idle (the order of document requests before meeting packs)', async () => {
    const w = world();
    const order: string[] = [];
    const documents = controllableJob();
    w.runner.register({
      name: 'document-requests',
      run: async (run) => {
        order.push('documents start');
        await documents.run(run);
        order.push('documents end');
      },
    });
    w.runner.register({
      name: 'meeting-packs',
      run: async () => {
        await w.runner.idle('document-requests');
        order.push('packs');
      },
    });
    w.runner.start();
    await settle();
    expect(order).toEqual(['documents start']);
    documents.runs[0]!.finish();
    await settle();
    expect(order).toEqual(['documents start', 'documents end', 'packs']);
    w.runner.stop();
  });

  it('stop ends everything: runs aborted, timers cleared, subscriptions removed, later kicks ignored', async () => {
    const w = world();
    const job = controllableJob();
    w.runner.register({ name: 'sync', run: job.run, intervalMs: 1_000 });
    w.runner.start();
    await settle();
    w.runner.wakeAt('sync', Date.now() + 500);
    expect(w.listeners()).toBe(2);
    const idle = w.runner.idle('sync');
    w.runner.stop();
    await expect(idle).resolves.toBeUndefined();
    expect(job.runs[0]!.run.signal.aborted).toBe(true);
    expect(w.listeners()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    w.runner.kick('sync');
    w.reconnect();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(job.runs).toHaveLength(1);
  });

  it('a job registered after start runs at once and keeps its interval; one registered after stop never runs', async () => {
    const w = world();
    w.runner.start();
    const late = controllableJob();
    w.runner.register({ name: 'outbox', run: late.run, intervalMs: 1_000 });
    await settle();
    expect(late.runs.map((r) => reasons(r.run))).toEqual([['start']]);
    late.runs[0]!.finish();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(late.runs.map((r) => reasons(r.run))).toEqual([['start'], ['timer']]);
    late.runs[1]!.finish();
    w.runner.stop();

    const afterStop = controllableJob();
    w.runner.register({ name: 'meeting-packs', run: afterStop.run, intervalMs: 1_000 });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(afterStop.runs).toHaveLength(0);
    expect(late.runs).toHaveLength(2);
  });
});
