import { z } from 'zod';
import { operations, pathOf, validatePayload, type StoredPayload } from '../../src-preload/contract/outbox/operations';
import type { OutboxOutcome, OutboxProblem, OutboxSendInput, OutboxVerdict } from '../../src-preload/contract/outbox/outbox-entry';
import { MalformedResponseError, NetworkError, PartnerApiError } from '../partner-api/api-errors';
import type { PartnerApiClient } from '../partner-api/partner-api-client';
import { verifiers } from './outbox-verifiers';

/** The practice a write goes to, as the session knows it now (null: not connected). */
interface WriteTarget {
  api: PartnerApiClient;
  canWrite: boolean;
}

const problem = (status: number | null, title: string, message: string): OutboxProblem => ({ status, title, message: message.slice(0, 2000) });

function resolvedParams(payload: StoredPayload): Record<string, string | number> | null {
  const params: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(payload.params)) {
    if (typeof value === 'object') return null;
    params[key] = value;
  }
  return params;
}

/**
 * Main's half of the outbox: sends one entry the renderer has already marked `sending`, under the
 * request budget at outbox priority, and reduces every answer to an outcome the renderer's state
 * machine understands. It never retries a non-idempotent write on a guess: a request that went out
 * and got no answer comes back `ambiguous`, and only a read (verify) may settle it.
 */
export function createOutboxExecutor(deps: { targetFor(practiceKey: string): WriteTarget | null }) {
  async function send(input: OutboxSendInput): Promise<OutboxOutcome> {
    const target = deps.targetFor(input.practiceKey);
    if (!target) return { kind: 'unauthorized', problem: problem(null, 'Not connected', 'This practice is not connected on this laptop. Connect it again to send what is waiting.') };
    if (!target.canWrite) return { kind: 'forbidden', problem: problem(403, 'Read-only credentials', 'These credentials are read-only: the practice does not allow them to make changes. Connect with read-write credentials to send this.') };
    const params = resolvedParams(input.payload);
    if (!params) return { kind: 'rejected', problem: problem(null, 'Waiting for another action', 'This action needs the result of another one that has not gone out yet.') };
    const valid = validatePayload(input.operation, input.payload);
    if (!valid.ok) return { kind: 'rejected', problem: { ...problem(400, 'Not valid', valid.issues.map((i) => i.message).join(' ')), fields: valid.issues.slice(0, 50) } };

    const op = operations[input.operation];
    const idempotent = op.idempotency === 'idempotent';
    try {
      const query = input.payload.query as Record<string, string | number | boolean> | undefined;
      const { data } = await target.api.request(op.method, pathOf(input.operation, params), op.response, {
        priority: 'outbox',
        // Never retried inside the client: every attempt is one the entry counts, so a resend after an
        // attempt that did arrive can be read for what it is (a completion answered "already completed").
        idempotent: false,
        ...(input.payload.body !== undefined ? { body: input.payload.body } : {}),
        ...(query ? { query } : {}),
      });
      return { kind: 'done', result: data };
    } catch (error) {
      return outcomeOf(error, idempotent);
    }
  }

  async function verify(input: OutboxSendInput): Promise<OutboxVerdict> {
    const target = deps.targetFor(input.practiceKey);
    const verifier = verifiers[input.operation];
    if (!verifier) return { verdict: 'unknown', reason: 'The practice offers no way to check whether this action arrived.' };
    if (!target) return { verdict: 'unknown', reason: 'This practice is not connected.' };
    const params = resolvedParams(input.payload);
    if (!params) return { verdict: 'absent' }; // it never went out: its dependency was not even resolved
    try {
      return await verifier(target.api, params, input.payload.body, { queuedAt: input.queuedAt ?? null, claimed: new Set(input.claimed ?? []) });
    } catch (error) {
      return { verdict: 'unknown', reason: error instanceof Error ? error.message.slice(0, 400) : 'The check failed.' };
    }
  }

  return { send, verify };
}
export type OutboxExecutor = ReturnType<typeof createOutboxExecutor>;

const retryAfterOf = (error: PartnerApiError): number | null => {
  const seconds = z.number().positive().safeParse((error.problem as Record<string, unknown> | null)?.['retryAfterSeconds']);
  return seconds.success ? Math.ceil(seconds.data * 1000) : null;
};

/** Every failure, in the outbox's terms (see the failure table in docs/ARCHITECTURE.md). */
export function outcomeOf(error: unknown, idempotent: boolean): OutboxOutcome {
  if (error instanceof PartnerApiError) {
    const p = problem(error.status, error.title || 'Error', error.message || error.title || `The practice answered ${error.status}.`);
    if (error.status === 401) return { kind: 'unauthorized', problem: { ...p, message: 'The practice no longer accepts the saved credentials. Enter them again in Settings; the outbox waits until then.' } };
    if (error.status === 403) return { kind: 'forbidden', problem: { ...p, message: 'These credentials are read-only: the practice does not allow them to make changes.' } };
    if (error.status === 404) return { kind: 'gone', problem: { ...p, message: error.message || 'What this action refers to no longer exists at the practice.' } };
    if (error.status === 429) return { kind: 'retry', problem: { ...p, message: error.message || 'The practice asked us to wait.' }, retryAfterMs: retryAfterOf(error) };
    if (error.status >= 500) {
      // The body was sent: the server may have applied it before failing. Only a write that ends in the
      // same place when sent twice may simply go again; any other is settled by a read first.
      if (idempotent) return { kind: 'retry', problem: { ...p, message: 'The practice server had a problem; this will be tried again.' }, retryAfterMs: null };
      return { kind: 'ambiguous', problem: { ...p, message: `The practice server answered ${error.status} after receiving this, so it may or may not have been applied.` } };
    }
    return { kind: 'rejected', problem: p };
  }
  if (error instanceof NetworkError) {
    // Refused before anything was sent: always safe to try again. Anything else may have arrived.
    if (error.failure === 'unreachable' || idempotent) return { kind: 'retry', problem: problem(null, 'No connection', 'The practice server could not be reached; this will go out when it can.'), retryAfterMs: null };
    return { kind: 'ambiguous', problem: problem(null, 'No answer', 'The request went out but no answer came back, so it may or may not have been applied.') };
  }
  if (error instanceof MalformedResponseError) {
    // The practice accepted the write (2xx) but its answer does not match the contract.
    return { kind: 'done', result: null };
  }
  return { kind: 'retry', problem: problem(null, 'Error', error instanceof Error ? error.message : String(error)), retryAfterMs: null };
}
