import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseDependencyTree, type DependencyTree } from 'dpdm';
import { afterAll } from 'vitest';

/** The renderer's modules: what the folder checks read. */
export const RENDERER_SOURCES = ['src-renderer/**/*.{ts,tsx}'];

/**
 * The import graph of `entries` under `cwd`, as the tooling checks read it: resolved with the project's
 * tsconfig, `import type` and `import()` counted.
 */
export function dependencyTree(cwd: string, entries: string[] = RENDERER_SOURCES): Promise<DependencyTree> {
  return parseDependencyTree(entries, {
    cwd,
    context: cwd,
    tsconfig: path.join(cwd, 'tsconfig.json'),
    transform: false,
    skipDynamicImports: false,
  });
}

/**
 * A scratch project for a check's own tests: a folder with the project's module settings in its tsconfig,
 * removed after the file's tests. `write` puts a source file in it.
 */
export function scratchProject(prefix: string): { dir: string; write(file: string, text: string): void } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  };
  write(
    'tsconfig.json',
    JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'bundler', jsx: 'react-jsx' } }),
  );
  return { dir, write };
}
