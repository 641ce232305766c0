import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OnboardingDocumentsEntity } from '../../src-preload/contract/partner-api';
import { signedDocumentUrlSchema } from '../../src-preload/contract/partner-api';
import { readPdf } from '../support/read-pdf-text';
import { manualClock, startDemo, type TestDemo } from './support/demo';

// The files clients uploaded to their onboardings, as the demo practice serves them: a signed storage URL
// answered as JSON (never a redirect), fetched without credentials, and files a practice would recognise.

const clock = manualClock();
let t: TestDemo;
beforeAll(async () => {
  t = await startDemo({ clock });
});
afterAll(() => t.demo.close());

type Upload = { key: string; entry: OnboardingDocumentsEntity; documentId: number };

/** The first uploaded file of a requirement with this name, in practice `index`. */
function upload(name: string, index = 0): Upload {
  for (const [key, entries] of t.state(index).onboardingDocuments) {
    for (const entry of entries) {
      const document = entry.documents.find((d) => d.name === name && d.isUploaded);
      if (document) return { key, entry, documentId: document.documentId };
    }
  }
  throw new Error(`No uploaded ${name}`);
}

const linkPath = (u: Upload) =>
  `/onboardings/${u.key}/entities/${u.entry.entityOnboardingId}/documents/${u.documentId}`;

/** The descriptor, then the file from its URL with no header at all. */
async function fetchUpload(u: Upload, practice = 0) {
  const answer = await t.call('GET', linkPath(u), { practice });
  expect(answer.status).toBe(200);
  const signed = signedDocumentUrlSchema.parse(answer.json);
  const response = await fetch(signed.url, { redirect: 'manual' });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { signed, response, bytes };
}

describe('one uploaded file: a signed storage URL, as JSON', () => {
  it('names the file, its type and its size, and points at the storage host on the demo’s own origin for five minutes', async () => {
    const { signed, response, bytes } = await fetchUpload(upload('Bank statement'));
    expect(signed).toMatchObject({ fileName: 'bank-statement.pdf', contentType: 'application/pdf' });
    expect(signed.size).toBe(bytes.length);
    expect(new URL(signed.url).origin).toBe(t.demo.baseUrl);
    expect(new URL(signed.url).pathname).toMatch(/^\/_storage\/onboarding-documents\//);
    expect(Date.parse(signed.expiresOn) - clock.now().getTime()).toBe(300_000);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="bank-statement.pdf"');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });

  it('serves the storage without credentials, records that none came, and counts it against no rate limit', async () => {
    const before = t.demo.runtime.requestLog.length;
    t.demo.runtime.storageLog.length = 0;
    await fetchUpload(upload('Bank statement'));
    expect(t.demo.runtime.storageLog).toEqual([expect.objectContaining({ status: 200, credentialsSent: false })]);
    // Only the API call is in the request log; the storage fetch is not an API request.
    expect(t.demo.runtime.requestLog.slice(before).map((r) => r.operationId)).toEqual(['getOnboardingDocument']);
  });

  it('refuses an expired link and a tampered one with 403, and 404s a requirement with nothing uploaded', async () => {
    const { signed } = await fetchUpload(upload('Bank statement'));
    const tampered = signed.url.replace(/sig=([0-9a-f])/, (_: string, c: string) => `sig=${c === '0' ? '1' : '0'}`);
    expect((await fetch(tampered)).status).toBe(403);
    clock.advance(301_000);
    expect((await fetch(signed.url)).status).toBe(403);
    const [key, [entry]] = [...t.state().onboardingDocuments].find(([, entries]) =>
      entries[0]!.documents.some((d) => !d.isUploaded),
    )!;
    const missing = entry!.documents.find((d) => !d.isUploaded)!;
    const refused = await t.call(
      'GET',
      `/onboardings/${key}/entities/${entry!.entityOnboardingId}/documents/${missing.documentId}`,
    );
    expect(refused.status).toBe(404);
  });
});

describe('files a practice would recognise', () => {
  it('a bank statement from the client’s bank: holder, account, the month’s transactions and balances that add up', async () => {
    const u = upload('Bank statement');
    const { bytes } = await fetchUpload(u);
    const pdf = await readPdf(bytes);
    for (const words of ['BANK STATEMENT', 'Southern Cross Bank', u.entry.entityName, 'BSB 062-', 'Opening balance'])
      expect(pdf.text).toContain(words);
    expect(pdf.text).toMatch(/Closing balance on \d{1,2} \w+ \d{4}: \$[\d,]+\.\d\d/);
    // The same document is the same file every time (the hub and every laptop keep one copy).
    expect((await fetchUpload(u)).bytes).toEqual(bytes);
  });

  it('in the UK practice, in pounds from a UK bank with a sort code', async () => {
    const { bytes } = await fetchUpload(upload('Bank statement', 1), 1);
    const text = (await readPdf(bytes)).text;
    expect(text).toContain('Sort code 40-');
    expect(text).toMatch(/£[\d,]+\.\d\d/);
  });

  it('a photo of the client’s licence as a PNG image', async () => {
    const { signed, response, bytes } = await fetchUpload(upload('Photo identification'));
    expect(signed).toMatchObject({ fileName: 'photo-id.png', contentType: 'image/png', size: bytes.length });
    expect(response.headers.get('content-type')).toBe('image/png');
    expect([...bytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const header = new DataView(bytes.buffer, bytes.byteOffset + 16, 8);
    expect([header.getUint32(0), header.getUint32(4)]).toEqual([540, 340]);
  });

  it('a trust deed as a Word document', async () => {
    const { signed, bytes } = await fetchUpload(upload('Trust deed'));
    expect(signed.contentType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(signed.fileName).toBe('trust-deed.docx');
    const files = unzipSync(bytes);
    expect(Object.keys(files).sort()).toEqual(['[Content_Types].xml', '_rels/.rels', 'word/document.xml']);
    expect(new TextDecoder().decode(files['word/document.xml'])).toContain('Trust deed');
  });
});

describe('all uploaded files of a client as a zip', () => {
  it('holds each uploaded file under its name, byte for byte what its signed URL serves', async () => {
    const u = upload('Photo identification');
    const zip = await t.call('GET', `/onboardings/${u.key}/entities/${u.entry.entityOnboardingId}/documents/zip`);
    expect(zip.status).toBe(200);
    const files = unzipSync(zip.bytes);
    const uploaded = u.entry.documents.filter((d) => d.isUploaded);
    expect(Object.keys(files).sort()).toEqual(uploaded.map((d) => d.fileName!).sort());
    const { bytes } = await fetchUpload(u);
    expect(files['photo-id.png']).toEqual(bytes);
  });
});
