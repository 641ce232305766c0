import { describe, expect, it } from 'vitest';
import {
  INCORRECT_PASSWORD,
  NEED_PASSWORD,
  PdfLoadTimeoutError,
  PdfWorkerUnavailableError,
  describePdfProblem,
  isCancellation,
  type PdfProblemKind,
} from '../../../../src-renderer/pdf-viewer/pdf-problem';
import { buildHostileCorpus } from '../../../support/hostile-pdfs/corpus';
import { readPdf } from '../../../support/read-pdf-text';

/** What pdf.js rejects with: plain objects named like its exceptions (they cross the worker boundary by name). */
const pdfjsError = (name: string, message: string, extra: Record<string, unknown> = {}) =>
  Object.assign(Object.create(Error.prototype), { name, message, ...extra });

describe('describePdfProblem', () => {
  it.each<[string, unknown, PdfProblemKind]>([
    [
      'a password-protected file opened without one',
      pdfjsError('PasswordException', 'No password given', { code: NEED_PASSWORD }),
      'password-required',
    ],
    [
      'a wrong password',
      pdfjsError('PasswordException', 'Incorrect Password', { code: INCORRECT_PASSWORD }),
      'password-incorrect',
    ],
    [
      'an empty file',
      pdfjsError('InvalidPDFException', 'The PDF file is empty, i.e. its size is zero bytes.'),
      'empty',
    ],
    ['a file with no readable structure', pdfjsError('InvalidPDFException', 'Invalid PDF structure.'), 'damaged'],
    ['a broken root', pdfjsError('InvalidPDFException', 'Invalid Root reference.'), 'damaged'],
    ['a format error', pdfjsError('FormatError', 'Bad FCHECK in flate stream'), 'damaged'],
    ['a bad response', pdfjsError('ResponseException', 'Unexpected server response (0)', { status: 0 }), 'damaged'],
    ['an unknown worker error', pdfjsError('UnknownErrorException', 'something odd', { details: 'x' }), 'unknown'],
    ['a plain Error', new Error('boom'), 'unknown'],
    ['the worker not starting', new PdfWorkerUnavailableError('404'), 'viewer-unavailable'],
    ['a load that took too long', new PdfLoadTimeoutError(), 'too-slow'],
    ['a thrown string', 'just a string', 'unknown'],
    ['null', null, 'unknown'],
    ['undefined', undefined, 'unknown'],
  ])('maps %s', (_what, error, kind) => {
    const problem = describePdfProblem(error);
    expect(problem.kind).toBe(kind);
    expect(problem.title.length).toBeGreaterThan(0);
    expect(problem.message).toMatch(/\.$/);
    // Plain language: no exception names or internals reach the person.
    expect(`${problem.title} ${problem.message}`).not.toMatch(/Exception|pdf\.js|undefined|null/);
  });

  it('says what to do for the common cases', () => {
    expect(describePdfProblem(pdfjsError('PasswordException', 'x', { code: 1 })).message).toMatch(/password-protected/);
    expect(describePdfProblem(pdfjsError('InvalidPDFException', 'Invalid PDF structure.')).message).toMatch(
      /damaged or is not a PDF/,
    );
    expect(
      describePdfProblem(pdfjsError('InvalidPDFException', 'The PDF file is empty, i.e. its size is zero bytes.'))
        .message,
    ).toMatch(/empty/);
  });

  it('survives hostile error objects (throwing getters, odd types)', () => {
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error('gotcha');
        },
      },
    );
    expect(describePdfProblem(hostile).kind).toBe('unknown');
    expect(describePdfProblem({ name: 42, message: {} }).kind).toBe('unknown');
  });

  it('treats cancelled renders and loads as cancellations, nothing else', () => {
    expect(isCancellation(pdfjsError('RenderingCancelledException', 'Rendering cancelled, page 1'))).toBe(true);
    expect(isCancellation(pdfjsError('AbortException', 'TextLayer task cancelled.'))).toBe(true);
    expect(isCancellation(new DOMException('aborted', 'AbortError'))).toBe(true);
    expect(isCancellation(pdfjsError('InvalidPDFException', 'Invalid PDF structure.'))).toBe(false);
    expect(isCancellation(null)).toBe(false);
  });
});

describe('describePdfProblem on what pdf.js really throws for the hostile corpus', async () => {
  const corpus = await buildHostileCorpus();
  it.each(corpus.map((file) => [file.name, file] as const))('%s', async (_name, file) => {
    let error: unknown = null;
    let text = '';
    try {
      text = (await readPdf(file.bytes)).text;
    } catch (caught) {
      error = caught;
    }
    if (file.expect.kind === 'problem') {
      expect(error).not.toBeNull();
      expect(describePdfProblem(error).kind).toBe(file.expect.problem);
    } else {
      expect(error).toBeNull();
      expect(text).toContain(file.expect.text);
    }
    expect((globalThis as Record<string, unknown>)['__hostilePdfPayloadRan']).toBeUndefined();
  });
});
