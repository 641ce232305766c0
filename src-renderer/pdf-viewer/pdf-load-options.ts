import type { PDFWorker } from 'pdfjs-dist';
import type { DocumentInitParameters } from 'pdfjs-dist/types/src/display/api';

/**
 * pdf.js's data files, served by the app itself from `<renderer>/pdfjs/` (copied there from
 * pdfjs-dist by `pdfjsAssetsPlugin` in electron.vite.config.ts): the standard fonts (the 14 fonts
 * PDFs may use without embedding, e.g. the demo practice's Helvetica bills), the CMaps for CJK text,
 * and the pure-JavaScript JBIG2/JPEG 2000 decoders. Nothing is ever fetched from the network.
 */
export function pdfAssetUrls(
  baseUri: string,
): Pick<DocumentInitParameters, 'standardFontDataUrl' | 'cMapUrl' | 'wasmUrl'> {
  const url = (path: string) => new URL(`pdfjs/${path}/`, baseUri).href;
  return { standardFontDataUrl: url('standard_fonts'), cMapUrl: url('cmaps'), wasmUrl: url('wasm') };
}

/** pdf.js's VerbosityLevel.ERRORS: warnings about odd files are expected and would only be noise. */
export const PDFJS_VERBOSITY = 0;

/**
 * Images larger than this many pixels are skipped rather than decoded (pdf.js checks the image's
 * declared Width × Height before inflating a byte, so a small stream that inflates to hundreds of MiB
 * is never expanded). The app shows bills, statements and certificates: the demo practice's are text
 * and vector graphics with no raster image at all, and the largest image such a document plausibly
 * holds is a full-page scan: A4 at 400 dpi is 3307 × 4677 ≈ 15.5 million pixels (US Letter at 400 dpi
 * 15 million). 4096² ≈ 16.8 million pixels covers those; decoded as RGBA it is 64 MiB, the same budget
 * as the largest canvas the viewer draws (zoom.ts, canvasPixelRatio).
 */
export const MAX_IMAGE_PIXELS = 4096 * 4096;

/**
 * Documents with more pages than this are not opened: the viewer lays out a placeholder for every
 * page, and a page tree of 100,000 (tiny, cheap to write) pages would freeze the window. The app's
 * documents run to a few pages, a long statement to dozens.
 */
export const MAX_PDF_PAGES = 2_000;

/**
 * The options every document is opened with.
 *
 * Hardening decisions (see also docs/renderer.md, "PDF viewer"):
 * - `maxImageSize`: MAX_IMAGE_PIXELS above. The canvas itself is capped separately (pdf.js 6 has no
 *   `maxCanvasPixels` in getDocument; the viewer sizes its canvases with canvasPixelRatio).
 * - `disableFontFace: false`, deliberately: embedded fonts are converted by pdf.js and handed to
 *   Chromium's FontFace API, which runs every font through its sanitizer (OTS) before use; drawing
 *   glyphs as paths instead would make text look worse and buys nothing the sanitizer does not.
 * - `fontExtraProperties: false`, `enableHWA: false`: pdf.js's defaults, stated so they stay.
 * - `isEvalSupported` no longer exists in pdf.js 6: pdf.js removed its last `new Function` path
 *   (PostScript functions are now compiled to WebAssembly instead). The CSP has no 'unsafe-eval', so
 *   JavaScript eval is impossible either way.
 * - `useWasm: false`: no WebAssembly is compiled, so the CSP needs no 'wasm-unsafe-eval' (the
 *   production policy, which the worker runs under too, blocks it). pdf.js then evaluates PostScript
 *   functions with its JavaScript interpreter and decodes JBIG2/JPEG 2000 with its JavaScript
 *   decoders (served from pdfjs/wasm/); ICC colour profiles fall back to the device colour spaces.
 *   For bills, statements and certificates this costs nothing visible; PDF-supplied code is never
 *   compiled into anything.
 * - `useWorkerFetch: false`: pdf.js would only fetch its data files from the worker over http(s),
 *   so the app (app://) and the browser preview take the same path: the main thread fetches them.
 * - `disableWorkerRendering: true`: one worker for the whole app; canvases are drawn on the main thread.
 * - `enableXfa: false`, and no scripting: embedded JavaScript and XFA forms are never run or shown.
 * - The bytes are always a copy: pdf.js transfers the buffer it is given to the worker.
 */
export function pdfLoadOptions(input: {
  bytes: Uint8Array;
  worker: PDFWorker;
  password?: string | undefined;
  baseUri: string;
}): DocumentInitParameters {
  return {
    data: input.bytes.slice(),
    worker: input.worker,
    ...(input.password !== undefined ? { password: input.password } : {}),
    ...pdfAssetUrls(input.baseUri),
    cMapPacked: true,
    useWasm: false,
    useWorkerFetch: false,
    disableWorkerRendering: true,
    enableXfa: false,
    maxImageSize: MAX_IMAGE_PIXELS,
    disableFontFace: false,
    fontExtraProperties: false,
    enableHWA: false,
    stopAtErrors: false,
    verbosity: PDFJS_VERBOSITY,
  };
}
