import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { formatRedacted, redactText } from '../../../src-main/logging/redact';

// The signed storage URL of a client's uploaded file is a bearer credential for five minutes: whatever form it
// reaches the log in, its signature and expiry must not. (Main logs none of it; this guards the forms it could.)

const SIGNATURE = '4f1c2b9a8e7d6c5b4a39281706f5e4d3c2b1a09f8e7d6c5b4a3928170695a4b3';
const URLS = [
  `http://127.0.0.1:40123/_storage/onboarding-documents/0a3f1c52-1c2b-4c1d-9e2f-3a4b5c6d7e8f/9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d/40001/60001?expires=1795000000&sig=${SIGNATURE}`,
  `https://files.partner-api.example/u/60001/bank-statement.pdf?X-Amz-Expires=300&X-Amz-Signature=${SIGNATURE}`,
  `https://anz.partner-api.example/blob/60001?se=2026-11-20T10%3A05%3A00Z&sp=r&sig=${SIGNATURE}`,
];
const descriptor = (url: string) => ({
  documentId: 60001,
  fileName: 'bank-statement.pdf',
  contentType: 'application/pdf',
  size: 14602,
  url,
  expiresOn: '2026-11-20T10:05:00.000Z',
});

describe('the log and a signed storage URL', () => {
  it.each(URLS)('keeps the place but not the signature of %s, in every form main could log it', (url) => {
    const forms = [
      redactText(url),
      redactText(`GET ${url} failed: socket hang up`),
      redactText(JSON.stringify(descriptor(url))),
      redactText(JSON.stringify(JSON.stringify(descriptor(url)))),
      redactText(inspect(descriptor(url))),
      formatRedacted(['signed link', descriptor(url)]),
      formatRedacted([new Error(`could not fetch ${url}`)]),
    ];
    for (const form of forms) {
      expect(form).not.toContain(SIGNATURE);
      expect(form).not.toMatch(/expires=\d|Expires=\d|se=2026/);
      expect(form).toContain(url.slice(0, url.indexOf('?')));
    }
  });
});
