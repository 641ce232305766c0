import { describe, expect, it } from 'vitest';
import {
  MAX_COPY_NAME_LENGTH,
  documentCopyFileName,
  documentSaveCopyInputSchema,
  isSafeCopyFileName,
} from '../../../src-preload/contract/document-copy';

/** The document's own date (a bill's): the copy is named by it, whatever day it is saved. */
const dated = '2026-11-26';

describe('the name a saved copy of a document is offered under', () => {
  it('carries no date when the laptop does not know the document’s own', () => {
    expect(documentCopyFileName({ clientName: 'Oliver White', title: 'ID certificate', dated: null })).toBe(
      'Oliver White - ID certificate.pdf',
    );
  });

  it('is the client, the document and the document’s own day, as a PDF', () => {
    expect(documentCopyFileName({ clientName: 'Oliver White', title: 'Bill INV-004213', dated })).toBe(
      'Oliver White - Bill INV-004213 - 2026-11-26.pdf',
    );
  });

  it('turns characters a file system refuses into spaces and trims dots and spaces', () => {
    const name = documentCopyFileName({ clientName: ' A/B: "Trust" <Ltd>. ', title: 'Statement ST*2026|10?', dated });
    expect(name).toBe('A B Trust Ltd - Statement ST 2026 10 - 2026-11-26.pdf');
    expect(isSafeCopyFileName(name)).toBe(true);
  });

  it('leaves out a client it does not know and never doubles ".pdf"', () => {
    expect(documentCopyFileName({ clientName: null, title: 'bill-1042.pdf', dated })).toBe(
      'bill-1042 - 2026-11-26.pdf',
    );
    expect(documentCopyFileName({ clientName: '///', title: '???', dated })).toBe('Document - 2026-11-26.pdf');
  });

  it('cuts a long name but keeps the date and the extension', () => {
    const name = documentCopyFileName({ clientName: 'X'.repeat(300), title: 'Bill 1', dated });
    expect(name.length).toBeLessThanOrEqual(MAX_COPY_NAME_LENGTH);
    expect(name.endsWith(' - 2026-11-26.pdf')).toBe(true);
  });

  it('never offers a name Windows keeps for a device', () => {
    expect(documentCopyFileName({ clientName: null, title: 'CON', dated })).toBe('Document CON - 2026-11-26.pdf');
  });

  it('is the only kind of name the bridge accepts: no path, no other extension', () => {
    const ok = { practiceKey: '11111111-1111-4111-8111-111111111111', ref: { kind: 'bill', id: '1042' } };
    expect(documentSaveCopyInputSchema.safeParse({ ...ok, fileName: 'Oliver - Bill 1 - 2026-11-26.pdf' }).success).toBe(
      true,
    );
    for (const fileName of ['../../.ssh/id_rsa.pdf', 'C:\\Windows\\x.pdf', 'bill.exe', '.hidden.pdf', 'a\u0000.pdf']) {
      expect(documentSaveCopyInputSchema.safeParse({ ...ok, fileName }).success).toBe(false);
    }
  });
});
