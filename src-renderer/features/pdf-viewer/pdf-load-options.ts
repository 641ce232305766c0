import type { PDFWorker } from 'pdfjs-dist';
import type { DocumentInitParameters } from 'pdfjs-dist/types/src/display/api';

/**
 * pdf.js's data files, served by the app itself from `<renderer>/pdfjs/` (copied there from
 * pdfjs-dist by `pdfjsAssetsPlugin` in electron.vite.config.ts): the standard fonts (the 14 fonts
 * PDFs may use without embedding, e.g. the demo practice's Helvetica bills), the CMaps for CJK text,
 * and the pure-JavaScript JBIG2/JPEG 2000 decoders. Nothing is ever fetched from the network.
 */
export function pdfAssetUrls(baseUri: string): Pick<DocumentInitParameters, 'standardFontDataUrl' | 'cMapUrl' | 'wasmUrl'> {
  const url = (path: string) => new URL(`pdfjs/${path}/`, baseUri).href;
  return { standardFontDataUrl: url('standard_fonts'), cMapUrl: url('cmaps'), wasmUrl: url('wasm') };
}

/** pdf.js's VerbosityLevel.ERRORS: warnings about odd files are expected and would only be noise. */
export const PDFJS_VERBOSITY = 0;

/** Images larger than this many pixels are skipped rather than decoded (a decompression bomb). */
export const MAX_IMAGE_PIXELS = 100_000_000;

/**
 * The options every document is opened with.
 *
 * Hardening decisions (see also docs/ARCHITECTURE.md, "PDF viewer"):
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
export function pdfLoadOptions(input: { bytes: Uint8Array; worker: PDFWorker; password?: string | undefined; baseUri: string }): DocumentInitParameters {
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
    stopAtErrors: false,
    verbosity: PDFJS_VERBOSITY,
  };
}
