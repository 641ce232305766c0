import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseCircular, parseDependencyTree, type DependencyTree } from 'dpdm';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const sources = ['src-main/**/*.{ts,tsx}', 'src-preload/**/*.{ts,tsx}', 'src-renderer/**/*.{ts,tsx}'];

/**
 * Every import counts, `import type` included: a type-only cycle does nothing at run time, but it still
 * ties two modules into one unit that cannot be read, tested or moved apart, which is what the rule is for.
 * Resolution is TypeScript's own (the project's tsconfig.json), so .ts/.tsx and index files resolve as tsc sees them.
 */
async function dependencyTree(cwd: string, entries: string[]): Promise<DependencyTree> {
  return parseDependencyTree(entries, {
    cwd,
    context: cwd,
    tsconfig: path.join(cwd, 'tsconfig.json'),
    transform: false,
    skipDynamicImports: false,
  });
}

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
    const dir = mkdtempSync(path.join(tmpdir(), 'import-cycles-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('finds a cycle through a .tsx file and an `import type`', async () => {
      writeFileSync(
        path.join(dir, 'tsconfig.json'),
        JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'bundler', jsx: 'react-jsx' } }),
      );
      writeFileSync(path.join(dir, 'list.ts'), "import type { Row } from './Row';\nexport const rows: Row[] = [];\n");
      writeFileSync(
        path.join(dir, 'Row.tsx'),
        "import { rows } from './list';\nexport type Row = { id: number };\nexport const count = () => rows.length;\n",
      );
      writeFileSync(path.join(dir, 'alone.ts'), "import { rows } from './list';\nexport const first = rows[0];\n");
      expect(chains(await dependencyTree(dir, ['*.{ts,tsx}']))).toEqual([
        expect.stringMatching(/^(list\.ts → Row\.tsx → list\.ts|Row\.tsx → list\.ts → Row\.tsx)$/),
      ]);
    });
  });
});
