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

/**
 * One chunk for everything the window runs at start. Left to itself the bundler splits the start-up code
 * into some thirty chunks (each module shared with a screen loaded later becomes its own file), and the
 * page fetches and links each before any code runs. The plugin walks the static imports from the app's
 * entry once the graph is known, and the group below puts every module it reaches into one `start`
 * chunk; screens loaded later import from it. Modules the recovery page also runs stay out, so that
 * page never loads (and runs) the app's start-up code.
 */
function startChunk(): { plugin: Plugin; isStartModule: (id: string) => boolean } {
  const start = new Set<string>();
  const reached = (ctx: { getModuleInfo(id: string): { importedIds: readonly string[] } | null }, root: string) => {
    const seen = new Set<string>();
    const walk = [root];
    for (let id = walk.pop(); id !== undefined; id = walk.pop()) {
      if (seen.has(id)) continue;
      seen.add(id);
      walk.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
    }
    return seen;
  };
  const plugin: Plugin = {
    name: 'practice-companion:start-chunk',
    apply: 'build',
    buildEnd() {
      start.clear();
      const ids = [...this.getModuleIds()];
      const entry = ids.find((id) => /src-renderer[\\/]main\.tsx$/.test(id));
      const recovery = ids.find((id) => /src-renderer[\\/]recovery[\\/]recovery\.ts$/.test(id));
      if (!entry) return;
      const shared = recovery ? reached(this, recovery) : new Set<string>();
      // Radix is imported through barrels whose unused parts the bundler drops: walking them would pull every
      // component a later screen uses into the start chunk. Its modules are left to the default split.
      for (const id of reached(this, entry))
        if (id !== entry && !shared.has(id) && !/node_modules[\\/]@radix-ui[\\/]/.test(id)) start.add(id);
    },
  };
  return { plugin, isStartModule: (id) => start.has(id) };
}
const rendererStart = startChunk();

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
    plugins: [react(), devCspPlugin(), pdfjsAssetsPlugin(), rendererStart.plugin],
    build: {
      outDir: resolve('out/renderer'),
      // electron-vite leaves the renderer unminified; minified, the app has far less JavaScript to parse at start.
      minify: true,
      sourcemap: process.env['PC_SOURCEMAP'] === '1',
      // recovery.html: the page main shows after a second crash within a minute (its own script, same strict CSP).
      rolldownOptions: {
        input: { index: resolve('src-renderer/index.html'), recovery: resolve('src-renderer/recovery.html') },
        output: {
          // zod and src-renderer/zod-jitless.ts share one chunk, so zod is switched to jitless before any chunk
          // builds a schema: split apart, the contract's chunk ran first and zod's `new Function` probe broke the CSP.
          codeSplitting: {
            groups: [
              { name: 'zod', test: /node_modules[\\/]zod[\\/]|src-renderer[\\/]zod-jitless\.ts$/, priority: 2 },
              { name: 'start', test: rendererStart.isStartModule, priority: 1 },
            ],
          },
        },
      },
    },
  },
});
