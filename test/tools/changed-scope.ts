/**
 * Which unit tests cover a set of changed files, by the rule the tests follow: they mirror the source.
 *   src-renderer/<path>        ↔ test/unit/renderer/<path>
 *   src-main/<folder>/<path>   ↔ test/unit/<folder>/<path>   (src-main/<name>.ts ↔ test/unit/<name>.test.ts)
 *   src-preload/contract/<path> ↔ test/unit/contract/<path>
 *   test/tools/<path>           ↔ test/unit/tools/<path>
 * A changed file's tests are the nearest existing mirrored folder, never above the mirror of its top
 * folder: a change in features/clients/tabs runs features/clients' tests when tabs has none of its own,
 * but never all of features' or the whole renderer's (there an area such as features/clients is the top).
 * A changed unit test runs itself; a changed helper beside unit tests runs its folder. Pure (the file
 * system is asked through `exists`), so the mapping itself is tested.
 */
export interface ChangedScope {
  /** Unit test files and folders (folders end in "/") for `vitest run --project unit`, ancestors only. */
  unitTests: string[];
  /** Changed sources no unit test folder mirrors: their checks are the type-check, lint and other projects. */
  unmirrored: string[];
  /** Changed tests of the heavier projects (contract, integration, e2e): named, not run. */
  otherProjects: string[];
  /** Changed configuration that can change every check: worth a full `npm test`. */
  configuration: string[];
}

const CONFIGURATION = new Set([
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'eslint.config.mjs',
  'vitest.config.ts',
  'electron.vite.config.ts',
]);

interface Mirror {
  source: string;
  tests: string;
  /** How many folders deep a file's top folder is, given its folders (src-main: the first). */
  topDepth: (folders: string[]) => number;
}

/** The renderer's features and operation forms are grouped by area: an area is a top folder of its own. */
const GROUPED_BY_AREA = new Set(['features', 'operations']);

const MIRRORS: Mirror[] = [
  {
    source: 'src-renderer/',
    tests: 'test/unit/renderer/',
    topDepth: (folders) => (GROUPED_BY_AREA.has(folders[0] ?? '') ? 2 : 1),
  },
  { source: 'src-preload/contract/', tests: 'test/unit/contract/', topDepth: () => 0 },
  { source: 'src-main/', tests: 'test/unit/', topDepth: () => 1 },
  { source: 'test/tools/', tests: 'test/unit/tools/', topDepth: () => 0 },
];

const isUnitTest = (file: string) => /^test\/unit\/.*\.test\.tsx?$/.test(file);
const folderOf = (file: string) => file.slice(0, file.lastIndexOf('/') + 1);

/** The nearest existing mirrored folder of a source file, or null. */
function mirroredTests(file: string, exists: (path: string) => boolean): string | null {
  const mirror = MIRRORS.find((m) => file.startsWith(m.source));
  if (!mirror) return null;
  const inside = file.slice(mirror.source.length);
  const folders = inside.split('/').slice(0, -1);
  const top = mirror.topDepth(folders);
  if (folders.length < top) {
    // A file at the top of src-main (compose.ts) has a test file of its own name, not a folder.
    const name = inside.replace(/\.tsx?$/, '');
    const own = `${mirror.tests}${name}.test.ts`;
    return exists(own) ? own : null;
  }
  for (let depth = folders.length; depth >= top; depth--) {
    const candidate =
      mirror.tests +
      folders
        .slice(0, depth)
        .map((folder) => `${folder}/`)
        .join('');
    if (exists(candidate)) return candidate;
  }
  return null;
}

/** Drops entries inside another entry's folder, and duplicates. */
function outermost(paths: string[]): string[] {
  const unique = [...new Set(paths)].sort();
  return unique.filter((p) => !unique.some((other) => other !== p && other.endsWith('/') && p.startsWith(other)));
}

export function changedScope(changed: readonly string[], exists: (path: string) => boolean): ChangedScope {
  const unitTests: string[] = [];
  const unmirrored: string[] = [];
  const otherProjects: string[] = [];
  const configuration: string[] = [];
  for (const file of changed) {
    if (CONFIGURATION.has(file)) configuration.push(file);
    else if (file.startsWith('test/unit/')) {
      if (isUnitTest(file)) {
        if (exists(file)) unitTests.push(file);
      } else if (/\.tsx?$/.test(file) && exists(folderOf(file))) unitTests.push(folderOf(file));
    } else if (/^test\/(contract|integration|e2e)\//.test(file)) otherProjects.push(file);
    else if (/^(src-[a-z]+|test\/tools)\/.*\.tsx?$/.test(file)) {
      const tests = mirroredTests(file, exists);
      if (tests) unitTests.push(tests);
      else unmirrored.push(file);
    }
  }
  return { unitTests: outermost(unitTests), unmirrored, otherProjects, configuration };
}

/** Files the linters read: sources and scripts that still exist. */
export const lintable = (file: string) => /\.(ts|tsx|mts|cts|js|mjs|cjs)$/.test(file);
