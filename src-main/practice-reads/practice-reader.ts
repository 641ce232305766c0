import type { z } from 'zod';
import { readSpecs, type ReadInput, type ReadResult } from '../../src-preload/contract/reads';
import { describeApiError, ListChangedWhileReadError, NetworkError, PartnerApiError } from '../partner-api/api-errors';
import { noAnswerWords } from '../../src-preload/contract/failure-words';
import type { PartnerApiClient } from '../partner-api/partner-api-client';
import { readAllPages } from '../partner-api/paging';

export interface PracticeReaderDeps {
  /** The active, unlocked practice's API client; null for any other practice (nothing is sent). */
  targetFor(practiceKey: string): { api: PartnerApiClient } | null;
}

/**
 * `practice.read`: one on-demand read (a client's proposals, a statement, a bill's detail …) under the
 * request budget at the caller's priority. Answers are validated against the contract here; failures
 * come back as a reason and a plain sentence, so a screen can keep showing what it had.
 */
export function createPracticeReader(deps: PracticeReaderDeps) {
  return {
    /** `signal` (practice.cancel) stops the read: no further page is asked for, a wait for the budget ends. */
    async read(input: ReadInput, signal?: AbortSignal): Promise<ReadResult> {
      const target = deps.targetFor(input.practiceKey);
      if (!target)
        return {
          ok: false,
          problem: 'not-connected',
          message: 'This practice is not the one signed in on this laptop now, so nothing was read.',
        };
      const request = input.request;
      // One schema per kind; the union of kinds is too wide for the compiler to follow through the lookup.
      const spec = readSpecs[request.kind] as unknown as {
        path(r: typeof request): string;
        query?(r: typeof request): Record<string, string | number>;
        response: z.ZodType;
        list: boolean;
        pagedBy?: (record: unknown) => string | number;
      };
      const options = {
        priority: input.priority,
        ...(spec.query ? { query: spec.query(request) } : {}),
        ...(signal ? { signal } : {}),
      };
      try {
        if (spec.pagedBy) {
          let serverDate: Date | null = null;
          const whole = await readAllPages(async (pageNumber) => {
            const page = await target.api.list(spec.path(request), spec.response, {
              ...options,
              query: { ...options.query, pageNumber },
            });
            serverDate = page.serverDate ?? serverDate;
            return { data: page.data as unknown[], rejected: page.rejected.length };
          }, spec.pagedBy);
          return {
            ok: true,
            data: whole.data,
            rejected: whole.rejected,
            serverDate: (serverDate as Date | null)?.toISOString() ?? null,
            requests: whole.requests,
          };
        }
        if (spec.list) {
          const page = await target.api.list(spec.path(request), spec.response, options);
          return {
            ok: true,
            data: page.data,
            rejected: page.rejected.length,
            serverDate: page.serverDate?.toISOString() ?? null,
            requests: 1,
          };
        }
        const answer = await target.api.request('GET', spec.path(request), spec.response, options);
        return {
          ok: true,
          data: answer.data,
          rejected: 0,
          serverDate: answer.serverDate?.toISOString() ?? null,
          requests: 1,
        };
      } catch (error) {
        if (signal?.aborted)
          return { ok: false, problem: 'failed', message: 'The read was stopped: the window no longer needed it.' };
        // The shared sentences; a read adds only that the screen keeps what the laptop has.
        const message = describeApiError(error).slice(0, 1000);
        if (error instanceof NetworkError)
          return {
            ok: false,
            problem: 'offline',
            message: `${noAnswerWords(error.failure === 'timeout')} What is on this laptop is shown.`,
          };
        if (error instanceof PartnerApiError && error.status === 404)
          return { ok: false, problem: 'not-found', message };
        const passing =
          error instanceof ListChangedWhileReadError ||
          (error instanceof PartnerApiError && (error.status >= 500 || error.status === 429));
        return { ok: false, problem: 'failed', message, ...(passing ? { retryable: true } : {}) };
      }
    },
  };
}
