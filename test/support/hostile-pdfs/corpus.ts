import { renderBillPdf } from '../../../src-main/demo-practice/pdf/render-bill-pdf';
import { bill } from '../../unit/demo-practice/pdf/pdf-fixtures';
import { ascii, concatBytes, seededBytes, writePdf, type PdfObject } from './pdf-writer';
import { standardSecurityR2 } from './standard-security';
import { TYPE1_FONT_NAME, type1FontProgram } from './type1-font';

/**
 * The hostile-PDF corpus (see README.md beside this file): built in memory, byte-for-byte the same on
 * every run, so each test gets exactly the files described and nothing is checked in.
 */

/** What a payload in the corpus sets if it ever runs, on whatever global it runs in. */
export const PAYLOAD_FLAG = '__hostilePdfPayloadRan';
const PAYLOAD_JS = `globalThis.${PAYLOAD_FLAG} = true;`;

export type CorpusExpectation =
  /** The viewer shows this problem (pdf-problem.ts kinds). */
  | { kind: 'problem'; problem: 'damaged' | 'empty' | 'password-required' }
  /** The viewer shows the page, and its text layer holds this text. */
  | { kind: 'renders'; text: string };

export interface CorpusFile {
  name: string;
  description: string;
  bytes: Uint8Array;
  expect: CorpusExpectation;
}

/** The password of `encrypted-rc4.pdf`. */
export const ENCRYPTED_PASSWORD = 'practice';

const helvetica = '/Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding';

/** Escapes a JavaScript or text snippet for a PDF literal string. */
const pdfString = (text: string): string => `(${text.replace(/[\\()]/g, (ch) => `\\${ch}`)})`;

interface SimpleDocumentOptions {
  catalogExtra?: string;
  pageExtra?: string;
  /** More page resources, e.g. '/Shading << /Sh1 6 0 R >>'. */
  resourcesExtra?: string;
  /** Content drawn before the text. */
  contentBefore?: string;
  /** Objects 6, 7, … */
  extraObjects?: PdfObject[];
}

/** One A4 page with one line of Helvetica text; objects 1-5, then `extraObjects`. */
function simpleDocument(pageText: string, options: SimpleDocumentOptions = {}): PdfObject[] {
  const resources = `<< /Font << /F1 4 0 R >> ${options.resourcesExtra ?? ''} >>`;
  const content = `${options.contentBefore ?? ''}\nBT /F1 24 Tf 60 760 Td ${pdfString(pageText)} Tj ET\n`;
  return [
    { dict: `/Type /Catalog /Pages 2 0 R ${options.catalogExtra ?? ''}` },
    { dict: '/Type /Pages /Kids [3 0 R] /Count 1' },
    { dict: `/Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources ${resources} /Contents 5 0 R ${options.pageExtra ?? ''}` },
    { dict: helvetica },
    { dict: '', stream: ascii(content) },
    ...(options.extraObjects ?? []),
  ];
}

function encryptedDocument(): Uint8Array {
  const security = standardSecurityR2({ userPassword: ENCRYPTED_PASSWORD, ownerPassword: 'owner-secret', id: seededBytes(16, 7) });
  const objects = simpleDocument('Encrypted test document');
  // Only object 5 (the content stream) holds a string or stream; it is encrypted with its own key.
  objects[4] = { dict: '', stream: security.encrypt(5, objects[4]!.stream!) };
  objects.push({ dict: security.encryptDict });
  return writePdf(objects, `/Root 1 0 R /Encrypt ${objects.length} 0 R ${security.idEntry}`);
}

/**
 * CVE-2024-4367 (pdf.js < 4.2.67): pdf.js compiled glyph outlines into JavaScript with `new Function`
 * and spliced the font's /FontMatrix into that code unchecked, so a string in the matrix ran as script.
 * This font dictionary carries such a string; the page draws with the font both normally and as a
 * clipping path (text render mode 7, which needs the glyph outlines).
 */
function fontMatrixDocument(): Uint8Array {
  const font = type1FontProgram();
  const payload = `0\\); ${PAYLOAD_JS} //`;
  const content = [
    'BT /F2 20 Tf 60 780 Td (Font matrix test document) Tj ET',
    'BT /F1 96 Tf 60 600 Td (ABAB) Tj ET',
    'q BT 7 Tr /F1 96 Tf 60 450 Td (BA) Tj ET 0 0 1 rg 0 400 595 200 re f Q',
  ].join('\n');
  return writePdf(
    [
      { dict: '/Type /Catalog /Pages 2 0 R' },
      { dict: '/Type /Pages /Kids [3 0 R] /Count 1' },
      { dict: '/Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 7 0 R >> >> /Contents 5 0 R' },
      {
        dict: `/Type /Font /Subtype /Type1 /BaseFont /${TYPE1_FONT_NAME} /FirstChar 65 /LastChar 66 /Widths [700 700] /FontDescriptor 6 0 R /FontMatrix [1 2 3 4 5 (${payload})]`,
      },
      { dict: '', stream: ascii(`${content}\n`) },
      {
        dict: `/Type /FontDescriptor /FontName /${TYPE1_FONT_NAME} /Flags 32 /FontBBox [0 0 1000 1000] /ItalicAngle 0 /Ascent 1000 /Descent 0 /CapHeight 700 /StemV 80 /FontFile 8 0 R`,
      },
      { dict: helvetica },
      { dict: `/Length1 ${font.length1} /Length2 ${font.length2} /Length3 ${font.length3}`, stream: font.data },
    ],
    '/Root 1 0 R',
  );
}

/** JavaScript everywhere a PDF can carry it: /OpenAction, document-level /Names, /AA, a link's action. */
function javascriptDocument(): Uint8Array {
  const js = `${PAYLOAD_JS} app.alert("payload ran");`;
  return writePdf(
    simpleDocument('This document carries JavaScript', {
      catalogExtra: '/OpenAction 6 0 R /AA << /WC 6 0 R /WP 6 0 R >> /Names << /JavaScript << /Names [(init) 7 0 R] >> >>',
      pageExtra: '/AA << /O 6 0 R >> /Annots [9 0 R 10 0 R]',
      extraObjects: [
        { dict: `/Type /Action /S /JavaScript /JS ${pdfString(js)}` },
        { dict: '/Type /Action /S /JavaScript /JS 8 0 R' },
        { dict: '', stream: ascii(js) },
        { dict: `/Type /Annot /Subtype /Link /Rect [60 700 400 740] /Border [0 0 0] /A 6 0 R` },
        { dict: `/Type /Annot /Subtype /Link /Rect [60 640 400 680] /Border [0 0 0] /A << /S /URI /URI ${pdfString(`javascript:${PAYLOAD_JS}`)} >>` },
      ],
    }),
    '/Root 1 0 R',
  );
}

/**
 * A shading driven by a Type 4 (PostScript calculator) function: a program supplied by the PDF. pdf.js 6
 * compiles such programs to WebAssembly unless `useWasm` is off, which the production CSP forbids (the
 * worker would report a violation); with it off, pdf.js interprets them.
 */
function postscriptFunctionDocument(): Uint8Array {
  return writePdf(
    simpleDocument('PostScript function test', {
      resourcesExtra: '/Shading << /Sh1 6 0 R >>',
      contentBefore: 'q 0 0 595 700 re W n /Sh1 sh Q',
      extraObjects: [
        { dict: '/ShadingType 2 /ColorSpace /DeviceRGB /Coords [0 0 595 0] /Function 7 0 R /Extend [true true]' },
        { dict: '/FunctionType 4 /Domain [0 1] /Range [0 1 0 1 0 1]', stream: ascii('{ dup 1 exch sub 0.5 }') },
      ],
    }),
    '/Root 1 0 R',
  );
}

/** A two-page demo bill (the renderer's own output) cut off after its first third. */
async function truncatedBill(): Promise<Uint8Array> {
  const full = await renderBillPdf(bill({}, 30));
  return full.subarray(0, Math.floor(full.length / 3)).slice();
}

export async function buildHostileCorpus(): Promise<CorpusFile[]> {
  return [
    {
      name: 'empty.pdf',
      description: 'Zero bytes.',
      bytes: new Uint8Array(0),
      expect: { kind: 'problem', problem: 'empty' },
    },
    {
      name: 'random-bytes.pdf',
      description: '8 KiB of (seeded) random bytes, no PDF header.',
      bytes: seededBytes(8192, 1),
      expect: { kind: 'problem', problem: 'damaged' },
    },
    {
      name: 'random-bytes-with-header.pdf',
      description: 'A "%PDF-1.7" header followed by 8 KiB of random bytes: looks like a PDF, has no objects.',
      bytes: concatBytes([ascii('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n'), seededBytes(8192, 2)]),
      expect: { kind: 'problem', problem: 'damaged' },
    },
    {
      name: 'truncated-bill.pdf',
      description: 'A real two-page bill from the demo practice, cut to its first third (no pages tree, no cross-reference, no trailer).',
      bytes: await truncatedBill(),
      expect: { kind: 'problem', problem: 'damaged' },
    },
    {
      name: 'html-not-pdf.pdf',
      description: 'An HTML page with a <script> that sets the payload flag, saved with a .pdf name.',
      bytes: ascii(`<!doctype html><html><body><script>${PAYLOAD_JS}</script><p>Not a PDF</p></body></html>\n`),
      expect: { kind: 'problem', problem: 'damaged' },
    },
    {
      name: 'encrypted-rc4.pdf',
      description: `Encrypted with the Standard security handler (RC4, 40-bit); user password "${ENCRYPTED_PASSWORD}".`,
      bytes: encryptedDocument(),
      expect: { kind: 'problem', problem: 'password-required' },
    },
    {
      name: 'cve-2024-4367-fontmatrix.pdf',
      description: 'An embedded Type 1 font whose /FontMatrix carries a JavaScript string that sets the payload flag if executed (CVE-2024-4367).',
      bytes: fontMatrixDocument(),
      expect: { kind: 'renders', text: 'Font matrix test document' },
    },
    {
      name: 'postscript-function.pdf',
      description: 'An axial shading whose colours come from a Type 4 (PostScript calculator) function, i.e. a program in the PDF.',
      bytes: postscriptFunctionDocument(),
      expect: { kind: 'renders', text: 'PostScript function test' },
    },
    {
      name: 'javascript-openaction.pdf',
      description: 'JavaScript in /OpenAction, document /Names, document and page /AA, a link action and a javascript: URI, each setting the payload flag.',
      bytes: javascriptDocument(),
      expect: { kind: 'renders', text: 'This document carries JavaScript' },
    },
  ];
}
