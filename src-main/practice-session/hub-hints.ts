import { HUB_HINTS_PATH, hubHintSchema, type HubHint } from '../../src-preload/contract/hub-hint';
import { operations, type OperationName } from '../../src-preload/contract/outbox/operations';
import type { OutboxSendInput, OutboxOutcome, OutboxVerdict } from '../../src-preload/contract/outbox/outbox-entry';
import type { OutboxExecutor } from '../outbox/outbox-executor';
import { parseRetryAfterMs } from '../request-budget/response-hints';

/** The practice hub a practice is read through, with this laptop's device credentials; null for a direct practice. */
export interface HubDevice {
  baseUrl: string;
  deviceId: string;
  token: string;
}

export interface HubHintDeps {
  /** The session's fetch: the hub's transport (its pinned certificate included) applies to the hint too. */
  fetch: typeof globalThis.fetch;
  hubOf(practiceKey: string): HubDevice | null;
  /** Main's log; the device token is registered as a secret, so a logged failure never carries it. */
  log?: { warn(message: string, error?: unknown): void };
  /** How long a hint may take before it is given up (default 10 s). */
  timeoutMs?: number;
  /** Main's clock and timer (a hint the hub asked to wait for is sent after its Retry-After). */
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => void;
}

/** What fits in one hint (the contract's maxima): more is left to the hub's backstop pass. */
const MAX_NAMES = 20;

/** Two hints as one (a hub that asked this laptop to wait gets what it missed in one hint afterwards). */
export function mergeHints(a: HubHint, b: HubHint): HubHint {
  return {
    resources: [...new Set([...a.resources, ...b.resources])].slice(0, MAX_NAMES),
    clientKeys: [...new Set([...a.clientKeys, ...b.clientKeys])].slice(0, MAX_NAMES),
  };
}

/** The hub's Retry-After for a hint (the one parser of response-hints.ts): 10 s when unreadable, at most an hour. */
const hintRetryAfterMs = (headers: Headers, now: number): number =>
  Math.min(parseRetryAfterMs(headers, now) ?? 10_000, 3_600_000);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What a done write tells the hub: the lists its operation changes, and the keys of what it was about (its
 * client, and the lead, onboarding or proposal its address names). The hub drops what it keeps of those (a
 * lead's notes, a proposal's detail) so the next read sees the write, and re-reads the clients it holds.
 * Null when the write names neither a list nor a key.
 */
export function hintFor(
  operation: OperationName,
  entityKey: string | null | undefined,
  params: Readonly<Record<string, unknown>> = {},
): HubHint | null {
  const resources = [...operations[operation].changesLists];
  const keys = new Set<string>();
  if (entityKey) keys.add(entityKey.toLowerCase());
  for (const value of Object.values(params))
    if (typeof value === 'string' && UUID.test(value)) keys.add(value.toLowerCase());
  if (resources.length === 0 && keys.size === 0) return null;
  const hint = hubHintSchema.safeParse({ resources, clientKeys: [...keys] });
  return hint.success ? hint.data : null;
}

/**
 * Tells the practice hub that one of this laptop's writes was applied at the practice. Only a hint: the hub
 * re-reads those lists itself and pokes the other laptops. Fire-and-forget: a failed hint is logged and
 * never delays, fails or repeats the write it follows (the hub's backstop pass finds the change anyway).
 */
export function createHubHints(deps: HubHintDeps) {
  const now = deps.now ?? Date.now;
  const setTimer = deps.setTimer ?? ((fn: () => void, ms: number) => void setTimeout(fn, ms).unref());
  /** Per hub address: hints kept while the hub asked this laptop to wait (a 429's Retry-After). */
  const held = new Map<string, { until: number; hint: HubHint | null; practiceKey: string }>();

  async function post(hub: HubDevice, hint: HubHint): Promise<Response> {
    const response = await deps.fetch(`${hub.baseUrl}${HUB_HINTS_PATH}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'X-Svc-Auth-ID': hub.deviceId,
        'X-Svc-Auth-Key': hub.token,
      },
      body: JSON.stringify(hint),
      signal: AbortSignal.timeout(deps.timeoutMs ?? 10_000),
    });
    await response.body?.cancel().catch(() => undefined);
    return response;
  }

  /** Sends the hint, or keeps it with the others until the hub's wait is over; throws when the hub refused it. */
  async function deliver(practiceKey: string, hub: HubDevice, hint: HubHint): Promise<void> {
    const hold = held.get(hub.baseUrl);
    if (hold && hold.until > now()) {
      hold.hint = hold.hint ? mergeHints(hold.hint, hint) : hint;
      return;
    }
    const response = await post(hub, hint);
    if (response.status === 429) {
      const waitMs = hintRetryAfterMs(response.headers, now());
      const entry = { until: now() + waitMs, hint: held.get(hub.baseUrl)?.hint ?? null, practiceKey };
      entry.hint = entry.hint ? mergeHints(entry.hint, hint) : hint;
      held.set(hub.baseUrl, entry);
      deps.log?.warn(
        `The practice hub asked this laptop to wait ${Math.ceil(waitMs / 1000)} s before its next hint; ` +
          'what it names is kept and sent then',
      );
      setTimer(() => void flush(hub.baseUrl), waitMs);
      return;
    }
    if (!response.ok) throw new Error(`The hub answered the hint with ${response.status}.`);
  }

  /** The wait is over: the hints kept meanwhile go out as one. */
  async function flush(baseUrl: string): Promise<void> {
    const hold = held.get(baseUrl);
    held.delete(baseUrl);
    const hub = hold?.hint ? deps.hubOf(hold.practiceKey) : null;
    // Signed out, or moved to another hub meanwhile: nothing to tell this one.
    if (!hold?.hint || !hub || hub.baseUrl !== baseUrl) return;
    await deliver(hold.practiceKey, hub, hold.hint).catch((error: unknown) =>
      deps.log?.warn('The practice hub was not told about changes it had asked this laptop to wait with', error),
    );
  }

  async function send(practiceKey: string, operation: OperationName, about: HintAbout) {
    const hub = deps.hubOf(practiceKey);
    const hint = hub ? hintFor(operation, about.entityKey, about.params) : null;
    if (!hub || !hint) return;
    await deliver(practiceKey, hub, hint);
  }

  return {
    /** After an entry is done: the hint goes out in the background; this returns at once and never throws. */
    afterDone(practiceKey: string, operation: OperationName, about: HintAbout): void {
      void send(practiceKey, operation, about).catch((error: unknown) =>
        deps.log?.warn(
          `The practice hub was not told about a change (${operation}); it finds it on its next pass`,
          error,
        ),
      );
    },
  };
}
export type HubHints = ReturnType<typeof createHubHints>;

/** What a written entry was about: its client and its address's parameters (a lead's or proposal's key). */
export interface HintAbout {
  entityKey: string | null | undefined;
  params?: Readonly<Record<string, unknown>>;
}

const aboutOf = (input: OutboxSendInput): HintAbout => ({ entityKey: input.entityKey, params: input.payload.params });

/**
 * The outbox executor, telling the hub after each entry that is done: sent and answered, or an interrupted
 * one a verification read found applied. The outcome itself is returned unchanged and at once.
 */
export function withHubHints(executor: OutboxExecutor, hints: HubHints): OutboxExecutor {
  return {
    async send(input: OutboxSendInput): Promise<OutboxOutcome> {
      const outcome = await executor.send(input);
      if (outcome.kind === 'done') hints.afterDone(input.practiceKey, input.operation, aboutOf(input));
      return outcome;
    },
    async verify(input: OutboxSendInput): Promise<OutboxVerdict> {
      const verdict = await executor.verify(input);
      if (verdict.verdict === 'found') hints.afterDone(input.practiceKey, input.operation, aboutOf(input));
      return verdict;
    },
  };
}
