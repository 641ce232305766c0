/**
 * "Does the practice answer through this network?" — asked without credentials, so it costs no
 * request budget: the Partner API authenticates before it counts a request against a Client ID, and
 * none is sent. The practice's answer to `GET /api/v1/auth/validate` without credentials is a 401 with
 * a problem-details JSON body; a captive portal answers every address with its own page (200 text/html,
 * or a redirect to it), which is not counted as the practice.
 */
export type PracticeProbeResult = 'answered' | 'unreachable' | 'no-practice';

export interface PracticeProbeDeps {
  /** The host's own fetch, not the one that reports to the monitor (a probe must not trigger a probe). */
  fetch: typeof globalThis.fetch;
  /** The active practice's base URL (as its API client uses it), or null when none is connected. */
  baseUrl: () => string | null;
  /** A probe that hangs is as good as no answer; a few seconds keeps "offline" prompt. */
  timeoutMs?: number;
}

const isJson = (contentType: string | null): boolean => /^application\/(?:[\w.-]+\+)?json\b/i.test(contentType ?? '');

/**
 * Cheap check, on headers only, that a response came from the practice rather than something in
 * between: the Partner API answers with JSON (data or problem details), a file (the bill PDF) or an
 * empty body; the practice hub also with its change stream (Server-Sent Events); a portal answers with a
 * web page or a redirect.
 */
export function looksLikePracticeAnswer(response: Pick<Response, 'status' | 'headers'>): boolean {
  if (response.status >= 300 && response.status < 400) return false;
  if (response.status === 204) return true;
  const contentType = response.headers.get('content-type') ?? '';
  if (/^text\/event-stream\b/i.test(contentType)) return true;
  return /^application\//i.test(contentType) && !/^application\/xhtml/i.test(contentType);
}

/** A problem-details body (contract, Errors §1): an object with a title or a status, the status matching the HTTP one. */
async function isProblemDetails(response: Response): Promise<boolean> {
  if (!isJson(response.headers.get('content-type'))) return false;
  try {
    const body: unknown = await response.json();
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
    const { status, title } = body as { status?: unknown; title?: unknown };
    // Both fields are nullable in the contract; one of them must be there to tell this body from any JSON.
    if (typeof status === 'number') return status === response.status;
    return typeof title === 'string' && title.length > 0;
  } catch {
    return false;
  }
}

export function createPracticeProbe(deps: PracticeProbeDeps): () => Promise<PracticeProbeResult> {
  const timeoutMs = deps.timeoutMs ?? 5_000;
  return async () => {
    const baseUrl = deps.baseUrl();
    if (!baseUrl) return 'no-practice';
    try {
      const response = await deps.fetch(`${baseUrl.replace(/\/+$/, '')}/api/v1/auth/validate`, {
        method: 'GET',
        headers: { accept: 'application/json' },
        // A portal's redirect is an answer from the portal, not from the practice.
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      // 401 is the expected answer; a 429 (limits applied in front of authentication) is the practice too.
      const expected = response.status === 401 || response.status === 429;
      if (expected && (await isProblemDetails(response))) return 'answered';
      await response.body?.cancel().catch(() => undefined);
      return 'unreachable';
    } catch {
      return 'unreachable';
    }
  };
}
