import { authValidationSchema, type Region } from '../../src-preload/contract/partner-api';
import type { BudgetStatus } from '../../src-preload/contract/budget';
import type { ConnectInput, ConnectResult, PracticeSummary, SignOutResult, SyncProgressEvent } from '../../src-preload/contract/practice';
import type { SyncCursor } from '../../src-preload/contract/sync';
import type { Clock } from '../clock';
import type { EventHub } from '../ipc/event-hub';
import type { Logger } from '../logging/logger';
import { registerSecret } from '../logging/redact';
import { describeApiError, PartnerApiError } from '../partner-api/api-errors';
import { createPartnerApiClient, type PartnerApiClient, type PartnerApiClientOptions } from '../partner-api/partner-api-client';
import type { RequestBudget } from '../request-budget/request-budget';
import { createBridgeSyncSink, type BridgeSyncSink } from '../sync/bridge-sync-sink';
import { createSyncEngine, type SyncEngine } from '../sync/sync-engine';
import { syncResources } from '../sync/sync-resources';
import type { CredentialVault, SecretStorage, StoredPractice } from '../vault/credential-vault';
import { vaultProblemText } from '../vault/credential-vault';
import { bindingRefusal, checkCustomUrl, clip, confirmAddressText, regions, rejectedCredentialsText, signOutMessage } from './connect-rules';

/** The embedded demo practice, started on demand (src-main/demo-practice). */
export interface DemoHandle {
  practices: { name: string; region: Region; baseUrl: string; readWrite: { clientId: string; secret: string } }[];
  close(): Promise<void>;
}

export interface PracticeSessionDeps {
  vault: CredentialVault;
  fetch: typeof globalThis.fetch;
  clock: Clock;
  events: EventHub;
  regionHosts: Record<Region, string>;
  startDemo: () => Promise<DemoHandle>;
  /** One request budget per Client ID (src-main/request-budget); absent in tests that are not about limits. */
  budgetFor?: (clientId: string) => RequestBudget;
  /** Deletes the budget kept for a Client ID (src-main/request-budget); called on sign-out of its last practice. */
  forgetBudget?: (clientId: string) => void;
  /** Deletes a practice's cached documents (src-main/documents); called on sign-out. */
  wipeDocuments: (practiceKey: string) => Promise<void>;
  /** How often a resource is re-read whole (reconciliation), when the budget allows. Default one day. */
  reconcileEveryMs?: number;
  newId: () => string;
  /** The API clients' timeout (default 20 s) and the sleep between their own retries (default real time). */
  apiClient?: Pick<PartnerApiClientOptions, 'timeoutMs' | 'sleep'>;
  /** Main's log: a sync run's failure is written there (the window already shows it per resource). */
  log?: Pick<Logger, 'error'>;
}

/** A reconciliation pass starts only if the budget lets it finish within this long at background priority. */
const RECONCILE_WITHIN_MS = 15 * 60_000;

/**
 * Connecting, the list of practices on this laptop, and sync runs for the active one. Every answer
 * to the renderer is a plain sentence on failure, never a stack trace.
 */
export function createPracticeSession(deps: PracticeSessionDeps) {
  let active: string | null = null;
  let demo: DemoHandle | null = null;
  const practices = new Map<string, Omit<StoredPractice, 'cipherText'>>();
  const problems = new Map<string, string | null>();
  let sync: { practiceKey: string; sink: BridgeSyncSink; abort: AbortController; engine: SyncEngine } | null = null;

  const client = (baseUrl: string, clientId: string, secret: string): PartnerApiClient =>
    createPartnerApiClient({ baseUrl, credentials: () => ({ clientId, secret: registerSecret(secret) }), fetch: deps.fetch, timeoutMs: 20_000, maxAttempts: 3, ...deps.apiClient, ...(deps.budgetFor ? { budget: deps.budgetFor(clientId) } : {}) });

  const summary = (p: Omit<StoredPractice, 'cipherText'>): PracticeSummary => ({
    practiceKey: p.practiceKey, name: p.name, region: p.region, canWrite: p.canWrite, isDemo: p.isDemo, storage: p.storage, problem: problems.get(p.practiceKey) ?? null,
  });

  async function validate(baseUrl: string, clientId: string, secret: string) {
    return (await client(baseUrl, clientId, secret).request('GET', '/auth/validate', authValidationSchema, { priority: 'interactive' })).data;
  }

  async function connectTo(baseUrl: string, input: ConnectInput, isDemo: boolean): Promise<ConnectResult> {
    let validation;
    try {
      validation = await validate(baseUrl, input.clientId, input.secret);
    } catch (error) {
      // The secret goes only to the host the user chose: other regions are suggested, never tried with it.
      if (error instanceof PartnerApiError && error.status === 401 && input.region !== 'custom' && !isDemo) {
        return { ok: false, message: rejectedCredentialsText, otherRegions: regions.filter((r) => r !== input.region) };
      }
      return { ok: false, message: describeApiError(error) };
    }
    // One spelling of the key on this laptop (the document cache and the databases use lower case too):
    // a server answering with another case must meet the binding check, not slip past it.
    const practiceKey = validation.practiceKey.toLowerCase();
    const refusal = bindingRefusal(deps.vault.bindingOf(practiceKey), { baseUrl, clientId: input.clientId, isDemo }, validation.practiceName);
    if (refusal) return { ok: false, message: refusal };
    // The server chooses the name: kept within what the record and the summary allow.
    const name = clip(validation.practiceName.trim() || 'Practice', 200);
    const record = { practiceKey, name, region: validation.region, baseUrl, clientId: input.clientId, canWrite: validation.canWrite, isDemo };
    const storage = await deps.vault.save(record, input.secret, { remember: input.remember, acceptWeakStorage: input.acceptWeakStorage });
    practices.set(record.practiceKey, { ...record, storage, backend: '' });
    problems.set(record.practiceKey, null);
    active = record.practiceKey;
    return { ok: true, practice: summary({ ...record, storage, backend: '' }) };
  }

  /** Deletes the persisted budget of a Client ID no other practice here uses; true when nothing is left behind. */
  function forgetBudgetOf(practiceKey: string, clientId: string | undefined): boolean {
    if (clientId === undefined || !deps.forgetBudget) return true;
    const others = deps.vault.bindings().filter((b) => b.practiceKey !== practiceKey);
    const shared = [...practices.values()].some((p) => p.clientId === clientId) || others.some((b) => b.binding.clientId === clientId);
    if (shared) return true;
    try {
      deps.forgetBudget(clientId);
      return true;
    } catch {
      return false;
    }
  }

  const seconds = (ms: number | null): number | null => (ms !== null && Number.isFinite(ms) ? Math.min(10 * 86_400, Math.ceil(ms / 1000)) : null);

  /** Requests left in each window and, while a sync runs, how many it still needs and by when. */
  function budgetStatus(practiceKey: string, estimateRequests?: number): BudgetStatus | null {
    const practice = practices.get(practiceKey);
    if (!practice || !deps.budgetFor) return null;
    const budget = deps.budgetFor(practice.clientId);
    const snapshot = budget.snapshot();
    const plan = sync?.practiceKey === practiceKey ? sync.engine.plan() : null;
    const eta = plan ? budget.estimateMs(plan.requestsLeft, 'background') : null;
    return {
      remaining: snapshot.remaining,
      limits: snapshot.limits,
      pausedUntil: snapshot.pausedUntil === null ? null : new Date(snapshot.pausedUntil).toISOString(),
      run: plan ? { requestsLeft: plan.requestsLeft, sized: plan.sized, etaSeconds: seconds(eta) } : null,
      // A meeting pack's requests wait behind the running sync's only if they share priority; they do not (prefetch > background).
      ...(estimateRequests !== undefined ? { estimate: { requests: estimateRequests, etaSeconds: seconds(budget.estimateMs(estimateRequests, 'prefetch')) } } : {}),
    };
  }

  function emitProgress(practiceKey: string, resources: SyncProgressEvent['resources'], running: boolean, lastRunAt: string | null): void {
    deps.events.emit('sync.progress', { practiceKey, running, resources, lastRunAt, budget: budgetStatus(practiceKey) });
  }

  function stopSync(reason: string): void {
    sync?.abort.abort();
    sync?.sink.cancel(reason);
    sync = null;
  }

  return {
    /** Loads stored practices; the demo practice is restarted (same seed, same credentials) on a new port. */
    async restore(): Promise<void> {
      for (const entry of await deps.vault.load()) {
        practices.set(entry.practice.practiceKey, entry.practice);
        problems.set(entry.practice.practiceKey, entry.problem ? vaultProblemText[entry.problem] : null);
        if (!entry.problem && !active) active = entry.practice.practiceKey;
      }
    },

    async list() {
      return {
        practices: [...practices.values()].map(summary),
        activePracticeKey: active,
        storage: await deps.vault.storageInfo(),
        complete: deps.vault.unreadableRecords() === 0,
      };
    },

    async connect(input: ConnectInput): Promise<ConnectResult> {
      const baseUrl = input.region === 'custom' ? checkCustomUrl(input.customUrl) : deps.regionHosts[input.region];
      if (!baseUrl) return { ok: false, message: 'Enter a custom address that starts with https:// (or http://127.0.0.1 for a local test server).' };
      // Asked once, before the secret is first sent to an address no practice here is bound to.
      const known = deps.vault.bindings().some((b) => b.binding.baseUrl === baseUrl);
      if (input.region === 'custom' && !known && input.confirmAddress !== true) return { ok: false, message: confirmAddressText(baseUrl), confirmAddress: baseUrl };
      return connectTo(baseUrl, input, false);
    },

    /** The demo's practice in `region` (default: its first, Australia and New Zealand). */
    async connectDemo(region?: Region): Promise<ConnectResult> {
      demo ??= await deps.startDemo();
      const practice = region ? demo.practices.find((p) => p.region === region) : demo.practices[0];
      if (!practice) return { ok: false, message: region ? `The demo has no ${region} practice.` : 'The demo practice did not start.' };
      return connectTo(practice.baseUrl, { region: practice.region, clientId: practice.readWrite.clientId, secret: practice.readWrite.secret, remember: false, acceptWeakStorage: false }, true);
    },

    /**
     * Forgets the practice's credentials, deletes its cached documents and, unless another practice here
     * uses the same Client ID, its request budget. Never throws: each part is reported, and the practice
     * leaves the list and stops being active whatever fails.
     */
    async signOut(practiceKey: string): Promise<SignOutResult> {
      if (active === practiceKey) {
        stopSync('Signed out.');
        active = null;
      }
      const known = practices.get(practiceKey);
      const bound = deps.vault.bindingOf(practiceKey);
      const removed = practices.delete(practiceKey) || bound !== null;
      problems.delete(practiceKey);
      let credentials = true;
      try {
        deps.vault.remove(practiceKey);
      } catch {
        credentials = false;
      }
      let documents = true;
      try {
        await deps.wipeDocuments(practiceKey);
      } catch {
        documents = false;
      }
      const budget = forgetBudgetOf(practiceKey, known?.clientId ?? bound?.clientId);
      const wiped = { credentials, documents, budget };
      return { removed, wiped, message: signOutMessage(known?.name ?? 'this practice', wiped) };
    },

    /** Starts one sync run of the active practice from the renderer's stored cursors; progress arrives as events. */
    startSync(practiceKey: string, cursors: readonly SyncCursor[]): boolean {
      const practice = practices.get(practiceKey);
      const secret = deps.vault.secretOf(practiceKey);
      if (!practice || !secret || practiceKey !== active || sync) return false;
      const sink = createBridgeSyncSink({ practiceKey, cursors, emit: (page) => deps.events.emit('sync.page', page), newId: deps.newId });
      const abort = new AbortController();
      const budget = deps.budgetFor?.(practice.clientId);
      const status = new Map<string, SyncProgressEvent['resources'][number]>(
        syncResources.map((r) => [r.name, { resource: r.name, state: 'waiting', mode: cursors.find((c) => c.resource === r.name)?.mode ?? 'full', pagesThisRun: 0, recordsThisPass: 0, rejectedThisRun: 0, error: null }]),
      );
      const engine = createSyncEngine({
        api: client(practice.baseUrl, practice.clientId, secret),
        sink,
        onProgress: (p) => {
          status.set(p.resource, { ...p });
          emitProgress(practiceKey, [...status.values()], true, null);
        },
        ...(budget
          ? { reconcile: { everyMs: deps.reconcileEveryMs ?? 86_400_000, mayStart: (_: string, requests: number) => budget.estimateMs(requests, 'background') <= RECONCILE_WITHIN_MS } }
          : {}),
      });
      sync = { practiceKey, sink, abort, engine };
      void engine
        .runOnce({ priority: 'background', signal: abort.signal })
        .catch((error: unknown) => abort.signal.aborted || deps.log?.error('Sync run failed', error)) // a pause or sign-out is no failure
        .finally(() => {
          if (sync?.sink === sink) sync = null;
          if (abort.signal.aborted) for (const [name, r] of status) if (r.state === 'running') status.set(name, { ...r, state: 'waiting' });
          emitProgress(practiceKey, [...status.values()], false, deps.clock.now().toISOString());
        });
      return true;
    },

    /** Pause: the run stops after the page in flight; the next start resumes from the stored page. */
    stopSync(practiceKey: string): boolean {
      if (sync?.practiceKey !== practiceKey) return false;
      stopSync('Sync paused.');
      return true;
    },

    budgetStatus,

    /** Where the outbox sends: the active practice's API client, if it is this one and unlocked. */
    writeTarget(practiceKey: string): { api: PartnerApiClient; canWrite: boolean } | null {
      const practice = practices.get(practiceKey);
      const secret = deps.vault.secretOf(practiceKey);
      if (!practice || !secret || practiceKey !== active) return null;
      return { api: client(practice.baseUrl, practice.clientId, secret), canWrite: practice.canWrite };
    },

    /** Where reads go (documents): the active practice's API client, if it is this one and unlocked. */
    readTarget(practiceKey: string): { api: PartnerApiClient } | null {
      const practice = practices.get(practiceKey);
      const secret = deps.vault.secretOf(practiceKey);
      if (!practice || !secret || practiceKey !== active) return null;
      return { api: client(practice.baseUrl, practice.clientId, secret) };
    },

    /** Whether this practice is the active one (the only one whose data may be read or written). */
    isActive: (practiceKey: string): boolean => practiceKey === active,

    /** How this practice's secret is kept; null for a practice not on this laptop. */
    storageOf: (practiceKey: string): SecretStorage | null => practices.get(practiceKey)?.storage ?? null,

    /** The active practice's base URL, for the connectivity probe; null when none is connected. */
    activeBaseUrl: (): string | null => (active ? (practices.get(active)?.baseUrl ?? null) : null),

    acknowledge: (pageId: string, ok: boolean, error?: string): boolean => sync?.sink.acknowledge(pageId, ok, error) ?? false,

    async dispose(): Promise<void> {
      stopSync('The app is closing.');
      await demo?.close();
    },
  };
}
export type PracticeSession = ReturnType<typeof createPracticeSession>;
