import { describe, expect, it } from 'vitest';
import { createPracticeProbe, looksLikePracticeAnswer } from '../../../src-main/connectivity/practice-probe';

const problem = (
  status: number,
  body: unknown = {
    type: null,
    title: 'Unauthorized',
    status,
    detail: 'Credentials are missing.',
    instance: '/api/v1/auth/validate',
  },
) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/problem+json; charset=utf-8' },
  });
const portalPage = () =>
  new Response('<html><body>Welcome to Hotel Wi-Fi. Accept the terms to continue.</body></html>', {
    status: 200,
    headers: { 'content-type': 'text/html' },
  });

function probeWith(
  answer: (url: string, init: RequestInit | undefined) => Promise<Response>,
  baseUrl: string | null = 'https://anz.partner-api.example/',
) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const probe = createPracticeProbe({
    fetch: async (input, init) => {
      calls.push({ url: String(input), init });
      return answer(String(input), init);
    },
    baseUrl: () => baseUrl,
    timeoutMs: 50,
  });
  return { probe, calls };
}

describe('practice probe', () => {
  it('asks the practice to validate no credentials, and counts its 401 problem details as an answer', async () => {
    const { probe, calls } = probeWith(async () => problem(401));
    await expect(probe()).resolves.toBe('answered');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('https://anz.partner-api.example/api/v1/auth/validate');
    // Nothing that could authenticate, so no Client ID is charged for it.
    const headers = new Headers(calls[0]!.init?.headers);
    expect([...headers.keys()].filter((name) => /auth/i.test(name))).toEqual([]);
    expect(calls[0]!.init?.redirect).toBe('manual');
  });

  it('counts a 429 problem (limits in front of authentication) as the practice answering', async () => {
    await expect(
      probeWith(async () => problem(429, { title: 'Too Many Requests', status: 429 })).probe(),
    ).resolves.toBe('answered');
  });

  it('does not count a captive portal: its page, its redirect, or a 401 that is not problem details', async () => {
    await expect(probeWith(async () => portalPage()).probe()).resolves.toBe('unreachable');
    await expect(
      probeWith(
        async () => new Response(null, { status: 302, headers: { location: 'http://portal.example/login' } }),
      ).probe(),
    ).resolves.toBe('unreachable');
    await expect(
      probeWith(
        async () => new Response('<html>Sign in</html>', { status: 401, headers: { 'content-type': 'text/html' } }),
      ).probe(),
    ).resolves.toBe('unreachable');
    await expect(
      probeWith(
        async () => new Response('{"ok":true}', { status: 401, headers: { 'content-type': 'application/json' } }),
      ).probe(),
    ).resolves.toBe('unreachable');
    await expect(probeWith(async () => problem(401, { title: 'Unauthorized', status: 200 })).probe()).resolves.toBe(
      'unreachable',
    );
    await expect(
      probeWith(
        async () =>
          new Response('{"title":"x","status":200}', { status: 200, headers: { 'content-type': 'application/json' } }),
      ).probe(),
    ).resolves.toBe('unreachable');
  });

  it('is unreachable when the request fails or hangs past its timeout', async () => {
    await expect(probeWith(async () => Promise.reject(new TypeError('fetch failed'))).probe()).resolves.toBe(
      'unreachable',
    );
    const hanging = probeWith(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error));
        }),
    );
    await expect(hanging.probe()).resolves.toBe('unreachable');
  });

  it('with no practice connected asks nobody', async () => {
    const { probe, calls } = probeWith(async () => problem(401), null);
    await expect(probe()).resolves.toBe('no-practice');
    expect(calls).toEqual([]);
  });
});

describe('looksLikePracticeAnswer', () => {
  const answer = (status: number, contentType?: string) =>
    new Response(status === 204 ? null : '', { status, headers: contentType ? { 'content-type': contentType } : {} });

  it("accepts the Partner API's JSON, problem details, files and empty answers", () => {
    expect(looksLikePracticeAnswer(answer(200, 'application/json; charset=utf-8'))).toBe(true);
    expect(looksLikePracticeAnswer(answer(404, 'application/problem+json; charset=utf-8'))).toBe(true);
    expect(looksLikePracticeAnswer(answer(200, 'application/pdf'))).toBe(true);
    expect(looksLikePracticeAnswer(answer(204))).toBe(true);
    // The practice hub's change stream (a portal never answers with one).
    expect(looksLikePracticeAnswer(answer(200, 'text/event-stream; charset=utf-8'))).toBe(true);
  });

  it("rejects a portal's page or redirect", () => {
    expect(looksLikePracticeAnswer(answer(200, 'text/html; charset=utf-8'))).toBe(false);
    expect(looksLikePracticeAnswer(answer(200, 'application/xhtml+xml'))).toBe(false);
    expect(looksLikePracticeAnswer(answer(302, 'application/json'))).toBe(false);
    expect(looksLikePracticeAnswer(answer(200))).toBe(false);
  });
});
