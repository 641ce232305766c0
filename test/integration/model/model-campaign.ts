import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { readEntries } from '../../../src-renderer/outbox/outbox-db';
import { resetMarkers } from './model-actions';
import { afterStep, modelCommands, type Real } from './model-commands';
import { checkSettled, type Violation } from './model-invariants';
import { startModelWorld, type ModelWorld } from './model-world';

/**
 * The campaign's core, shared by the vitest file (outbox-sync.model.test.ts) and the benchmark
 * (test/bench/model-bench.ts): each seed is one run on a world put back to its start, so a seed alone
 * replays what the campaign ran.
 */

/** A seed that once found a defect: run first on every campaign (failed-seeds.json). */
export interface FailedSeed {
  seed: number;
  found: string;
  date: string;
}
export const failedSeeds = (): FailedSeed[] =>
  JSON.parse(readFileSync(new URL('./failed-seeds.json', import.meta.url), 'utf8')) as FailedSeed[];

/** A fresh base seed from the system's random source: every campaign explores new sequences. */
export const freshBaseSeed = (): number => crypto.getRandomValues(new Uint32Array(1))[0]! >>> 1;

export interface FailedRun {
  seed: number;
  path: string;
  replay: string | null;
  commands: string;
  violations: Violation[];
}

export interface CampaignResult {
  runs: number;
  faultsInjected: number;
  faultsStruck: number;
  failures: FailedRun[];
  /** How the runs' actions ended (operation:status), and which crashes and faults the runs met. */
  endings: Record<string, number>;
  ms: number;
}

export interface CampaignOptions {
  seeds: readonly number[];
  /** Shrink a failing run to a smaller one (slow; for a replayed seed). */
  shrink?: boolean;
  /** fast-check's path of a shrunk run, with `replayPath` its record of which commands ran. */
  path?: string;
  replayPath?: string;
}

/** fast-check adds which commands ran to a sequence's text once the run is over. */
const withoutReplayPath = (commands: string) => commands.replace(/\s*\/\*replayPath=.*\*\/\s*$/, '');

/** One generated run: commands, settle, final checks. Returns the failure, if any. */
async function runSeed(
  world: ModelWorld,
  seed: number,
  options: CampaignOptions,
  tally: (what: string, n?: number) => void,
): Promise<FailedRun | null> {
  const seen = new Map<string, Violation[]>();
  const property = fc.asyncProperty(modelCommands(options.replayPath), async (commands) => {
    resetMarkers();
    const scope = await world.beginRun(seed);
    const real: Real = { world, scope, actions: [], violations: [], syncFailures: [], faults: [], held: new Map() };
    try {
      await fc.asyncModelRun(() => ({ model: { online: true, queued: [] }, real }), commands);
      const unused = await world.settle(() => afterStep(real));
      tally('faults injected', real.faults.length);
      tally('faults never struck', unused);
      for (const command of withoutReplayPath(String(commands)).split(','))
        if (/drain\(|restartMain/.test(command)) tally(command.trim());
      real.violations.push(...(await checkSettled(world, scope, real.actions)));
      for (const entry of (await readEntries(world.db)).entries) tally(`${entry.operation}:${entry.status}`);
    } catch (error) {
      real.violations.push({
        invariant: 'settles',
        detail: `the run threw: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      });
    }
    seen.set(withoutReplayPath(String(commands)), real.violations);
    return real.violations.length === 0;
  });
  const details = await fc.check(property, {
    seed,
    numRuns: 1,
    endOnFailure: !options.shrink,
    ...(options.path ? { path: options.path } : {}),
  });
  if (!details.failed) return null;
  const commands = String(details.counterexample?.[0] ?? '');
  const replay = /replayPath="([^"]*)"/.exec(commands)?.[1] ?? null;
  return {
    seed,
    path: details.counterexamplePath ?? '0',
    replay: details.counterexamplePath?.includes(':') ? replay : null,
    commands,
    violations: seen.get(withoutReplayPath(commands)) ?? [
      { invariant: 'settles', detail: String(details.errorInstance) },
    ],
  };
}

/** Runs every seed in order on one world (put back to its start before each run). */
export async function runCampaign(options: CampaignOptions): Promise<CampaignResult> {
  const world = await startModelWorld();
  const endings = new Map<string, number>();
  const tally = (what: string, n = 1) => endings.set(what, (endings.get(what) ?? 0) + n);
  const failures: FailedRun[] = [];
  const started = performance.now();
  try {
    for (const seed of options.seeds) {
      const failure = await runSeed(world, seed, options, tally);
      if (failure) failures.push(failure);
    }
  } finally {
    await world.close();
  }
  const faultsInjected = endings.get('faults injected') ?? 0;
  return {
    runs: options.seeds.length,
    faultsInjected,
    faultsStruck: faultsInjected - (endings.get('faults never struck') ?? 0),
    failures,
    endings: Object.fromEntries([...endings].sort()),
    ms: Math.round(performance.now() - started),
  };
}

/** One line per failing run: how to replay it alone, what it ran, what broke. */
export const describeFailure = (run: FailedRun, violations = run.violations) =>
  `MODEL_SEED=${run.seed} MODEL_PATH=${run.path}${run.replay ? ` MODEL_REPLAY=${run.replay}` : ''}  [${run.commands}]\n    ${violations.map((v) => v.detail).join('\n    ')}`;
