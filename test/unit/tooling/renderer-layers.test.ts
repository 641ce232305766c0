import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { DependencyTree } from 'dpdm';
import { dependencyTree, scratchProject } from '../../support/import-graph';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

/** Low to high: a module may import its own layer or a lower one, never a higher one. */
const layers = ['contract', 'ui', 'data', 'domain', 'operations', 'features', 'app'] as const;
type Layer = (typeof layers)[number];

/**
 * Where each top-level entry of src-renderer sits. A folder (or root module) missing here fails the test,
 * so a new folder is placed on purpose. `src-preload/contract/` is always 'contract'.
 */
const placement: Record<string, Layer> = {
  bridge: 'contract', // the type of window.companion
  'zod-jitless.ts': 'contract',
  ui: 'ui', // the UI kit, wording, regional formats
  'pdf-viewer': 'ui',
  styles: 'ui', // stylesheets only
  search: 'ui', // the fold rule and the client search: text rules over the contract's types, below data so data can use them
  data: 'data', // the Dexie database and its table types
  stores: 'domain', // every store of the window, state only: imports no other renderer folder
  context: 'domain', // the root's React context and the hooks into its stores and services
  notices: 'domain', // the notices' store (built per root) and the toasts that show it
  session: 'domain',
  'who-am-i': 'domain', // who is using this laptop, per practice (a hook into the root's databases and stores)
  sync: 'domain',
  outbox: 'domain',
  effects: 'domain',
  'meeting-packs': 'domain',
  'client-data': 'domain',
  connectivity: 'domain',
  presence: 'domain',
  updates: 'domain',
  jobs: 'domain',
  'client-facing': 'domain', // the mode's store and route guard; its screens are features/client-facing
  desktop: 'domain', // app glue lower layers need (platform, shortcut events and list)
  'start-up': 'domain', // the start's milestones (User Timing marks): imports nothing
  operations: 'operations',
  features: 'features',
  app: 'app',
  'main.tsx': 'app',
  'first-page-early.ts': 'app', // the entry's second import: the client list's first read, before the rest runs
  recovery: 'app', // the crash page: an entry of its own
};

/**
 * Modules imported from below although they sit too high, each with why it is tolerated until it moves. An
 * exception no import needs any more fails the test, so the list only shrinks.
 */
const allowedBackEdges: Record<string, string> = {};

interface LayerReport {
  /** Top-level folders or root modules of src-renderer that have no layer. */
  unplaced: string[];
  /** "a.ts → b.ts (ui imports features)", one per import that runs back up. */
  backEdges: string[];
  /** Allowed back-edges no import uses any more. */
  staleExceptions: string[];
}

/** Every import counts: `import type` and `import()` included, resolved as tsc resolves them. */
function checkLayers(
  cwd: string,
  tree: DependencyTree,
  place: Record<string, Layer>,
  exceptions: Record<string, string>,
): LayerReport {
  const unplaced = readdirSync(path.join(cwd, 'src-renderer'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() || /\.tsx?$/.test(entry.name))
    .map((entry) => entry.name)
    .filter((name) => !(name in place));

  const layerOf = (file: string): Layer | undefined => {
    if (file.startsWith('src-preload/contract/')) return 'contract';
    if (!file.startsWith('src-renderer/')) return undefined; // packages; main and the preloads are lint's (import boundaries)
    const [top = ''] = file.slice('src-renderer/'.length).split('/');
    return place[top];
  };

  const backEdges: string[] = [];
  const used = new Set<string>();
  for (const [file, deps] of Object.entries(tree)) {
    const from = layerOf(file);
    if (!from || !file.startsWith('src-renderer/')) continue;
    for (const dep of deps ?? []) {
      const to = dep.id ? layerOf(dep.id) : undefined;
      if (!dep.id || !to || layers.indexOf(to) <= layers.indexOf(from)) continue;
      if (dep.id in exceptions) used.add(dep.id);
      else backEdges.push(`${file} → ${dep.id} (${from} imports ${to})`);
    }
  }
  const staleExceptions = Object.keys(exceptions).filter((file) => !used.has(file));
  return { unplaced, backEdges: [...new Set(backEdges)].sort(), staleExceptions };
}

describe('renderer layers: contract < ui < data < domain < operations < features < app', () => {
  it('places every top-level folder, and no import runs back up', async () => {
    const tree = await dependencyTree(root);
    // A guard against a glob that matches nothing and so passes.
    expect(Object.keys(tree).filter((file) => file.startsWith('src-renderer/')).length).toBeGreaterThan(100);
    const report = checkLayers(root, tree, placement, allowedBackEdges);
    expect(report.unplaced, 'Folders with no layer (add them to `placement`)').toEqual([]);
    expect(
      report.backEdges,
      `Imports that run back up a layer (move the piece both need down, or the importer up):\n${report.backEdges.join('\n')}`,
    ).toEqual([]);
    expect(report.staleExceptions, 'Allowed back-edges no import needs any more (delete them)').toEqual([]);
  });

  describe('the check itself', () => {
    const { dir, write } = scratchProject('renderer-layers-');
    write('src-preload/contract/day.ts', 'export type Day = string;\n');
    write('src-renderer/features/billing/filter.ts', 'export type Window = { start: string };\n');
    // Type-only, from a .tsx file: still a back-edge.
    write(
      'src-renderer/ui/Range.tsx',
      "import type { Window } from '../features/billing/filter';\nimport type { Day } from '../../src-preload/contract/day';\nexport const f = (w: Window, d: Day) => [w, d];\n",
    );
    // Lazily loaded from a lower layer: still a back-edge.
    write('src-renderer/data/db.ts', "export const later = () => import('../app/App');\n");
    write('src-renderer/app/App.tsx', "import { f } from '../ui/Range';\nexport const app = f;\n");
    write('src-renderer/mystery/thing.ts', "import { app } from '../app/App';\nexport const x = app;\n");
    const place: Record<string, Layer> = { ui: 'ui', data: 'data', features: 'features', app: 'app' };

    it('reports each back-edge as "file → file (layer imports layer)" and each unplaced folder', async () => {
      const report = checkLayers(dir, await dependencyTree(dir), place, {});
      expect(report.unplaced).toEqual(['mystery']);
      expect(report.backEdges).toEqual([
        'src-renderer/data/db.ts → src-renderer/app/App.tsx (data imports app)',
        'src-renderer/ui/Range.tsx → src-renderer/features/billing/filter.ts (ui imports features)',
      ]);
    });

    it('lets an allowed back-edge through, and reports one nothing uses', async () => {
      const report = checkLayers(dir, await dependencyTree(dir), place, {
        'src-renderer/app/App.tsx': 'lazy',
        'src-renderer/features/gone.ts': 'moved away',
      });
      expect(report.backEdges).toEqual([
        'src-renderer/ui/Range.tsx → src-renderer/features/billing/filter.ts (ui imports features)',
      ]);
      expect(report.staleExceptions).toEqual(['src-renderer/features/gone.ts']);
    });
  });
});
