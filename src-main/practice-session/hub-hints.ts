import { HUB_HINTS_PATH, hubHintSchema, type HubHint } from '../../src-preload/contract/hub-hint';
import { operations, type OperationName } from '../../src-preload/contract/outbox/operations';
import type { OutboxSendInput, OutboxOutcome, OutboxVerdict } from '../../src-preload/contract/outbox/outbox-entry';
import type { OutboxExecutor } from '../outbox/outbox-executor';

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
}

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
  async function send(practiceKey: string, operation: OperationName, about: HintAbout) {
    const hub = deps.hubOf(practiceKey);
    const hint = hub ? hintFor(operation, about.entityKey, about.params) : null;
    if (!hub || !hint) return;
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
    if (!response.ok) throw new Error(`The hub answered the hint with ${response.status}.`);
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
