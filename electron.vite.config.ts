import { resolve } from 'node:path';
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
    plugins: [react(), devCspPlugin()],
    build: {
      outDir: resolve('out/renderer'),
      rolldownOptions: { input: resolve('src-renderer/index.html') },
    },
  },
});
