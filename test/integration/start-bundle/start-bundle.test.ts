import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { initialScripts, measureRendererBundle } from '../../bench/bundle-bench';

/**
 * What the built app loads at start (`npm run build` first, as for the packaging test): main leaves the
 * demo practice for when it is chosen, and the renderer's first load leaves out the PDF viewer, the
 * ageing chart and the action forms.
 */
const root = resolve(import.meta.dirname, '../../..');
const rendererDir = join(root, 'out/renderer');
/**
 * Measured 766.8 KB with every screen but Clients loaded on demand (904.7 KB with every screen at start;
 * 2,882.9 KB before splitting, unminified, in one file). The ceiling is the start-up target
 * (bundle-bench's BUNDLE_TARGETS): it stops the start bundle creeping back.
 */
const INITIAL_CEILING_KB = 800;

beforeAll(() => {
  if (!existsSync(join(root, 'out/main/index.js')) || !existsSync(join(rendererDir, 'index.html'))) {
    throw new Error('out/ is not built: run `npm run build` first (npm test does it before vitest).');
  }
});

describe('the built app at start', () => {
  it('main loads the demo practice (Fastify, pdf-lib, the data generators) only when it is started', () => {
    const main = readFileSync(join(root, 'out/main/index.js'), 'utf8');
    expect(main).not.toMatch(/\bfrom\s*["'](fastify|pdf-lib|fflate)["']/);
    const chunk = /\bimport\(\s*["']\.\/(create-demo-practice-[\w-]+\.js)["']\s*\)/.exec(main)?.[1];
    expect(chunk, 'a dynamic import of the demo practice chunk').toBeDefined();
    expect(readFileSync(join(root, 'out/main', chunk!), 'utf8')).toMatch(/\bfrom\s*["']fastify["']/);
  });

  it("the renderer starts with its own code only: pdf.js, the viewer, the chart, the forms, the screens other than Clients and the jobs that carry the contract's schemas come later", () => {
    const initial = initialScripts(readFileSync(join(rendererDir, 'index.html'), 'utf8'));
    const source = initial.map((path) => readFileSync(join(rendererDir, path), 'utf8')).join('\n');
    expect(source).not.toContain('Setting up fake worker'); // pdf.js's display layer
    expect(source).not.toContain('pdf.worker.min'); // the viewer's worker start
    for (const lazy of [
      'AgeingChart',
      'ContactForm',
      'AdhocBillForm',
      'EformForm',
      'LeadForms',
      'RenewForm',
      'pdf-viewer',
      // Every screen but the first one shown (Clients), and the screens a list opens.
      'OnboardingsScreen',
      'LeadsScreen',
      'BillingScreen',
      'DebtorsScreen',
      'DocumentsScreen',
      'OutboxScreen',
      'SettingsScreen',
      'ClientDetailScreen',
      'OnboardingDetailScreen',
      'LeadDetailScreen',
      'DocumentScreen',
      // The outbox, meeting-pack and document-request jobs, and the sync's ingest: the contract's schemas come with them.
      'deferred-jobs',
      'ingest',
    ]) {
      expect(
        initial.some((path) => path.includes(`/${lazy}-`)),
        `${lazy} is not loaded at start`,
      ).toBe(false);
      expect(
        readdirSync(join(rendererDir, 'assets')).some((file) => file.startsWith(`${lazy}-`)),
        `${lazy} has its own chunk`,
      ).toBe(true);
    }
  });

  it('the renderer fetches its start-up code in a handful of files, not one per shared module', () => {
    // The start chunk (the bundler config's `start` group) holds every module the entry reaches; zod keeps
    // its own chunk (switched to jitless before any schema is built), plus the entry and the bundler's runtime.
    const initial = initialScripts(readFileSync(join(rendererDir, 'index.html'), 'utf8'));
    expect(initial.length, initial.join(', ')).toBeLessThanOrEqual(4);
    expect(initial.some((path) => /\/start-[\w-]+\.js$/.test(path))).toBe(true);
    // The recovery page runs none of it.
    expect(readFileSync(join(rendererDir, 'recovery.html'), 'utf8')).not.toMatch(/start-[\w-]+\.js/);
  });

  it('the renderer builds none of the contract’s record and action schemas at start', () => {
    // An outbox operation's name appears only with the operations' registry (contract/outbox/operations.ts),
    // which the deferred jobs, the action forms and the sync's ingest import: none of it is in the start-up files.
    const initial = initialScripts(readFileSync(join(rendererDir, 'index.html'), 'utf8'));
    const source = initial.map((path) => readFileSync(join(rendererDir, path), 'utf8')).join('\n');
    expect(source).not.toContain('contact.create');
    const assets = readdirSync(join(rendererDir, 'assets')).filter((file) => file.endsWith('.js'));
    expect(
      assets.some((file) => readFileSync(join(rendererDir, 'assets', file), 'utf8').includes('contact.create')),
    ).toBe(true);
  });

  it('the client list’s first page is read before Dexie, React and the app are evaluated', () => {
    // main.tsx imports first-page-early.ts second (after zod's switch to jitless): in the start chunk its read,
    // keyed by the practice remembered from last time, comes before Dexie's and React's code.
    const initial = initialScripts(readFileSync(join(rendererDir, 'index.html'), 'utf8'));
    const start = initial.find((path) => /\/start-[\w-]+\.js$/.test(path))!;
    const code = readFileSync(join(rendererDir, start), 'utf8');
    const firstPageRead = code.indexOf('first-page:last-practice');
    expect(firstPageRead).toBeGreaterThan(0);
    for (const later of ['DexieError', 'react.transitional.element', 'createRoot'])
      expect(code.indexOf(later), later).toBeGreaterThan(firstPageRead);
  });

  it(`the renderer's start-up JavaScript is minified and under ${INITIAL_CEILING_KB} KB`, () => {
    const bundle = measureRendererBundle(rendererDir);
    console.log(`renderer: ${bundle.initialJsKB} KB of JS at start, ${bundle.totalJsKB} KB in all`);
    expect(bundle.initialJsKB).toBeLessThan(INITIAL_CEILING_KB);
    expect(bundle.totalJsKB).toBeGreaterThan(bundle.initialJsKB);
  });
});

describe('initialScripts', () => {
  it('lists the module script and the modulepreloads, not stylesheets or other pages', () => {
    const html = `<head><script type="module" crossorigin src="./assets/index-a.js"></script>
      <link rel="modulepreload" crossorigin href="./assets/runtime-b.js">
      <link rel="stylesheet" crossorigin href="./assets/index-c.css"><link rel="icon" href="data:,"></head>`;
    expect(initialScripts(html)).toEqual(['assets/index-a.js', 'assets/runtime-b.js']);
  });
});
