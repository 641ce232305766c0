import path from 'node:path';
import { parseCircular, type DependencyTree } from 'dpdm';
import { dependencyTree, scratchProject } from '../../support/import-graph';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const sources = ['src-main/**/*.{ts,tsx}', 'src-preload/**/*.{ts,tsx}', 'src-renderer/**/*.{ts,tsx}'];

/**
 * Every import counts, `import type` included: a type-only cycle does nothing at run time, but it still
 * ties two modules into one unit that cannot be read, tested or moved apart, which is what the rule is for.
 * Resolution is TypeScript's own (the project's tsconfig.json), so .ts/.tsx and index files resolve as tsc sees them.
 */
/** "a.ts → b.ts → a.ts", one line per cycle. */
const chains = (tree: DependencyTree) => parseCircular(tree).map((cycle) => [...cycle, cycle[0]].join(' → '));

describe('import cycles', () => {
  // Parsed once for both checks (about a second for the whole app).
  let projectTree: Promise<DependencyTree> | undefined;
  const project = () => (projectTree ??= dependencyTree(root, sources));

  it('has none in main, the preloads or the renderer', async () => {
    const tree = await project();
    // A guard against a glob that matches nothing and so passes.
    expect(Object.keys(tree).filter((file) => file.startsWith('src-renderer/')).length).toBeGreaterThan(100);
    const cycles = chains(tree);
    expect(
      cycles,
      `Import cycles (move the piece both sides need into a module of its own):\n${cycles.join('\n')}`,
    ).toEqual([]);
  }, 60_000); // parsing the whole project takes about a second, far longer on a loaded machine

  it('resolves every relative import, so no edge (and no cycle) goes unseen', async () => {
    const tree = await project();
    const unresolved = Object.values(tree)
      .flatMap((deps) => deps ?? [])
      // A query (`?asset`, `?url`) is electron-vite's asset import: a file, not a module.
      .filter((dep) => dep.id === null && dep.request.startsWith('.') && !dep.request.includes('?'))
      .map((dep) => `${dep.issuer}: ${dep.request}`);
    expect(unresolved).toEqual([]);
  });

  describe('the check itself', () => {
    const { dir, write } = scratchProject('import-cycles-');

    it('finds a cycle through a .tsx file and an `import type`', async () => {
      write('list.ts', "import type { Row } from './Row';\nexport const rows: Row[] = [];\n");
      write(
        'Row.tsx',
        "import { rows } from './list';\nexport type Row = { id: number };\nexport const count = () => rows.length;\n",
      );
      write('alone.ts', "import { rows } from './list';\nexport const first = rows[0];\n");
      expect(chains(await dependencyTree(dir, ['*.{ts,tsx}']))).toEqual([
        expect.stringMatching(/^(list\.ts → Row\.tsx → list\.ts|Row\.tsx → list\.ts → Row\.tsx)$/),
      ]);
    });
  });
});
