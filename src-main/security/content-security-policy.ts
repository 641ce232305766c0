/**
 * The renderer's Content-Security-Policy, defined once. The production policy is sent as a header by
 * the custom protocol and mirrored in the renderer's index.html <meta> (a test keeps the two equal).
 * No 'unsafe-eval' and no 'unsafe-inline' anywhere in production. No 'wasm-unsafe-eval' either: pdf.js
 * (whose worker runs under this policy too) is opened with `useWasm: false`, so it never compiles
 * WebAssembly; pdf.js 6 has no eval path left (see src-renderer/pdf-viewer/pdf-load-options.ts).
 */
/**
 * Radix ScrollArea (inside Radix Themes' Table and Select) injects one fixed <style> that hides native
 * scrollbars. It is allowed by its exact hash, not by 'unsafe-inline'; a unit test recomputes the hash
 * from the installed Radix source so an upgrade that changes it fails loudly.
 */
export const RADIX_SCROLL_AREA_STYLE_HASH = "'sha256-vGQdhYJbTuF+M8iCn1IZCHpdkiICocWHDq4qnQF4Rjw='";

const productionDirectives: Record<string, string[]> = {
  'default-src': ["'none'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", RADIX_SCROLL_AREA_STYLE_HASH],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'"],
  'object-src': ["'none'"],
  'frame-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
};

function serialise(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/**
 * The policy as an HTTP header from the app:// protocol. index.html's <meta> carries the same without
 * frame-ancestors, which a <meta> policy ignores.
 */
export function rendererHeaderCsp(): string {
  return serialise({ ...productionDirectives, 'frame-ancestors': ["'none'"] });
}

/**
 * Development only (electron-vite dev): Vite's client injects inline styles and React Refresh an
 * inline preamble, and hot reload talks to the dev server over a WebSocket.
 */
export function rendererDevCsp(devServerOrigin: string): string {
  const ws = devServerOrigin.replace(/^http/, 'ws');
  return serialise({
    ...productionDirectives,
    'script-src': ["'self'", "'unsafe-inline'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'connect-src': ["'self'", devServerOrigin, ws],
  });
}
