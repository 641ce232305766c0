import { type z } from 'zod';
import { problemDetailsSchema } from '../../src-preload/contract/partner-api';
import {
  ClientClosingError,
  HubBusyError,
  HubDeviceRejectedError,
  MalformedResponseError,
  NetworkError,
  PartnerApiError,
  ResponseTooLargeError,
} from './api-errors';
import { EformQuotaError, isEformQuotaRefusal, quotaResetAt, spendsEformQuota, type Refusal } from './eform-quota';
import { classifyFetchFailure } from './network-failure';
import { MAX_FILE_BYTES, MAX_JSON_BYTES, readCappedBody } from './read-capped-body';
import { parseRetryAfterMs } from '../request-budget/response-hints';
import { realTimer } from '../request-budget/budget-timer';
import { decodeJson, fileType, mirrorProvenAtOf, serverDateOf } from './answer-reading';
import { readSignedFile } from './signed-file';
import { guardAnswer } from './guarded-answer';

/** Highest first: what the user waits for now > outbox replay > meeting-pack prefetch > background sync. */
export type RequestPriority = 'interactive' | 'outbox' | 'prefetch' | 'background';

/** What the client needs of the request budget (src-main/request-budget). */
export interface BudgetGate {
  reserve(priority: RequestPriority, signal?: AbortSignal): Promise<void>;
  /** refusal: set when the answer is the daily eForm quota's 429, which says nothing about the rate windows. */
  observe(response: { status: number; headers: { get(name: string): string | null } }, refusal?: Refusal): void;
}

export interface PartnerApiClientOptions {
  /** The regional host, e.g. https://anz.example/ or the demo's http://127.0.0.1:4010/anz. */
  baseUrl: string;
  credentials: () => { clientId: string; secret: string };
  fetch: typeof globalThis.fetch;
  /**
   * For every request this client will not resend itself (not idempotent): one that no layer below may
   * resend either. Electron's is a dedicated session that opens a fresh connection per request, which
   * Chromium never resends (src-main/partner-api/fresh-connection-fetch.ts). Default: `fetch`.
   */
  fetchForWrite?: typeof globalThis.fetch;
  budget?: BudgetGate;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  timeoutMs?: number;
  /** Attempts for idempotent requests that fail with a network error or 5xx (and for any 429). */
  maxAttempts?: number;
  /** The largest JSON answer and the largest file read (defaults: MAX_JSON_BYTES, MAX_FILE_BYTES); tests lower them. */
  maxJsonBytes?: number;
  maxFileBytes?: number;
  /** The server is the practice hub and the credentials a device's: a 401 means the device was revoked. */
  hubDevice?: boolean;
  /**
   * Once aborted (a hub that is stopping), every request waiting or under way ends with a ClientClosingError and
   * no new one starts: a stop is never held by an answer the practice is slow to give.
   */
  closing?: AbortSignal;
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  priority?: RequestPriority;
  signal?: AbortSignal;
  /** Retry network failures and 5xx? Defaults to true for GET/PUT/DELETE, false for POST/PATCH (a retry could send twice). */
  idempotent?: boolean;
}

export interface ApiResponse<T> {
  data: T;
  status: number;
  /** The server's Date header: the sync watermark comes from here, never from the laptop clock. */
  serverDate: Date | null;
}

export interface ListPage<T> extends ApiResponse<T[]> {
  /** Records that failed validation: reported and skipped, never stored. */
  rejected: { index: number; issues: string }[];
  /**
   * From the practice hub only: the practice-clock time from which its mirror of this list is proven
   * complete (`X-Hub-Mirror-Proven-At`), so a laptop falling back to the Partner API knows where to read from.
   */
  mirrorProvenAt?: string;
}

/** A hub's 429 whose wait is at most this long is waited by the client itself (then the request goes again). */
export const HUB_WAIT_WITHIN_MS = 30_000;

/** A hub's Retry-After (the one parser of request-budget/response-hints.ts); one it says nothing readable in is 5 s. */
const hubRetryAfterMs = (response: Response): number => parseRetryAfterMs(response.headers, Date.now()) ?? 5_000;

/**
 * The one way main talks to the Partner API. Every attempt passes the request budget first and feeds
 * the answer back to it; failures become typed errors; every response is validated against the
 * shared contract before anyone sees it.
 */
export function createPartnerApiClient(options: PartnerApiClientOptions) {
  const sleep = options.sleep ?? realTimer.sleep;
  const random = options.random ?? Math.random;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const maxAttempts = options.maxAttempts ?? 5;
  const base = options.baseUrl.replace(/\/+$/, '');
  const maxJsonBytes = options.maxJsonBytes ?? MAX_JSON_BYTES;
  const maxFileBytes = options.maxFileBytes ?? MAX_FILE_BYTES;

  /** The caller's signal, and the client's own `closing` ended with a ClientClosingError. */
  function withClosing<T extends { signal?: AbortSignal }>(request: T): T {
    if (!options.closing) return request;
    return { ...request, signal: request.signal ? AbortSignal.any([request.signal, closingSignal]) : closingSignal };
  }
  const closingSignal = closingAsError(options.closing);

  function url(path: string, query: RequestOptions['query']): string {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) search.set(key, String(value));
    const qs = search.toString();
    return `${base}/api/v1${path}${qs ? `?${qs}` : ''}`;
  }

  /**
   * One attempt: budget, fetch with a timeout, whole body read within `limit` (a truncated body is a
   * network failure).
   *
   * Redirects are never followed: `redirect: 'manual'` makes both Node's fetch and Electron's net.fetch
   * hand back the 3xx instead of sending the request, with its X-Svc-Auth-Key, to the new address
   * ('manual' rather than 'error' so the redirect arrives as an answer with a status, which both runtimes
   * report alike, not as an error whose wording differs). Any 3xx, and an opaque redirect, becomes a
   * RedirectRefusedError.
   */
  async function attempt(
    method: string,
    target: string,
    request: RequestOptions,
    limit: number,
    transport: typeof globalThis.fetch,
  ): Promise<{ response: Response; bytes: Uint8Array }> {
    await options.budget?.reserve(request.priority ?? 'interactive', request.signal);
    // Given up already (the caller, or a client closing): nothing is sent.
    request.signal?.throwIfAborted();
    const { clientId, secret } = options.credentials();
    const guard = guardAnswer(timeoutMs, request.signal);
    const headers: Record<string, string> = {
      'X-Svc-Auth-ID': clientId,
      'X-Svc-Auth-Key': secret,
      Accept: 'application/json',
    };
    if (request.body !== undefined) headers['Content-Type'] = 'application/json';
    const init: RequestInit = {
      method,
      headers,
      signal: guard.signal,
      redirect: 'manual',
      ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
    };
    try {
      const response = await transport(target, init);
      // An eForm's 429 is the daily quota or the rate limit; its body tells which, so it is read first.
      if (response.status === 429 && spendsEformQuota(method, target)) return await eformRefusal(response, limit);
      options.budget?.observe(response);
      guard.refuseRedirect(response);
      const body = await guard.readBody(response, limit);
      if (body.tooLarge) {
        // An error status keeps its meaning (it is reported by status, without the oversized details).
        if (response.ok) throw new ResponseTooLargeError(limit);
        return { response, bytes: new Uint8Array(0) };
      }
      return { response, bytes: body.bytes };
    } catch (error) {
      if (request.signal?.aborted) throw request.signal.reason;
      if (error instanceof NetworkError || error instanceof PartnerApiError || error instanceof MalformedResponseError)
        throw error;
      throw classifyFetchFailure(error, guard.timedOut());
    }
  }

  /** 429s the practice gave for its daily eForm quota: not retried, and thrown as EformQuotaError. */
  const quotaRefusals = new WeakSet<Response>();

  /** Reads an eForm-sending 429 and tells the budget which limit refused it (eform-quota.ts). */
  async function eformRefusal(response: Response, limit: number): Promise<{ response: Response; bytes: Uint8Array }> {
    const body = await readCappedBody(response, limit).catch(() => null);
    const bytes = body && !body.tooLarge ? body.bytes : new Uint8Array(0);
    let problem: unknown = null;
    try {
      problem = decodeJson(response, bytes);
    } catch {
      problem = null;
    }
    const quota = isEformQuotaRefusal(response.headers, problem, Date.now());
    options.budget?.observe(response, quota ? 'eform-quota' : undefined);
    if (quota) quotaRefusals.add(response);
    return { response, bytes };
  }

  function backoffMs(attemptNumber: number): number {
    // Exponential with full jitter: spreads retries from many laptops after an outage.
    const ceiling = Math.min(30_000, 500 * 2 ** attemptNumber);
    return Math.round(ceiling / 2 + random() * (ceiling / 2));
  }

  async function send(
    method: string,
    path: string,
    request: RequestOptions,
    limit = maxJsonBytes,
  ): Promise<{ response: Response; bytes: Uint8Array }> {
    request = withClosing(request);
    const idempotent = request.idempotent ?? (method === 'GET' || method === 'PUT' || method === 'DELETE');
    const target = url(path, request.query);
    // What this client does not resend, nothing under it may resend (Chromium would, on a reused connection).
    const transport = idempotent ? options.fetch : (options.fetchForWrite ?? options.fetch);
    for (let n = 0; ; n++) {
      let result: { response: Response; bytes: Uint8Array } | undefined;
      let failure: unknown;
      try {
        result = await attempt(method, target, request, limit, transport);
      } catch (error) {
        if (!(error instanceof NetworkError)) throw error;
        failure = error;
      }
      const last = n + 1 >= maxAttempts;
      if (result) {
        const status = result.response.status;
        // The hub's 429 (no budget paces a device's requests to it): its Retry-After is waited here when short,
        // and otherwise handed to the caller as a HubBusyError naming the wait.
        if (options.hubDevice && status === 429) {
          const waitMs = hubRetryAfterMs(result.response);
          if (last || waitMs > HUB_WAIT_WITHIN_MS) return result;
          await sleep(waitMs, request.signal);
          continue;
        }
        // 429: the server did not act on it, so any request may be retried; the budget holds the pause.
        // Not the eForm quota's: nothing would pass before it resets, so the caller waits for that.
        const retryable = (status === 429 && !quotaRefusals.has(result.response)) || (idempotent && status >= 500);
        if (!retryable || last) return result;
        if (status !== 429) await sleep(backoffMs(n), request.signal);
        continue;
      }
      if (!idempotent || last) throw failure;
      await sleep(backoffMs(n), request.signal);
    }
  }

  function toError(response: Response, bytes: Uint8Array): PartnerApiError {
    let problem = null;
    try {
      problem = problemDetailsSchema.parse(decodeJson(response, bytes));
    } catch {
      problem = null;
    }
    const error = new PartnerApiError(
      response.status,
      problem?.title ?? response.statusText,
      problem?.message ?? problem?.detail ?? '',
      problem,
      // The practice's clock when it answered: what settles a write answered this way is read against it.
      serverDateOf(response),
    );
    if (options.hubDevice && response.status === 401) return new HubDeviceRejectedError(error);
    if (options.hubDevice && response.status === 429) return new HubBusyError(error, hubRetryAfterMs(response));
    if (quotaRefusals.has(response)) return new EformQuotaError(error, quotaResetAt(response.headers, Date.now()));
    return error;
  }

  async function request<S extends z.ZodType>(
    method: string,
    path: string,
    schema: S,
    requestOptions: RequestOptions = {},
  ): Promise<ApiResponse<z.output<S>>> {
    const { response, bytes } = await send(method, path, requestOptions);
    if (!response.ok) throw toError(response, bytes);
    const parsed = schema.safeParse(decodeJson(response, bytes));
    if (!parsed.success)
      throw new MalformedResponseError(
        `The answer to ${method} ${path} does not match the contract: ${parsed.error.issues[0]?.message ?? ''}`,
      );
    return { data: parsed.data, status: response.status, serverDate: serverDateOf(response) };
  }

  /** A list page, validated record by record: one malformed record is reported and skipped, not fatal. */
  async function list<S extends z.ZodType>(
    path: string,
    itemSchema: S,
    requestOptions: RequestOptions = {},
  ): Promise<ListPage<z.output<S>>> {
    const { response, bytes } = await send('GET', path, requestOptions);
    if (!response.ok) throw toError(response, bytes);
    const body = decodeJson(response, bytes);
    if (!Array.isArray(body)) throw new MalformedResponseError(`The answer to GET ${path} is not a list.`);
    const data: z.output<S>[] = [];
    const rejected: ListPage<unknown>['rejected'] = [];
    body.forEach((item, index) => {
      const parsed = itemSchema.safeParse(item);
      if (parsed.success) data.push(parsed.data);
      else
        rejected.push({
          index,
          issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
        });
    });
    const mirrorProvenAt = options.hubDevice ? mirrorProvenAtOf(response) : null;
    return {
      data,
      rejected,
      status: response.status,
      serverDate: serverDateOf(response),
      ...(mirrorProvenAt ? { mirrorProvenAt } : {}),
    };
  }

  /** A file: the bytes and their type, refused unless the server says it is one of the expected types. */
  async function file(
    path: string,
    expectedType: string | readonly string[],
    requestOptions: RequestOptions = {},
  ): Promise<ApiResponse<Uint8Array> & { contentType: string }> {
    const { response, bytes } = await send('GET', path, requestOptions, maxFileBytes);
    if (!response.ok) throw toError(response, bytes);
    const contentType = fileType(response, expectedType);
    return { data: bytes, status: response.status, serverDate: serverDateOf(response), contentType };
  }

  /** A client's uploaded file behind a signed storage URL: the storage, not the API (signed-file.ts). */
  function signedFile(
    signedUrl: string,
    expectedType: readonly string[],
    requestOptions: Pick<RequestOptions, 'signal'> = {},
  ): Promise<{ data: Uint8Array; contentType: string }> {
    return readSignedFile(
      { base, fetch: options.fetch, timeoutMs, maxFileBytes, toError },
      signedUrl,
      expectedType,
      withClosing(requestOptions).signal,
    );
  }

  return {
    request,
    list,
    file,
    signedFile,
    /** This client talks to the practice hub with a device's credentials, not to the Partner API itself. */
    throughHub: options.hubDevice === true,
  };
}
export type PartnerApiClient = ReturnType<typeof createPartnerApiClient>;

/** A signal that aborts, with a ClientClosingError as its reason, when `closing` does. */
function closingAsError(closing: AbortSignal | undefined): AbortSignal {
  const controller = new AbortController();
  const end = () => controller.abort(new ClientClosingError());
  if (closing?.aborted) end();
  else closing?.addEventListener('abort', end, { once: true });
  return controller.signal;
}
