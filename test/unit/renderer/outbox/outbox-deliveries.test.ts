import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import type { Companion } from '../../../../src-preload/contract/companion';
import { createRendererStores } from '../../../../src-renderer/stores/renderer-stores';
import { createPracticeDatabases } from '../../../../src-renderer/data/practice-db';
import type { JobReason } from '../../../../src-renderer/jobs/job-runner';
import { createOutbox } from '../../../../src-renderer/outbox/outbox-job';

// The replayer's drain is what the practice answered; here it delivered two actions on every run.
vi.mock('../../../../src-renderer/outbox/outbox-replayer', () => ({
  createOutboxReplayer: () => ({
    drain: async () => ({ delivered: 2, failed: 0, needsReview: 0, nextAttemptAt: null, stopped: false }),
  }),
}));

const practiceKey = '99999999-9999-4999-8999-999999999999';

function outboxWithStores() {
  const stores = createRendererStores();
  const notices: string[] = [];
  const { job } = createOutbox({
    companion: {} as Companion,
    databases: createPracticeDatabases(),
    runner: { kick: () => undefined, wakeAt: () => undefined, isRunning: () => false },
    store: stores.outbox,
    activePractice: () => ({ practiceKey, canWrite: true }),
    online: () => true,
    notify: (notice) => notices.push(notice.title),
  });
  const run = (reason: JobReason) =>
    job.run({ signal: new AbortController().signal, practiceKey, reasons: new Set([reason]) });
  return { stores, notices, run };
}

describe("the outbox job's deliveries", () => {
  it('counts what a drain after a reconnect delivered as a number in the store, beside the notice for people', async () => {
    const { stores, notices, run } = outboxWithStores();
    await run('reconnected');
    expect(stores.outbox.getState().deliveredAfterReconnect).toBe(2);
    expect(notices).toEqual(['2 queued actions went out']);
    await run('reconnected');
    expect(stores.outbox.getState().deliveredAfterReconnect).toBe(4);
  });

  it('leaves the count alone for a drain that did not follow a reconnect', async () => {
    const { stores, notices, run } = outboxWithStores();
    await run('timer');
    expect(stores.outbox.getState().deliveredAfterReconnect).toBe(0);
    expect(notices).toEqual([]);
  });
});
