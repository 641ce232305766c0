import { describe, expect, it } from 'vitest';
import { pdfAssetUrls, pdfLoadOptions } from '../../../../src-renderer/pdf-viewer/pdf-load-options';

const worker = { fake: 'worker' } as never;

describe('pdfLoadOptions', () => {
  it('opens every document hardened: no WebAssembly, no XFA, one worker, errors only', () => {
    const options = pdfLoadOptions({ bytes: new Uint8Array([1, 2, 3]), worker, baseUri: 'app://renderer/index.html' });
    expect(options).toMatchObject({
      worker,
      useWasm: false,
      useWorkerFetch: false,
      disableWorkerRendering: true,
      enableXfa: false,
      stopAtErrors: false,
      verbosity: 0,
    });
    expect(options.maxImageSize).toBeGreaterThan(0);
    expect(options).not.toHaveProperty('password');
    // The option pdf.js 6 no longer has is not passed as if it still did something.
    expect(options).not.toHaveProperty('isEvalSupported');
  });

  it('hands pdf.js a copy of the bytes (it transfers what it gets to the worker)', () => {
    const bytes = new Uint8Array([37, 80, 68, 70]);
    const options = pdfLoadOptions({ bytes, worker, baseUri: 'http://127.0.0.1:5180/' });
    expect(options.data).toEqual(bytes);
    expect(options.data).not.toBe(bytes);
    expect((options.data as Uint8Array).buffer).not.toBe(bytes.buffer);
  });

  it('passes a password only when there is one', () => {
    expect(
      pdfLoadOptions({ bytes: new Uint8Array(), worker, password: 'secret', baseUri: 'app://renderer/' }).password,
    ).toBe('secret');
  });

  it("loads pdf.js's data files from the app itself, next to index.html", () => {
    expect(pdfAssetUrls('app://renderer/index.html')).toEqual({
      standardFontDataUrl: 'app://renderer/pdfjs/standard_fonts/',
      cMapUrl: 'app://renderer/pdfjs/cmaps/',
      wasmUrl: 'app://renderer/pdfjs/wasm/',
    });
    expect(pdfAssetUrls('http://127.0.0.1:5180/').cMapUrl).toBe('http://127.0.0.1:5180/pdfjs/cmaps/');
  });
});
