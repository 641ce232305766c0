import { builtinModules } from 'node:module';

/** The parts of package-lock.json (lockfile v3) the closure needs. */
interface Lock {
  packages: Record<
    string,
    {
      dev?: boolean;
      dependencies?: Record<string, string>;
      optionalDependencies?: Record<string, string>;
      peerDependencies?: Record<string, string>;
    }
  >;
}

/**
 * Every installed package path (`node_modules/a`, `node_modules/a/node_modules/b`) reachable from `roots`,
 * resolved the way Node does: a dependency of `P` is `P/node_modules/d` if present, else the same lookup
 * from each parent folder up to the top. Built from the roots, not from the lock's `dev` flags, so a
 * renderer package put back into `dependencies` is still not allowed.
 */
export function productionClosure(lock: Lock, roots: readonly string[]): Set<string> {
  const found = new Set<string>();
  const resolveFrom = (from: string, name: string): string | undefined => {
    let base = from;
    for (;;) {
      const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
      if (lock.packages[candidate]) return candidate;
      if (!base) return undefined;
      const cut = base.lastIndexOf('/node_modules/');
      base = cut < 0 ? '' : base.slice(0, cut);
    }
  };
  const visit = (path: string): void => {
    if (found.has(path)) return;
    found.add(path);
    const entry = lock.packages[path] ?? {};
    const names = { ...entry.dependencies, ...entry.optionalDependencies, ...entry.peerDependencies };
    for (const name of Object.keys(names)) {
      const resolved = resolveFrom(path, name);
      if (resolved) visit(resolved);
    }
  };
  for (const name of roots) {
    const path = resolveFrom('', name);
    if (!path) throw new Error(`${name} is not in package-lock.json.`);
    visit(path);
  }
  return found;
}

/**
 * The installed package an archive entry belongs to (`/node_modules/a/node_modules/@s/b/x.js` →
 * `node_modules/a/node_modules/@s/b`); '' for a bare `node_modules` folder (or a scope folder) between
 * packages; undefined outside node_modules.
 */
export function packageOfEntry(entry: string): string | undefined {
  const parts = entry.replace(/^\//, '').split('/');
  if (parts[0] !== 'node_modules') return undefined;
  let owner = '';
  let i = 0;
  while (parts[i] === 'node_modules') {
    const first = parts[i + 1];
    if (first === undefined) return owner;
    const scoped = first.startsWith('@');
    const name = scoped ? parts[i + 2] : first;
    if (name === undefined) return owner; // the scope folder itself
    owner = `${owner ? `${owner}/` : ''}node_modules/${scoped ? `${first}/${name}` : first}`;
    i += scoped ? 3 : 2;
  }
  return owner;
}

/** The package's own name from an installed path (`node_modules/a/node_modules/@s/b` → `@s/b`). */
export function packageName(path: string): string {
  return path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
}

/** Bare package names out/main/index.js imports (static, dynamic or require), without Node built-ins and electron. */
export function mainRuntimeImports(source: string): string[] {
  const specifiers = [
    ...source.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*)["']([^"'./][^"']*)["']/g),
  ].map((match) => match[1] ?? '');
  const names = specifiers.map((spec) =>
    spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : (spec.split('/')[0] ?? ''),
  );
  const builtins = new Set(builtinModules);
  return [...new Set(names)]
    .filter((name) => name !== 'electron' && !name.startsWith('node:') && !builtins.has(name))
    .sort();
}
