import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Dependency, DependencyTree } from 'dpdm';
import { dependencyTree, scratchProject } from '../../support/import-graph';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

/** Every import counts: `import type` and `import()` included, resolved as tsc resolves them. */
/** Folders whose sub-folders are folders of their own: each screen, each operation domain. */
const grouping = new Set(['features', 'operations']);

/**
 * The folder a renderer module belongs to: the first directory under src-renderer (the unit the layers test
 * places), except under features/ and operations/, where it is the second (`features/clients`). A module
 * directly in src-renderer/ is a unit of its own (`main.tsx`); one directly in features/ or operations/ belongs
 * to that folder (`operations/registry.ts` is `operations`).
 */
function folderOf(file: string): string | undefined {
  if (!file.startsWith('src-renderer/')) return undefined; // packages, the contract: not renderer folders
  const parts = file.slice('src-renderer/'.length).split('/');
  const [top = ''] = parts;
  if (grouping.has(top) && parts.length > 2) return `${top}/${parts[1]}`;
  return top;
}

/** The line of `file` that names `request` in quotes (a multi-line import: its `from '…'` line). */
function lineOf(cwd: string, file: string, request: string): number {
  const lines = readFileSync(path.join(cwd, file), 'utf8').split('\n');
  const index = lines.findIndex((line) => line.includes(`'${request}'`) || line.includes(`"${request}"`));
  return index + 1;
}

/**
 * "a ↔ b: a/x.ts:3 → b/y.ts; b/z.ts:7 → a/w.ts", one per pair of folders that import each other, with the
 * first import each way (by file, then line), sorted by pair.
 */
function twoWayPairs(cwd: string, tree: DependencyTree): string[] {
  /** Keyed "from → to": every import from one folder into another. */
  const edges = new Map<string, Dependency[]>();
  for (const [file, deps] of Object.entries(tree)) {
    const from = folderOf(file);
    if (!from) continue;
    for (const dep of deps ?? []) {
      const to = dep.id ? folderOf(dep.id) : undefined;
      if (!to || to === from) continue;
      const key = `${from} → ${to}`;
      edges.set(key, [...(edges.get(key) ?? []), dep]);
    }
  }
  const first = (key: string) =>
    (edges.get(key) ?? [])
      .map((dep) => `${dep.issuer}:${lineOf(cwd, dep.issuer, dep.request)} → ${dep.id}`)
      .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))[0];
  const pairs: string[] = [];
  for (const key of edges.keys()) {
    const [a = '', b = ''] = key.split(' → ');
    if (a < b && edges.has(`${b} → ${a}`)) pairs.push(`${a} ↔ ${b}: ${first(key)}; ${first(`${b} → ${a}`)}`);
  }
  return pairs.sort();
}

describe('renderer folders: no two import each other', () => {
  it('has no pair of folders that import each other', async () => {
    const tree = await dependencyTree(root);
    // A guard against a glob that matches nothing and so passes.
    expect(Object.keys(tree).filter((file) => file.startsWith('src-renderer/')).length).toBeGreaterThan(100);
    const pairs = twoWayPairs(root, tree);
    expect(
      pairs,
      `Folders that import each other (move the piece both need down into a folder both may import):\n${pairs.join('\n')}`,
    ).toEqual([]);
  }, 60_000); // parsing the renderer takes about a second, far longer on a loaded machine

  describe('the check itself', () => {
    const { dir, write } = scratchProject('renderer-folder-pairs-');
    // context ↔ session: one way type-only from a .tsx file, the other way on the importer's second line.
    write(
      'src-renderer/context/hooks.tsx',
      "import type { Service } from '../session/service';\nexport type S = Service;\n",
    );
    write(
      'src-renderer/session/service.ts',
      "export type Service = { run(): void };\nimport type { S } from '../context/hooks';\nexport type T = S;\n",
    );
    // Two screens, one of them loading the other lazily: a pair of their own.
    write('src-renderer/features/clients/List.tsx', "export const list = () => import('../leads/Leads');\n");
    write('src-renderer/features/leads/Leads.tsx', "import { list } from '../clients/List';\nexport const x = list;\n");
    // One way only, and within a folder: no pair.
    write('src-renderer/features/billing/Bills.tsx', "import { x } from '../leads/Leads';\nexport const y = x;\n");
    write('src-renderer/data/db.ts', "import { y } from '../features/billing/Bills';\nexport const z = y;\n");
    write('src-renderer/data/table.ts', "import { z } from './db';\nexport const t = z;\n");
    // A module directly in operations/ belongs to `operations`, not to the domain it imports.
    write('src-renderer/operations/registry.ts', "import { t } from './leads/form';\nexport const r = t;\n");
    write('src-renderer/operations/leads/form.ts', "import { z } from '../../data/db';\nexport const t = z;\n");

    it('names each pair with its first import each way, as file:line', async () => {
      expect(twoWayPairs(dir, await dependencyTree(dir))).toEqual([
        'context ↔ session: src-renderer/context/hooks.tsx:1 → src-renderer/session/service.ts; src-renderer/session/service.ts:2 → src-renderer/context/hooks.tsx',
        'features/clients ↔ features/leads: src-renderer/features/clients/List.tsx:1 → src-renderer/features/leads/Leads.tsx; src-renderer/features/leads/Leads.tsx:1 → src-renderer/features/clients/List.tsx',
      ]);
    });

    it('takes the second level under features/ and operations/ as the folder', () => {
      expect(folderOf('src-renderer/features/clients/tabs/Tab.tsx')).toBe('features/clients');
      expect(folderOf('src-renderer/operations/registry.ts')).toBe('operations');
      expect(folderOf('src-renderer/session/who.ts')).toBe('session');
      expect(folderOf('src-renderer/main.tsx')).toBe('main.tsx');
      expect(folderOf('src-preload/contract/day.ts')).toBeUndefined();
    });
  });
});
