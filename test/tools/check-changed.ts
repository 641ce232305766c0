/**
 * The fast inner loop (`npm run check:changed`): the checks a change needs before the next edit, in
 * well under a minute for a one-folder change, instead of the whole `npm test`.
 *   1. the type-check of the whole project, incremental (its state in .cache/, so an unchanged file is
 *      not checked again; a change that breaks a caller elsewhere is still caught);
 *   2. ESLint and Prettier on the changed files;
 *   3. the unit tests that mirror the changed folders (test/tools/changed-scope.ts).
 * "Changed" means against HEAD (staged, unstaged and new files); `--since <ref>` adds what the branch
 * committed since it left <ref> (`--since main` before handing a branch over). `--plan` prints what
 * would run. The other projects (contract, integration, e2e) and the build are named when touched, not run.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { changedScope, lintable } from './changed-scope';

const root = path.resolve(import.meta.dirname, '../..');
const cache = path.join(root, '.cache');

function git(...args: string[]): string[] {
  const result = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${result.stderr.trim()}`);
  return result.stdout.split('\n').filter(Boolean);
}

function changedFiles(since: string | null): string[] {
  const files = [
    ...git('diff', '--name-only', 'HEAD'),
    ...git('ls-files', '--others', '--exclude-standard'),
    ...(since ? git('diff', '--name-only', `${git('merge-base', since, 'HEAD')[0]}...HEAD`) : []),
  ];
  return [...new Set(files)].sort();
}

interface Step {
  name: string;
  args: string[];
}

interface Outcome {
  name: string;
  ok: boolean;
  seconds: number;
}

const npx = (args: string[], stdio: 'inherit' | 'pipe') =>
  spawn('npx', args, { cwd: root, stdio, shell: process.platform === 'win32' });

/** A step in the foreground: its output as it comes. */
function runNow(step: Step): Promise<Outcome> {
  const started = performance.now();
  console.log(`\n▶ ${step.name}: npx ${step.args.join(' ')}`);
  return new Promise((resolve) => {
    npx(step.args, 'inherit').on('close', (code) =>
      resolve({ name: step.name, ok: code === 0, seconds: (performance.now() - started) / 1000 }),
    );
  });
}

/** A step beside the others: its output kept and printed once it ends, so the two never interleave. */
function runBeside(step: Step): Promise<Outcome & { output: string }> {
  const started = performance.now();
  let output = '';
  const child = npx(step.args, 'pipe');
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => {
    child.on('close', (code) =>
      resolve({ name: step.name, ok: code === 0, seconds: (performance.now() - started) / 1000, output }),
    );
  });
}

async function main(argv: string[]): Promise<number> {
  const sinceAt = argv.indexOf('--since');
  const since = sinceAt >= 0 ? (argv[sinceAt + 1] ?? null) : null;
  const planOnly = argv.includes('--plan');
  const changed = changedFiles(since);
  const exists = (file: string) => existsSync(path.join(root, file));
  const scope = changedScope(changed, exists);
  // A worktree's node_modules link shows as a new path: only files are checked.
  const formattable = changed.filter((file) => exists(file) && statSync(path.join(root, file)).isFile());
  const present = formattable.filter(lintable);

  console.log(`${changed.length} changed file(s)${since ? ` (against HEAD and since ${since})` : ' (against HEAD)'}.`);
  if (scope.unmirrored.length > 0)
    console.log(`No unit test folder mirrors: ${scope.unmirrored.join(', ')} (type-check and lint still cover them).`);
  if (scope.otherProjects.length > 0)
    console.log(`Changed tests of other projects, not run here: ${scope.otherProjects.join(', ')}.`);
  if (scope.configuration.length > 0)
    console.log(
      `Configuration changed (${scope.configuration.join(', ')}): run the full \`npm test\` before handing over.`,
    );

  mkdirSync(cache, { recursive: true });
  const typeCheck: Step = {
    name: 'type-check',
    args: [
      'tsc',
      '--noEmit',
      '-p',
      'tsconfig.json',
      '--incremental',
      '--tsBuildInfoFile',
      '.cache/typecheck.tsbuildinfo',
    ],
  };
  const steps: Step[] = [];
  if (present.length > 0) {
    steps.push({
      name: 'lint',
      args: [
        'eslint',
        '--max-warnings',
        '0',
        '--no-warn-ignored',
        '--cache',
        '--cache-location',
        '.cache/eslint/',
        ...present,
      ],
    });
  }
  if (formattable.length > 0)
    steps.push({ name: 'format', args: ['prettier', '--check', '--ignore-unknown', ...formattable] });
  if (scope.unitTests.length > 0)
    steps.push({ name: 'unit tests', args: ['vitest', 'run', '--project', 'unit', ...scope.unitTests] });

  if (planOnly) {
    for (const step of [typeCheck, ...steps]) console.log(`would run ${step.name}: npx ${step.args.join(' ')}`);
    return 0;
  }
  const started = performance.now();
  // The type-check is one long single-threaded run that waits on nothing: it runs beside the rest, which
  // halves the loop's time on two cores (the incremental check is mostly parsing, the rest mostly startup).
  const typed = runBeside(typeCheck);
  const results: Outcome[] = [];
  for (const step of steps) results.push(await runNow(step));
  const types = await typed;
  console.log(`\n▶ ${types.name}: npx ${typeCheck.args.join(' ')}${types.output ? `\n${types.output.trimEnd()}` : ''}`);
  results.unshift(types);
  const total = (performance.now() - started) / 1000;
  console.log('\ncheck:changed');
  for (const r of results) console.log(`  ${r.ok ? '✓' : '✗'} ${r.name.padEnd(11)} ${r.seconds.toFixed(1)} s`);
  console.log(`  total ${total.toFixed(1)} s (the type-check ran beside the others)`);
  return results.every((r) => r.ok) ? 0 : 1;
}

process.exitCode = await main(process.argv.slice(2));
