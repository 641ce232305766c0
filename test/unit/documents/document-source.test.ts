import { describe, expect, it } from 'vitest';
import { problemFor } from '../../../src-main/documents/document-problems';
import { documentApiPath, downloadDocument } from '../../../src-main/documents/document-source';
import { MalformedResponseError, NetworkError, PartnerApiError } from '../../../src-main/partner-api/api-errors';
import { createPartnerApiClient, type RequestPriority } from '../../../src-main/partner-api/partner-api-client';
import { ENTITY, fakePdf } from './helpers';

/** A real API client over a stub fetch that answers every request with `answer`; records URLs and budget priorities. */
function client(answer: () => Response) {
  const urls: string[] = [];
  const priorities: RequestPriority[] = [];
  const api = createPartnerApiClient({
    baseUrl: 'https://anz.example',
    credentials: () => ({ clientId: 'id', secret: 'secret' }),
    fetch: async (input) => {
      urls.push(String(input));
      return answer();
    },
    budget: { reserve: async (priority) => void priorities.push(priority), observe: () => undefined },
    maxAttempts: 1,
  });
  return { api, urls, priorities };
}
const pdfResponse = (bytes: Uint8Array<ArrayBuffer>, type = 'application/pdf') =>
  new Response(bytes, { headers: { 'content-type': type } });

describe('the document source', () => {
  it('maps each kind to its Partner API path', () => {
    expect(documentApiPath({ kind: 'bill', id: '1042' })).toBe('/bills/1042/pdf');
    expect(documentApiPath({ kind: 'statement', id: '77' })).toBe('/statements/77/pdf');
    expect(documentApiPath({ kind: 'idCertificate', id: ENTITY })).toBe(
      `/id-verifications/entities/${ENTITY}/certificate`,
    );
    expect(documentApiPath({ kind: 'upload', id: `${ENTITY}.40001.60002` })).toBe(
      `/onboardings/${ENTITY}/entities/40001/documents/60002`,
    );
  });

  it('downloads through the client, so the request budget sees it at the given priority', async () => {
    const bytes = fakePdf(2000);
    const { api, urls, priorities } = client(() => pdfResponse(bytes));
    expect(await downloadDocument(api, { kind: 'statement', id: '77' }, 'prefetch')).toEqual({
      bytes,
      contentType: 'application/pdf',
    });
    expect(urls).toEqual(['https://anz.example/api/v1/statements/77/pdf']);
    expect(priorities).toEqual(['prefetch']);
  });

  it('refuses bytes served as a PDF that do not start with %PDF-, and anything not served as a PDF', async () => {
    const html = new TextEncoder().encode('<html>sign in</html>');
    await expect(
      downloadDocument(client(() => pdfResponse(html)).api, { kind: 'bill', id: '1' }, 'interactive'),
    ).rejects.toThrow(/not a PDF/);
    await expect(
      downloadDocument(
        client(() => pdfResponse(fakePdf(100), 'text/html')).api,
        { kind: 'bill', id: '1' },
        'interactive',
      ),
    ).rejects.toBeInstanceOf(MalformedResponseError);
  });
});

describe('problems', () => {
  it('a network failure is offline: corrupt-offline with a damaged copy, offline-not-downloaded without', () => {
    const cut = new NetworkError('unreachable', 'fetch failed');
    expect(problemFor(cut, 'bill', true).problem).toBe('corrupt-offline');
    expect(problemFor(cut, 'bill', false).problem).toBe('offline-not-downloaded');
  });

  it('a 404 is not-available with a sentence per kind; other answers are failed', () => {
    const notFound = new PartnerApiError(404, 'Not Found', 'Bill INV-1 is a draft', null);
    expect(problemFor(notFound, 'bill', false)).toEqual({
      ok: false,
      problem: 'not-available',
      message: 'This bill has no PDF yet (drafts have none).',
    });
    expect(problemFor(notFound, 'idCertificate', false)).toEqual({
      ok: false,
      problem: 'not-available',
      message: 'No identity verification has been completed for this client yet.',
    });
    expect(problemFor(notFound, 'statement', false).problem).toBe('not-available');
    expect(problemFor(new PartnerApiError(500, 'Server Error', '', null), 'bill', false)).toMatchObject({
      problem: 'failed',
      message: expect.stringMatching(/server had a problem/),
    });
    expect(
      problemFor(new MalformedResponseError('The practice sent a file that is not a PDF.'), 'bill', false),
    ).toMatchObject({ problem: 'failed', message: expect.stringMatching(/not a PDF/) });
  });

  it("a local failure is told in a sentence that never carries the raw error (it may name the laptop's paths)", () => {
    const disk = new Error(
      "ENOSPC: no space left on device, open '/home/sam/.config/Practice Companion/cache/practices/x/documents/a.tmp'",
    );
    const answer = problemFor(disk, 'idCertificate', false);
    expect(answer).toMatchObject({
      problem: 'failed',
      message: expect.stringMatching(/could not be saved on this computer/),
    });
    expect(JSON.stringify(answer)).not.toMatch(/ENOSPC|\/home\/sam/);
  });
});
