import { extname, isAbsolute, relative, resolve } from 'node:path';

export const RENDERER_SCHEME = 'app';
export const RENDERER_HOST = 'renderer';
export const RENDERER_ORIGIN = `${RENDERER_SCHEME}://${RENDERER_HOST}`;

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.map': 'application/json',
};

/** The MIME type for a served file; unknown kinds are served as opaque bytes, never sniffed. */
export function contentTypeFor(filePath: string): string {
  return contentTypes[extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * How long a served file may be kept. The build names every file under assets/ after a hash of its
 * content, so a cached copy can never be stale: the browser keeps it, and the compiled code V8 caches
 * beside it, and the next start reads neither over the wire nor through the parser again. Pages and
 * everything not content-hashed (pdf.js's own files, the HTML) are read fresh each time.
 */
export function cacheControlFor(filePath: string): string {
  return /[\\/]assets[\\/][^\\/]+-[\w-]{8}\.(m?js|css|woff2?|svg|png|wasm)$/.test(filePath)
    ? 'public, max-age=31536000, immutable'
    : 'no-store';
}

/**
 * Maps an app://renderer/... URL to a file inside the built renderer folder, or null. Other hosts,
 * encoded traversal (`..%2f`), absolute paths and NUL bytes all resolve to null.
 */
export function resolveRendererAsset(rootDir: string, requestUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return null;
  }
  if (url.protocol !== `${RENDERER_SCHEME}:` || url.host !== RENDERER_HOST) return null;
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  if (pathname.includes('\0')) return null;
  const wanted = pathname === '/' || pathname === '' ? 'index.html' : pathname.replace(/^\/+/, '');
  const root = resolve(rootDir);
  const file = resolve(root, wanted);
  const inside = relative(root, file);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return null;
  return file;
}
