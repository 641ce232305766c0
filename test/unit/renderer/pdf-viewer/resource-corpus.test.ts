import { createInflate } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_PIXELS, MAX_PDF_PAGES, pdfLoadOptions } from '../../../../src-renderer/pdf-viewer/pdf-load-options';
import { PdfTooManyPagesError, describePdfProblem } from '../../../../src-renderer/pdf-viewer/pdf-problem';
import { readPdf } from '../../../support/read-pdf-text';
import {
  BOMB_INFLATED_BYTES,
  BOMB_SIDE,
  MANY_PAGES,
  buildResourceCorpus,
  type ResourceCorpusFile,
} from '../../../support/hostile-pdfs/resource-corpus';

/**
 * The resource-attack files (test/support/hostile-pdfs/resource-corpus.ts) through pdf.js's own build
 * for Node with the viewer's limits: what pdf.js does with them before the viewer draws anything.
 * The end-to-end test (test/e2e/pdf-viewer/hostile-pdfs.test.ts) shows them in Chromium.
 */

interface PdfJs {
  getDocument(source: Record<string, unknown>): { promise: Promise<Doc>; destroy(): Promise<void> };
  OPS: Record<string, number>;
}
interface Doc {
  numPages: number;
  getPage(n: number): Promise<{
    getOperatorList(): Promise<{ fnArray: number[] }>;
    getTextContent(): Promise<{ items: { str?: string }[] }>;
  }>;
}

let pdfjs: PdfJs;
let corpus: ResourceCorpusFile[];
beforeAll(async () => {
  // readPdf installs the Promise.withResolvers stand-in pdf.js needs on Node 20 (an empty file is enough).
  await readPdf(new Uint8Array()).catch(() => undefined);
  pdfjs = (await import('pdfjs-dist/legacy/build/pdf.mjs')) as unknown as PdfJs;
  corpus = await buildResourceCorpus();
}, 60_000);

const file = (name: string) => corpus.find((f) => f.name === name)!;

async function open<T>(bytes: Uint8Array, use: (doc: Doc) => Promise<T>): Promise<T> {
  const task = pdfjs.getDocument({
    data: bytes.slice(),
    maxImageSize: MAX_IMAGE_PIXELS,
    useWasm: false,
    disableFontFace: true,
    verbosity: 0,
  });
  try {
    return await use(await task.promise);
  } finally {
    await task.destroy();
  }
}

async function pageOne(bytes: Uint8Array) {
  return open(bytes, async (doc) => {
    const page = await doc.getPage(1);
    const ops = await page.getOperatorList();
    const text = (await page.getTextContent()).items.map((i) => i.str ?? '').join(' ');
    return { numPages: doc.numPages, ops: ops.fnArray, text };
  });
}

describe('the resource-attack corpus under the viewer’s pdf.js limits', () => {
  it('the bomb is small on disk and inflates to hundreds of MB', async () => {
    const bomb = file('decompression-bomb.pdf');
    expect(bomb.bytes.length).toBeLessThan(1024 * 1024);
    const start =
      Buffer.from(bomb.bytes).indexOf('stream\n', Buffer.from(bomb.bytes).indexOf('/Subtype /Image')) +
      'stream\n'.length;
    const end = Buffer.from(bomb.bytes).indexOf('\nendstream', start);
    let inflated = 0;
    await new Promise<void>((resolve, reject) => {
      const inflate = createInflate();
      inflate.on('data', (chunk: Buffer) => (inflated += chunk.length));
      inflate.on('end', resolve);
      inflate.on('error', reject);
      inflate.end(Buffer.from(bomb.bytes.subarray(start, end)));
    });
    expect(inflated).toBe(BOMB_INFLATED_BYTES);
    expect(inflated).toBeGreaterThan(200_000_000);
  });

  it('pdf.js drops the bomb image before inflating it (its declared size is over the limit) and keeps the text', async () => {
    expect(BOMB_SIDE * BOMB_SIDE).toBeGreaterThan(MAX_IMAGE_PIXELS);
    const { ops, text } = await pageOne(file('decompression-bomb.pdf').bytes);
    expect(ops).not.toContain(pdfjs.OPS['paintImageXObject']);
    expect(text).toContain('Decompression bomb test');
  });

  it('allows an image as large as a full-page A4 scan at 400 dpi, and the viewer opens every file with these limits', () => {
    expect(3307 * 4677).toBeLessThanOrEqual(MAX_IMAGE_PIXELS);
    const options = pdfLoadOptions({ bytes: new Uint8Array(), worker: {} as never, baseUri: 'app://renderer/' });
    expect(options).toMatchObject({
      maxImageSize: MAX_IMAGE_PIXELS,
      disableFontFace: false,
      fontExtraProperties: false,
      enableHWA: false,
      enableXfa: false,
      useWasm: false,
    });
  });

  it('names a document over the page limit in plain words', () => {
    const problem = describePdfProblem(new PdfTooManyPagesError('50000 pages'));
    expect(problem.kind).toBe('too-many-pages');
    expect(problem.message).toMatch(/more pages than a bill or statement/);
  });

  it('a page tree claiming 10 million pages opens as the one page it holds', async () => {
    const { numPages, text } = await pageOne(file('page-count-claims-10-million.pdf').bytes);
    expect(numPages).toBe(1);
    expect(text).toContain('Claims ten million pages');
  });

  it('50,000 real pages are counted as such, over the viewer’s page limit', async () => {
    const numPages = await open(file('page-count-50000.pdf').bytes, async (doc) => doc.numPages);
    expect(numPages).toBe(MANY_PAGES);
    expect(numPages).toBeGreaterThan(MAX_PDF_PAGES);
  });

  it.each(['jbig2-image.pdf', 'jpx-image.pdf'])('%s: the page and its text survive a broken image', async (name) => {
    const { text } = await pageOne(file(name).bytes);
    expect(text).toContain((file(name).expect as { text: string }).text);
  });

  it('builds the same bytes every time', async () => {
    const again = await buildResourceCorpus();
    again.forEach((f, i) => expect(Buffer.from(f.bytes).equals(Buffer.from(corpus[i]!.bytes)), f.name).toBe(true));
  }, 60_000);
});
