import { readFile } from 'node:fs/promises';
import { protocol } from 'electron';
import { rendererHeaderCsp } from '../security/content-security-policy';
import { RENDERER_SCHEME, contentTypeFor, resolveRendererAsset } from '../security/renderer-asset-path';

/**
 * Must run before `app.whenReady()`: makes app:// a standard, secure origin (so 'self' and IndexedDB work).
 * `codeCache`: Chromium keeps V8's compiled code for the app's scripts, as it does for http(s) (off by default
 * for custom schemes), so from the second launch the start bundle and pdf.js's 1.3 MB worker are not compiled again.
 */
export function registerRendererScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: RENDERER_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
  ]);
}

/** Serves the built renderer from disk with the strict CSP, never anything outside its folder. */
export function serveRenderer(rendererDir: string): void {
  protocol.handle(RENDERER_SCHEME, async (request) => {
    const file = resolveRendererAsset(rendererDir, request.url);
    if (!file) return new Response('Not found', { status: 404 });
    try {
      const body = await readFile(file);
      return new Response(body, {
        headers: {
          'Content-Type': contentTypeFor(file),
          'Content-Security-Policy': rendererHeaderCsp(),
          'X-Content-Type-Options': 'nosniff',
        },
      });
    } catch {
      return new Response('Not found', { status: 404 });
    }
  });
}
