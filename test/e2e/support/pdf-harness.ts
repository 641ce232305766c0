import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import type { Browser, Page } from 'playwright-core';
import { build, type Plugin } from 'vite';
import { pdfjsAssetsPlugin } from '../../../electron.vite.config';
import { rendererHeaderCsp } from '../../../src-main/security/content-security-policy';
import { rendererMetaCsp } from '../../support/renderer-csp';
import { RENDERER_ORIGIN, contentTypeFor, resolveRendererAsset } from '../../../src-main/security/renderer-asset-path';
import type { HarnessEvent, PdfHarness } from '../pdf-viewer/harness/harness';
import { launchChromium } from './chromium';
import { watchProblems } from './page-problems';

/**
 * The PDF viewer on its own in Chromium: a test-only page (test/e2e/pdf-viewer/harness/) that mounts
 * the real `PdfViewer`, built by Vite with the renderer's plugins (React, pdf.js's data files) and
 * served from 127.0.0.1 with the production CSP as header and <meta>, like the app's own files.
 */

/** Puts the production policy into the harness page's <meta>, as src-renderer/index.html carries it. */
function productionCspMeta(): Plugin {
  return {
    name: 'pdf-harness:production-csp',
    transformIndexHtml: (html) => html.replace('%PRODUCTION_CSP%', rendererMetaCsp()),
  };
}

/** Builds the harness page into a new temporary folder and returns it. */
export async function buildPdfHarness(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'pc-pdf-harness-'));
  await build({
    configFile: false,
    root: resolve('test/e2e/pdf-viewer/harness'),
    base: './',
    logLevel: 'error',
    plugins: [react(), pdfjsAssetsPlugin(), productionCspMeta()],
    build: { outDir, emptyOutDir: true, reportCompressedSize: false, chunkSizeWarningLimit: 4096 },
  });
  return outDir;
}

/** Serves a built folder on 127.0.0.1 with the renderer's CSP header, traversal-proof, like app://. */
export async function serveHarness(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    void (async () => {
      const pathname = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
      const file = resolveRendererAsset(dir, `${RENDERER_ORIGIN}${pathname}`);
      const headers = {
        'Content-Security-Policy': rendererHeaderCsp(),
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'no-store',
      };
      try {
        if (!file) throw new Error('outside');
        const body = await readFile(file);
        res.writeHead(200, { ...headers, 'Content-Type': contentTypeFor(file) });
        res.end(body);
      } catch {
        res.writeHead(404, { ...headers, 'Content-Type': 'text/plain' });
        res.end('Not found');
      }
    })();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

export interface PdfHarnessSession {
  browser: Browser;
  page: Page;
  /** Uncaught errors, console errors (the page's and its workers'), CSP violations (document and workers). */
  problems: string[];
  url: string;
  close(): Promise<void>;
}

type HarnessWindow = typeof globalThis & { __pdfHarness: PdfHarness };

/**
 * Chromium on the harness page, watched for problems. CSP violations inside workers are not
 * events of the document, so each worker gets its own listener that turns them into console errors.
 */
export async function openPdfHarness(
  dir: string,
  options: { viewport?: { width: number; height: number }; browser?: Browser } = {},
): Promise<PdfHarnessSession> {
  const server = await serveHarness(dir);
  const browser = options.browser ?? (await launchChromium());
  const page = await browser.newPage({ viewport: options.viewport ?? { width: 1200, height: 800 } });
  const problems = await watchProblems(page);
  page.on('worker', (worker) => {
    void worker
      .evaluate(() => {
        self.addEventListener('securitypolicyviolation', (event) => {
          console.error(`CSP violation in worker: ${event.violatedDirective} ${event.blockedURI}`);
        });
      })
      .catch(() => undefined);
  });
  await page.goto(server.url);
  await page.getByTestId('harness-alive').waitFor();
  return {
    browser,
    page,
    problems,
    url: server.url,
    async close() {
      await page.close();
      if (!options.browser) await browser.close();
      await server.close();
    },
  };
}

export const removeHarness = (dir: string): void => rmSync(dir, { recursive: true, force: true });

/** Hands the viewer a file; returns the id its harness events carry. */
export async function showPdf(page: Page, bytes: Uint8Array, title: string, initialPage = 1): Promise<number> {
  const base64 = Buffer.from(bytes).toString('base64');
  return page.evaluate(([data, name, first]) => (globalThis as HarnessWindow).__pdfHarness.open(data, name, first), [
    base64,
    title,
    initialPage,
  ] as const);
}

export async function closePdf(page: Page): Promise<void> {
  await page.evaluate(() => (globalThis as HarnessWindow).__pdfHarness.close());
}

export async function harnessEvents(page: Page): Promise<HarnessEvent[]> {
  return page.evaluate(() => (globalThis as HarnessWindow).__pdfHarness.events());
}

/** Re-renders the harness's React tree and waits for it: fails if the page is stuck or the tree is gone. */
export async function expectResponsive(page: Page, timeout = 5_000): Promise<void> {
  const count = await page.evaluate(() => (globalThis as HarnessWindow).__pdfHarness.ping());
  await page.getByTestId('harness-alive').getByText(`alive ${count}`, { exact: true }).waitFor({ timeout });
}
