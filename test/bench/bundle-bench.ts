import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The renderer's start-up JavaScript: what the window fetches and parses before the first screen. */
export const BUNDLE_TARGETS = { initialJsKB: 800 } as const;

const kb = (bytes: number) => Number((bytes / 1024).toFixed(1));

/**
 * The JS files index.html loads at start: its module script and every `modulepreload` (Vite lists there
 * the chunks the entry imports statically). Anything else is fetched only when the app asks for it.
 */
export function initialScripts(indexHtml: string): string[] {
  const tags = [...indexHtml.matchAll(/<(script|link)\b[^>]*>/g)].map((match) => match[0]);
  const wanted = tags.filter(
    (tag) => (tag.startsWith('<script') && /\btype="module"/.test(tag)) || /\brel="modulepreload"/.test(tag),
  );
  const paths = wanted
    .map((tag) => /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1])
    .filter((path): path is string => Boolean(path));
  return [...new Set(paths.map((path) => path.replace(/^\.?\//, '')))];
}

/**
 * Sizes in KB (1024 bytes) of a built renderer folder: `initialJsKB` is the entry chunk plus its static
 * imports (from index.html); `totalJsKB` is every .js/.mjs under assets/ (every page, every chunk loaded on
 * demand and pdf.js's worker; not pdf.js's decoders for rare image formats under pdfjs/).
 */
export function measureRendererBundle(rendererDir: string) {
  const initial = initialScripts(readFileSync(join(rendererDir, 'index.html'), 'utf8'));
  const size = (path: string) => statSync(join(rendererDir, path)).size;
  const all = readdirSync(join(rendererDir, 'assets')).filter((file) => /\.(m?js)$/.test(file));
  const initialBytes = initial.reduce((sum, path) => sum + size(path), 0);
  const totalBytes = all.reduce((sum, file) => sum + size(join('assets', file)), 0);
  const initialJsKB = kb(initialBytes);
  return {
    initialJsKB,
    totalJsKB: kb(totalBytes),
    target: BUNDLE_TARGETS.initialJsKB,
    met: initialJsKB <= BUNDLE_TARGETS.initialJsKB,
    initialFiles: initial,
    chunks: all.length,
  };
}

/** Builds the app as shipped (`electron-vite build`) and measures out/renderer. */
export function benchBundle() {
  execFileSync(process.execPath, [resolve('node_modules/electron-vite/bin/electron-vite.js'), 'build'], {
    stdio: 'pipe',
  });
  return measureRendererBundle(resolve('out/renderer'));
}
