import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import { rendererDevCsp } from './src-main/security/content-security-policy';

/**
 * In `electron-vite dev` only: swap index.html's strict CSP for one that allows Vite's inline
 * styles, the React Refresh preamble and the HMR socket. Builds keep the strict policy untouched.
 */
function devCspPlugin(): Plugin {
  return {
    name: 'practice-companion:dev-csp',
    apply: 'serve',
    transformIndexHtml: {
      order: 'pre',
      handler(html, context) {
        const origin = context.server?.resolvedUrls?.local[0]?.replace(/\/$/, '') ?? 'http://localhost:5173';
        return html.replace(
          /(<meta\s+http-equiv="Content-Security-Policy"\s+content=")[^"]*(")/,
          `$1${rendererDevCsp(origin)}$2`,
        );
      },
    },
  };
}

/**
 * pdf.js's data files, served by the app itself (no CDN, works offline): the standard fonts and CMaps,
 * and the pure-JavaScript JBIG2 / JPEG 2000 decoders (the viewer runs pdf.js with `useWasm: false`, so
 * the CSP needs no 'wasm-unsafe-eval'; see src-renderer/pdf-viewer/pdf-load-options.ts).
 * Written to `<renderer>/pdfjs/…` by the build and served from node_modules by the dev server.
 * Exported for the end-to-end tests' viewer harness, which is built with the same plugin.
 */
export function pdfjsAssetsPlugin(): Plugin {
  const root = resolve('node_modules/pdfjs-dist');
  const wanted: Record<string, (file: string) => boolean> = {
    standard_fonts: () => true,
    cmaps: () => true,
    wasm: (file) => file.endsWith('_nowasm_fallback.js') || file.startsWith('LICENSE'),
  };
  const files = new Map<string, string>(); // 'pdfjs/cmaps/H.bcmap' → absolute path
  for (const [dir, keep] of Object.entries(wanted)) {
    for (const file of readdirSync(join(root, dir)).filter(keep))
      files.set(`pdfjs/${dir}/${file}`, join(root, dir, file));
  }
  return {
    name: 'practice-companion:pdfjs-assets',
    generateBundle() {
      for (const [fileName, path] of files) this.emitFile({ type: 'asset', fileName, source: readFileSync(path) });
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        // Only the listed files, by exact name: nothing else under node_modules is reachable.
        let name: string;
        try {
          name = decodeURIComponent((req.url ?? '').split('?')[0] ?? '').replace(/^\//, '');
        } catch {
          return next();
        }
        const path = files.get(name);
        if (!path) return next();
        res.setHeader(
          'Content-Type',
          path.endsWith('.js') ? 'text/javascript; charset=utf-8' : 'application/octet-stream',
        );
        res.setHeader('X-Content-Type-Options', 'nosniff');
        res.end(readFileSync(path));
      });
    },
  };
}

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      lib: { entry: resolve('src-main/index.ts') },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      lib: { entry: resolve('src-preload/index.ts'), formats: ['cjs'] },
      // A sandboxed preload cannot be an ES module and can only require('electron'), so it is one CJS file.
      rolldownOptions: { output: { entryFileNames: '[name].cjs' } },
    },
  },
  renderer: {
    root: 'src-renderer',
    plugins: [react(), devCspPlugin(), pdfjsAssetsPlugin()],
    build: {
      outDir: resolve('out/renderer'),
      // electron-vite leaves the renderer unminified; minified, the app has far less JavaScript to parse at start.
      minify: true,
      // recovery.html: the page main shows after a second crash within a minute (its own script, same strict CSP).
      rolldownOptions: {
        input: { index: resolve('src-renderer/index.html'), recovery: resolve('src-renderer/recovery.html') },
        output: {
          // zod and src-renderer/zod-jitless.ts share one chunk, so zod is switched to jitless before any chunk
          // builds a schema: split apart, the contract's chunk ran first and zod's `new Function` probe broke the CSP.
          codeSplitting: {
            groups: [{ name: 'zod', test: /node_modules[\\/]zod[\\/]|src-renderer[\\/]zod-jitless\.ts$/ }],
          },
        },
      },
    },
  },
});
