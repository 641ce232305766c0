import { constants, createDeflate } from 'node:zlib';
import type { CorpusFile } from './corpus';
import { ascii, writePdf, type PdfObject } from './pdf-writer';

/**
 * Files that attack resources rather than parsing: memory (a decompression bomb), layout (a huge page
 * count) and the image decoders pdf.js carries in JavaScript (JBIG2, JPEG 2000). Built in memory at
 * test time; the bomb is about 300 KiB of deflate that inflates to 300 MB, so nothing big is in git.
 * Kept apart from `buildHostileCorpus` because what the viewer does with some of them (refusing a
 * huge page count) is the viewer's rule, not an error pdf.js raises.
 */

export type ResourceExpectation =
  /** The viewer shows page 1, and its text layer holds this text. */
  | { kind: 'renders'; text: string }
  /** The viewer refuses the file with this problem (pdf-problem.ts kinds). */
  | { kind: 'problem'; problem: 'too-many-pages' };

export interface ResourceCorpusFile extends Omit<CorpusFile, 'expect'> {
  expect: ResourceExpectation;
}

/** The bomb's image: declared 10,000 × 10,000 RGB, i.e. 100 million pixels and 300 MB once inflated. */
export const BOMB_SIDE = 10_000;
export const BOMB_INFLATED_BYTES = BOMB_SIDE * BOMB_SIDE * 3;

const helvetica = '/Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding';
const textLine = (text: string, y = 760) => `BT /F1 24 Tf 60 ${y} Td (${text}) Tj ET`;

/** Deflates `total` zero bytes without ever holding them (1 MiB of zeros written again and again); run-length matching is fast and as small as any. */
async function deflatedZeros(total: number): Promise<Uint8Array> {
  const deflate = createDeflate({ level: 9, strategy: constants.Z_RLE });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  const zeros = Buffer.alloc(1024 * 1024);
  for (let left = total; left > 0; left -= zeros.length) {
    if (!deflate.write(left >= zeros.length ? zeros : zeros.subarray(0, left))) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return new Uint8Array(Buffer.concat(out));
}

/** One page with a line of text and one image XObject `/Im1` drawn over most of the page. */
function imageDocument(text: string, imageDict: string, imageData: Uint8Array): Uint8Array {
  const content = `q 400 0 0 400 100 200 cm /Im1 Do Q\n${textLine(text)}\n`;
  return writePdf(
    [
      { dict: '/Type /Catalog /Pages 2 0 R' },
      { dict: '/Type /Pages /Kids [3 0 R] /Count 1' },
      { dict: '/Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> /XObject << /Im1 6 0 R >> >> /Contents 5 0 R' },
      { dict: helvetica },
      { dict: '', stream: ascii(content) },
      { dict: `/Type /XObject /Subtype /Image ${imageDict}`, stream: imageData },
    ],
    '/Root 1 0 R',
  );
}

/**
 * A minimal embedded JBIG2 stream (no file header, as PDF embeds it): a page-information segment for a
 * 64 × 64 page and an immediate generic region whose arithmetic-coded data is cut short.
 */
function jbig2Stream(): Uint8Array {
  const u32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
  const segment = (number: number, type: number, data: number[]) => [...u32(number), type, 0x00, 0x01, ...u32(data.length), ...data];
  // Page information: width, height, x/y resolution, flags, striping.
  const pageInfo = [...u32(64), ...u32(64), ...u32(0), ...u32(0), 0x00, 0x00, 0x00];
  // Generic region: width, height, x, y, combination operator, flags (template 0, arithmetic), AT pixels, data.
  const region = [...u32(64), ...u32(64), ...u32(0), ...u32(0), 0x00, 0x00, 0x03, 0xff, 0xfd, 0xff, 0x02, 0xfe, 0xfe, 0xfe, 0x12, 0x34, 0x56];
  return Uint8Array.from([...segment(0, 48, pageInfo), ...segment(1, 38, region)]);
}

/**
 * A minimal JPEG 2000 codestream: SOC, a SIZ marker for one 8-bit 64 × 64 component, a COD and a
 * QCD marker, then EOC with no tile data at all.
 */
function jpxStream(): Uint8Array {
  const u16 = (n: number) => [(n >>> 8) & 0xff, n & 0xff];
  const u32 = (n: number) => [...u16(n >>> 16), ...u16(n & 0xffff)];
  const siz = [0xff, 0x51, ...u16(41), ...u16(0), ...u32(64), ...u32(64), ...u32(0), ...u32(0), ...u32(64), ...u32(64), ...u32(0), ...u32(0), ...u16(1), 0x07, 0x01, 0x01];
  const cod = [0xff, 0x52, ...u16(12), 0x00, 0x00, ...u16(1), 0x00, 0x05, 0x04, 0x04, 0x00, 0x01];
  const qcd = [0xff, 0x5c, ...u16(4), 0x40, 0x48];
  return Uint8Array.from([0xff, 0x4f, ...siz, ...cod, ...qcd, 0xff, 0xd9]);
}

/** A page tree that claims 10 million pages and holds one. */
function claimedPageCount(): Uint8Array {
  return writePdf(
    [
      { dict: '/Type /Catalog /Pages 2 0 R' },
      { dict: '/Type /Pages /Kids [3 0 R] /Count 10000000' },
      { dict: '/Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R' },
      { dict: helvetica },
      { dict: '', stream: ascii(`${textLine('Claims ten million pages')}\n`) },
    ],
    '/Root 1 0 R',
  );
}

/** 50,000 real (blank but the first) pages, 25 times the viewer's limit: a root, 50 intermediate nodes of 1,000 pages each. */
export const MANY_PAGES = 50_000;
function manyPages(): Uint8Array {
  const nodes = 50;
  const perNode = MANY_PAGES / nodes;
  const firstNode = 5;
  const firstPage = firstNode + nodes;
  const objects: PdfObject[] = [
    { dict: '/Type /Catalog /Pages 2 0 R' },
    {
      dict: `/Type /Pages /Count ${MANY_PAGES} /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Kids [${Array.from({ length: nodes }, (_, i) => `${firstNode + i} 0 R`).join(' ')}]`,
    },
    { dict: helvetica },
    { dict: '', stream: ascii(`${textLine('One of fifty thousand pages')}\n`) },
  ];
  for (let node = 0; node < nodes; node++) {
    const kids = Array.from({ length: perNode }, (_, i) => `${firstPage + node * perNode + i} 0 R`).join(' ');
    objects.push({ dict: `/Type /Pages /Parent 2 0 R /Count ${perNode} /Kids [${kids}]` });
  }
  for (let page = 0; page < MANY_PAGES; page++) {
    const parent = firstNode + Math.floor(page / perNode);
    objects.push({ dict: `/Type /Page /Parent ${parent} 0 R${page === 0 ? ' /Contents 4 0 R' : ''}` });
  }
  return writePdf(objects, '/Root 1 0 R');
}

export async function buildResourceCorpus(): Promise<ResourceCorpusFile[]> {
  const bomb = await deflatedZeros(BOMB_INFLATED_BYTES);
  return [
    {
      name: 'decompression-bomb.pdf',
      description: `An image declared ${BOMB_SIDE} x ${BOMB_SIDE} RGB whose ${Math.round(bomb.length / 1024)} KiB FlateDecode stream inflates to ${BOMB_INFLATED_BYTES / 1e6} MB.`,
      bytes: imageDocument('Decompression bomb test', `/Width ${BOMB_SIDE} /Height ${BOMB_SIDE} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode`, bomb),
      expect: { kind: 'renders', text: 'Decompression bomb test' },
    },
    {
      name: 'page-count-claims-10-million.pdf',
      description: 'A page tree whose /Count claims 10,000,000 pages while it holds one.',
      bytes: claimedPageCount(),
      expect: { kind: 'renders', text: 'Claims ten million pages' },
    },
    {
      name: 'page-count-50000.pdf',
      description: `${MANY_PAGES.toLocaleString('en')} real pages (a two-level page tree), blank but the first.`,
      bytes: manyPages(),
      expect: { kind: 'problem', problem: 'too-many-pages' },
    },
    {
      name: 'jbig2-image.pdf',
      description: 'An image with /JBIG2Decode: a page-information segment and a generic region whose coded data is cut short.',
      bytes: imageDocument('JBIG2 image test', '/Width 64 /Height 64 /ColorSpace /DeviceGray /BitsPerComponent 1 /Filter /JBIG2Decode', jbig2Stream()),
      expect: { kind: 'renders', text: 'JBIG2 image test' },
    },
    {
      name: 'jpx-image.pdf',
      description: 'An image with /JPXDecode: a JPEG 2000 codestream with its header markers and no tile data.',
      bytes: imageDocument('JPX image test', '/Width 64 /Height 64 /Filter /JPXDecode', jpxStream()),
      expect: { kind: 'renders', text: 'JPX image test' },
    },
  ];
}
