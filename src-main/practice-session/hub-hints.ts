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

/** What a done write tells the hub: the lists its operation changes and the client it was about; null when none. */
export function hintFor(operation: OperationName, entityKey: string | null | undefined): HubHint | null {
  const resources = [...operations[operation].changesLists];
  if (resources.length === 0) return null;
  const hint = hubHintSchema.safeParse({ resources, clientKeys: entityKey ? [entityKey.toLowerCase()] : [] });
  return hint.success ? hint.data : null;
}

/**
 * Tells the practice hub that one of this laptop's writes was applied at the practice. Only a hint: the hub
 * re-reads those lists itself and pokes the other laptops. Fire-and-forget: a failed hint is logged and
 * never delays, fails or repeats the write it follows (the hub's backstop pass finds the change anyway).
 */
export function createHubHints(deps: HubHintDeps) {
  async function send(practiceKey: string, operation: OperationName, entityKey: string | null | undefined) {
    const hub = deps.hubOf(practiceKey);
    const hint = hub ? hintFor(operation, entityKey) : null;
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
    afterDone(practiceKey: string, operation: OperationName, entityKey: string | null | undefined): void {
      void send(practiceKey, operation, entityKey).catch((error: unknown) =>
        deps.log?.warn(
          `The practice hub was not told about a change (${operation}); it finds it on its next pass`,
          error,
        ),
      );
    },
  };
}
export type HubHints = ReturnType<typeof createHubHints>;

/**
 * The outbox executor, telling the hub after each entry that is done: sent and answered, or an interrupted
 * one a verification read found applied. The outcome itself is returned unchanged and at once.
 */
export function withHubHints(executor: OutboxExecutor, hints: HubHints): OutboxExecutor {
  return {
    async send(input: OutboxSendInput): Promise<OutboxOutcome> {
      const outcome = await executor.send(input);
      if (outcome.kind === 'done') hints.afterDone(input.practiceKey, input.operation, input.entityKey);
      return outcome;
    },
    async verify(input: OutboxSendInput): Promise<OutboxVerdict> {
      const verdict = await executor.verify(input);
      if (verdict.verdict === 'found') hints.afterDone(input.practiceKey, input.operation, input.entityKey);
      return verdict;
    },
  };
}
