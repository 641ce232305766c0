import { systemClock, type Clock } from './clock';

/** What started a run. Several kicks while a job runs are folded into one run that gets all their reasons. */
export type JobReason = 'start' | 'reconnected' | 'practice-changed' | 'timer' | 'wake' | 'catch-up' | 'kick' | 'user';

/** What one run is given. */
export interface JobRun {
  /** Aborted when the practice changes, on sign-out and on stop: the run should end, and its result is ignored. */
  signal: AbortSignal;
  /** The active practice when the run started (a job never runs without one). */
  practiceKey: string;
  reasons: ReadonlySet<JobReason>;
}

export interface JobDefinition {
  name: string;
  run(run: JobRun): Promise<void>;
  /** Kicked by `start()` (default true), a reconnect and an active-practice change (default true each). */
  onStart?: boolean;
  onReconnect?: boolean;
  onPracticeChange?: boolean;
  /** Kicked again this long after the runner started, and every time as long again. */
  intervalMs?: number;
}

export interface JobRunnerDeps {
  activePracticeKey(): string | null;
  /** Calls back when the active practice changes (to another one or to none). */
  subscribePracticeChange(listener: () => void): () => void;
  /** Calls back when the connection comes back after being lost. */
  subscribeReconnect(listener: () => void): () => void;
  /** A run failed (an aborted run's failure is not reported: its practice is no longer shown). */
  onError(name: string, error: unknown): void;
  clock?: Clock;
}

export interface JobRunner {
  /** Adds a job; names are unique. Jobs may be registered before or after `start()`. */
  register(job: JobDefinition): void;
  start(): void;
  /** Runs the job now, or once more after the current run when it is running (kicks meanwhile are coalesced). */
  kick(name: string, reason?: JobReason): void;
  /** Kicks the job at that time (epoch ms); a later call replaces the earlier time. */
  wakeAt(name: string, epochMs: number): void;
  /** Forgets the time `wakeAt` set, if any. */
  cancelWake(name: string): void;
  /** Resolves once the job has neither a run under way nor one waiting. */
  idle(name: string): Promise<void>;
  isRunning(name: string): boolean;
  /** Aborts every run under way (sign-out); their results are ignored. Waiting runs start afresh. */
  cancelRuns(): void;
  /** Ends everything: runs aborted, timers cleared, subscriptions removed; later kicks do nothing. */
  stop(): void;
}

interface JobState {
  job: JobDefinition;
  current: AbortController | null;
  /** Reasons of the kicks that arrived while a run was under way: one more run takes them all. */
  pending: Set<JobReason> | null;
  intervalTimer: unknown;
  wakeTimer: unknown;
  idleWaiters: (() => void)[];
}

/**
 * Named background jobs, each run one at a time (in the shape of Signal Desktop's JobQueue, without the
 * persistence): kicked by start, a reconnect, a practice change, its own interval, `kick` or `wakeAt`.
 * A run is cancelled by a practice switch, a sign-out and `stop()`: its signal is aborted, its slot is freed at
 * once (the next run may start for the new practice) and whatever it still does later is ignored.
 */
export function createJobRunner(deps: JobRunnerDeps): JobRunner {
  const clock = deps.clock ?? systemClock;
  const jobs = new Map<string, JobState>();
  const unsubscribe: (() => void)[] = [];
  let started = false;
  let stopped = false;

  const state = (name: string): JobState => {
    const found = jobs.get(name);
    if (!found) throw new Error(`No background job is called "${name}".`);
    return found;
  };

  const settle = (s: JobState): void => {
    for (const resolve of s.idleWaiters.splice(0)) resolve();
  };

  function launch(s: JobState, reasons: Set<JobReason>): void {
    const practiceKey = deps.activePracticeKey();
    if (stopped || practiceKey === null) return settle(s);
    const controller = new AbortController();
    s.current = controller;
    void Promise.resolve()
      .then(() => s.job.run({ signal: controller.signal, practiceKey, reasons }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) deps.onError(s.job.name, error);
      })
      .finally(() => {
        // A cancelled run already gave up its slot.
        if (s.current === controller) next(s);
      });
  }

  function next(s: JobState): void {
    s.current = null;
    const reasons = s.pending;
    s.pending = null;
    if (reasons) launch(s, reasons);
    else settle(s);
  }

  function kick(name: string, reason: JobReason = 'kick'): void {
    const s = state(name);
    if (stopped) return;
    if (s.current) (s.pending ??= new Set()).add(reason);
    else launch(s, new Set([reason]));
  }

  function armInterval(s: JobState): void {
    const ms = s.job.intervalMs;
    if (!ms) return;
    s.intervalTimer = clock.setTimeout(() => {
      armInterval(s);
      kick(s.job.name, 'timer');
    }, ms);
  }

  function cancelRuns(): void {
    const cancelled = [...jobs.values()].filter((s) => s.current);
    for (const s of cancelled) s.current?.abort();
    for (const s of cancelled) next(s);
  }

  const kickAll = (reason: JobReason, wanted: (job: JobDefinition) => boolean): void => {
    for (const s of jobs.values()) if (wanted(s.job)) kick(s.job.name, reason);
  };

  function startJob(s: JobState): void {
    armInterval(s);
    if (s.job.onStart ?? true) kick(s.job.name, 'start');
  }

  return {
    register(job) {
      if (jobs.has(job.name)) throw new Error(`A background job called "${job.name}" is already registered.`);
      const s: JobState = {
        job,
        current: null,
        pending: null,
        intervalTimer: undefined,
        wakeTimer: undefined,
        idleWaiters: [],
      };
      jobs.set(job.name, s);
      if (started && !stopped) startJob(s);
    },
    start() {
      if (started || stopped) return;
      started = true;
      unsubscribe.push(
        deps.subscribePracticeChange(() => {
          cancelRuns();
          kickAll('practice-changed', (job) => job.onPracticeChange ?? true);
        }),
        deps.subscribeReconnect(() => kickAll('reconnected', (job) => job.onReconnect ?? true)),
      );
      for (const s of jobs.values()) startJob(s);
    },
    kick,
    wakeAt(name, epochMs) {
      const s = state(name);
      if (stopped) return;
      clock.clearTimeout(s.wakeTimer);
      s.wakeTimer = clock.setTimeout(() => kick(name, 'wake'), Math.max(0, epochMs - clock.now()));
    },
    cancelWake(name) {
      const s = state(name);
      clock.clearTimeout(s.wakeTimer);
      s.wakeTimer = undefined;
    },
    idle(name) {
      const s = state(name);
      if (!s.current && !s.pending) return Promise.resolve();
      return new Promise((resolve) => s.idleWaiters.push(resolve));
    },
    isRunning: (name) => state(name).current !== null,
    cancelRuns,
    stop() {
      if (stopped) return;
      stopped = true;
      for (const off of unsubscribe.splice(0)) off();
      for (const s of jobs.values()) {
        clock.clearTimeout(s.intervalTimer);
        clock.clearTimeout(s.wakeTimer);
        s.current?.abort();
        s.current = null;
        s.pending = null;
        settle(s);
      }
    },
  };
}
