import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { globSync } from 'tinyglobby';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

/**
 * Module-level collections that are allowed: pure memo caches of immutable values, where sharing one cache
 * across the window changes nothing but speed. Anything holding a dependency (the bridge, a database, a
 * timer, a worker) or state that changes what the app does belongs to a store or the composition root.
 */
const MEMO_CACHES: Record<string, string> = {
  'src-renderer/ui/regional/regional-format.ts':
    'Intl money formats per locale and currency: built once, never changed',
  'src-renderer/ui/regional/money-input.ts': 'number symbols and parsers per locale, and constant character sets',
  'src-renderer/pdf-viewer/pdf-search.ts': 'folded text per string: a pure function of its key',
  'src-renderer/search/substring-search.ts': 'filter memos per client index (a WeakMap: dropped with the index)',
};

/** Top-level `let` not yet moved to the composition root: none left (the pdf.js worker's holder is built there). */
const PENDING_LETS: Record<string, string> = {};

export interface ModuleStateFinding {
  file: string;
  line: number;
  text: string;
}

const collections = new Set(['Map', 'Set', 'WeakMap', 'WeakSet']);

/**
 * Top-level `let`/`var` (anywhere in the file's own statements, exported or not) and top-level constants
 * initialised with `new Map/Set/WeakMap/WeakSet`, unless the file is in `allowed`. `file` is reported as given.
 */
export function findModuleState(
  file: string,
  source: string,
  allowed: Record<string, string> = MEMO_CACHES,
  pendingLets: Record<string, string> = PENDING_LETS,
): ModuleStateFinding[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const findings: ModuleStateFinding[] = [];
  const report = (node: ts.Node): void => {
    const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
    findings.push({ file, line, text: node.getText(sf).split('\n')[0]!.slice(0, 120) });
  };
  for (const statement of sf.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const flags = statement.declarationList.flags;
    if (!(flags & ts.NodeFlags.Const)) {
      if (!(file in pendingLets)) report(statement);
      continue;
    }
    if (file in allowed) continue;
    for (const declaration of statement.declarationList.declarations) {
      // A lookup typed ReadonlySet/ReadonlyMap cannot be written to, so it cannot hold state.
      const type = declaration.type?.getText(sf) ?? '';
      if (/^Readonly(Set|Map)</.test(type)) continue;
      let init = declaration.initializer;
      while (init && (ts.isAsExpression(init) || ts.isSatisfiesExpression(init) || ts.isParenthesizedExpression(init)))
        init = init.expression;
      if (init && ts.isNewExpression(init) && ts.isIdentifier(init.expression) && collections.has(init.expression.text))
        report(declaration);
    }
  }
  return findings;
}

/**
 * zustand's store makers — `create` (the hook with its store) and `createStore` (vanilla) — and the renderer's
 * own factories named for what they make (`createOutboxStore`, `createRendererStores`, a `create…Views`).
 */
const STORE_MAKERS = new Set(['create', 'createStore', 'createWithEqualityFn']);
const isStoreMaker = (name: string): boolean => STORE_MAKERS.has(name) || /^create\w*(Store|Stores|Views)$/.test(name);

/**
 * A store made when the module loads (`create(...)` or `createStore(...)` outside any function): one per
 * window, shared by every root and every test. Stores are made per root instead (`stores/renderer-stores.ts`).
 * Calls inside a function body (a factory) are fine; `file` is reported as given.
 */
export function findModuleStores(file: string, source: string): ModuleStateFinding[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const findings: ModuleStateFinding[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) || ts.isClassLike(node)) return;
    if (ts.isCallExpression(node)) {
      let callee: ts.Expression = node.expression;
      while (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && callee.name.text === 'call')
        callee = callee.expression;
      if (ts.isIdentifier(callee) && isStoreMaker(callee.text)) {
        const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
        findings.push({ file, line, text: node.getText(sf).split('\n')[0]!.slice(0, 120) });
      }
    }
    ts.forEachChild(node, visit);
  };
  for (const statement of sf.statements) visit(statement);
  return findings;
}

describe('module state in the renderer', () => {
  it('makes no zustand store at module level: each is made per root', () => {
    const files = globSync('src-renderer/**/*.{ts,tsx}', { cwd: root });
    expect(files.length).toBeGreaterThan(100);
    const findings = files.flatMap((file) => findModuleStores(file, readFileSync(path.join(root, file), 'utf8')));
    expect(
      findings.map((f) => `${f.file}:${f.line}: ${f.text}`),
      'A store is made by a factory that createRendererStores (src-renderer/stores/renderer-stores.ts) calls',
    ).toEqual([]);
  });

  it('the store check finds a module-level create or createStore, and leaves factories alone', () => {
    const code = [
      "import { create } from 'zustand';",
      "import { createStore } from 'zustand/vanilla';",
      'export const useCount = create<{ n: number }>(() => ({ n: 0 }));',
      'const counter = createStore<{ n: number }>()(() => ({ n: 0 }));',
      'export const views = wrap(create(() => ({})));',
      'export const createCounter = () => createStore<{ n: number }>()(() => ({ n: 0 }));',
      'export function makeStore() {',
      '  return create(() => ({ n: 0 }));',
      '}',
      'export const db = Object.create(null);',
      'const clientViews = createPracticeViews<ClientView>(DEFAULT_CLIENT_VIEW);',
      'const outbox = createOutboxStore();',
      'export const ServicesContext = createContext(null);',
    ].join('\n');
    expect(findModuleStores('probe.ts', code).map((f) => f.line)).toEqual([3, 4, 5, 11, 12]);
  });

  it('has no top-level let/var, and top-level Maps/Sets only in the listed memo caches', () => {
    const files = globSync('src-renderer/**/*.{ts,tsx}', { cwd: root });
    // A guard against a glob that matches nothing and so passes.
    expect(files.length).toBeGreaterThan(100);
    const findings = files.flatMap((file) => findModuleState(file, readFileSync(path.join(root, file), 'utf8')));
    expect(
      findings.map((f) => `${f.file}:${f.line}: ${f.text}`),
      'State lives in a zustand store or in an object built by the composition root (src-renderer/app/renderer-services.ts)',
    ).toEqual([]);
    // Every allowed file still exists (a renamed one must not leave a hole in the list).
    for (const file of [...Object.keys(MEMO_CACHES), ...Object.keys(PENDING_LETS)]) expect(files).toContain(file);
  });

  describe('the check itself', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'module-state-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const check = (name: string, code: string, allowed?: Record<string, string>) => {
      const file = path.join(dir, name);
      writeFileSync(file, code);
      return findModuleState(name, readFileSync(file, 'utf8'), allowed, {}).map((f) => f.line);
    };

    it('finds a top-level let, var and exported let, and a top-level Map, Set or WeakMap', () => {
      const code = [
        'let companion = null;',
        'var count = 0;',
        'export let current: string | null = null;',
        'const inFlight = new Map<string, Promise<void>>();',
        'export const seen = new Set<string>() as Set<string>;',
        'const byNode = new WeakMap();',
      ].join('\n');
      expect(check('probe.ts', code)).toEqual([1, 2, 3, 4, 5, 6]);
    });

    it('leaves constants, functions and state inside functions alone', () => {
      const code = [
        'const LIMIT = 20;',
        "const columns: ReadonlySet<string> = new Set(['a', 'b']);",
        'export const useThing = create(() => ({ count: 0 }));',
        'export function make() {',
        '  let n = 0;',
        '  const cache = new Map();',
        '  return { next: () => ++n, cache };',
        '}',
      ].join('\n');
      expect(check('clean.tsx', code)).toEqual([]);
    });

    it('allows a listed memo cache its Map, but never a let', () => {
      const code = 'const cache = new Map<string, string>();\nlet hits = 0;';
      expect(check('memo.ts', code, { 'memo.ts': 'a pure cache' })).toEqual([2]);
    });
  });
});
