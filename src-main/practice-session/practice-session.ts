import type { SyncCursor } from '../../src-preload/contract/sync';
import type { SyncRound } from '../../src-preload/contract/sync-cadence';
import { registerSecret } from '../logging/redact';
import { createBudgetStatus } from './budget-status';
import type { HubDevice } from './hub-hints';
import { createLiveUpdates } from './live-updates';
import { createPracticeRegistry } from './practice-registry';
import type { PracticeSessionDeps } from './session-deps';
import { createSyncRunner } from './sync-runner';
import { activeTarget, createClientFactory, createTargets, type TargetDeps } from './targets';

export type { DemoHandle, PracticeSessionDeps } from './session-deps';

/**
 * Connecting, the list of practices on this laptop, and sync runs for the active one, composed from
 * its parts: the registry (practices, credentials, sign-out), the sync runner (one run at a time), the
 * budget's status (requests left, the run's ETA) and the targets (the active practice's API client).
 * Every answer to the renderer is a plain sentence on failure, never a stack trace.
 */
export function createPracticeSession(deps: PracticeSessionDeps) {
  const client = createClientFactory(deps);
  // Late-bound: the registry stops the runner on sign-out, and the runner reads the registry's practices.
  const registry = createPracticeRegistry({
    ...deps,
    client,
    leavingActive: () => {
      runner.stop('Signed out.');
      void live.stop();
    },
    movingActive: () => runner.stop('The practice’s connection changed: the next sync reads the new way.'),
  });
  const targetDeps: TargetDeps = {
    practiceOf: registry.practiceOf,
    secretOf: (key) => deps.vault.secretOf(key),
    ownOf: registry.ownOf,
    isActive: registry.isActive,
    client,
  };
  const budgetStatus = createBudgetStatus({
    ...(deps.budgetFor ? { budgetFor: deps.budgetFor } : {}),
    // A practice read through the hub spends no Client ID budget of its own: it has no budget status.
    clientIdOf: (key) => {
      const practice = registry.practiceOf(key);
      return practice?.through === 'hub' ? undefined : practice?.clientId;
    },
    planOf: (key) => runner.planOf(key),
    cursorsOf: (key) => runner.cursorsOf(key),
  });
  const targets = createTargets(targetDeps);
  const runner = createSyncRunner({
    ...deps,
    target: (key) => activeTarget(targetDeps, key),
    directTarget: (key) => targets.directTarget(key),
    budgetStatus: (key) => budgetStatus(key),
  });
  /** The hub the active practice is read through, with this laptop's device credentials; null for any other. */
  const hubDeviceOf = (practiceKey: string): HubDevice | null => {
    const practice = registry.practiceOf(practiceKey);
    const token = deps.vault.secretOf(practiceKey);
    if (!registry.isActive(practiceKey) || practice?.through !== 'hub' || !token) return null;
    return { baseUrl: practice.baseUrl, deviceId: practice.clientId, token: registerSecret(token) };
  };
  // The hub's change stream, for the active practice when it is read through the hub.
  const live = createLiveUpdates({
    fetch: deps.fetch,
    events: deps.events,
    ...(deps.log ? { log: { warn: (message, error) => deps.log?.error(message, error) } } : {}),
    ...deps.liveUpdates,
    syncPoked: (practiceKey, lists) => runner.syncPoked(practiceKey, lists),
    target: () => {
      const practiceKey = registry.activeKey();
      const hub = practiceKey ? hubDeviceOf(practiceKey) : null;
      return practiceKey && hub ? { practiceKey, ...hub } : null;
    },
  });
  /** After anything that may change the active practice: the stream follows it. */
  // What main knew of the window's cursors is forgotten too: a sign-out deletes a practice's copy, a connect or a
  // restore may change which practice is active (sync-runner.ts, forgetWindowCursors).
  const following =
    <A extends unknown[], R>(change: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await change(...args);
      } finally {
        runner.forgetWindowCursors();
        live.follow();
      }
    };

  return {
    restore: following(registry.restore),
    list: registry.list,
    connect: following(registry.connect),
    connectDemo: following(registry.connectDemo),
    connectThroughHub: following(registry.connectThroughHub),
    addOwnCredentials: registry.addOwnCredentials,
    removeOwnCredentials: registry.removeOwnCredentials,
    signOut: following(registry.signOut),
    startSync: (
      practiceKey: string,
      cursors: readonly SyncCursor[],
      round?: SyncRound,
      lists?: readonly string[],
    ): boolean => runner.start(practiceKey, cursors, round, lists),
    liveStatus: live.status,
    stopSync: (practiceKey: string): boolean => runner.pause(practiceKey),
    budgetStatus,
    writeTarget: targets.writeTarget,
    readTarget: targets.readTarget,
    directTarget: targets.directTarget,
    hubDeviceOf,
    isActive: registry.isActive,
    activeKey: registry.activeKey,
    storageOf: registry.storageOf,
    activeBaseUrl: registry.activeBaseUrl,
    /**
     * The connectivity probe of the active practice's address answered or not. Through the hub, its failures
     * count toward the fall-back, and once that is due the practice counts as reachable if it answers itself.
     */
    async probed(answered: boolean): Promise<boolean> {
      const practiceKey = registry.activeKey();
      if (!practiceKey || registry.practiceOf(practiceKey)?.through !== 'hub') return false;
      return runner.hubProbed(practiceKey, answered);
    },
    acknowledge: runner.acknowledge,

    async dispose(): Promise<void> {
      runner.stop('The app is closing.');
      await live.stop();
      await registry.closeDemo();
    },
  };
}
export type PracticeSession = ReturnType<typeof createPracticeSession>;
