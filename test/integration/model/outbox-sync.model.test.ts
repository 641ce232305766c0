/**
 * Model-based campaign of the outbox and sync together: random short sequences of user actions
 * (contacts, eForms, adhoc bills, leads with notes, onboarding changes) interleaved with going offline
 * and online, a renderer crash between "sending" and the answer, one-shot server faults (5xx, resets
 * before and after the change is applied, in Node's and Electron's error shapes, a server slower than
 * the client's timeout, a cut-off body), page size changes and sync passes. Then everything settles
 * and the invariants in model-invariants.ts are checked against the practice's own state.
 *
 * Each run has its own seed; a failing run is listed with its seed, path, commands and what broke.
 * Replay one:   MODEL_SEED=<seed> MODEL_PATH=<path> npx vitest run test/integration/model
 * Shrink one:   MODEL_SEED=<seed> MODEL_SHRINK=1 npx vitest run test/integration/model
 *               (a shrunk run is replayed with the MODEL_REPLAY=<replayPath> it prints as well)
 * More runs:    MODEL_RUNS=1000 MODEL_BASE_SEED=<n> npx vitest run test/integration/model
 */
import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterStep, modelCommands, type Real } from './model-commands';
import { readEntries } from '../../../src-renderer/outbox/outbox-db';
import { checkSettled, invariants, type InvariantName, type Violation } from './model-invariants';
import { startModelWorld, type ModelWorld } from './model-world';

const env = process.env;
const replaySeed = env['MODEL_SEED'] !== undefined ? Number(env['MODEL_SEED']) : null;
const baseSeed = Number(env['MODEL_BASE_SEED'] ?? 20_261_123);
const runs = replaySeed !== null ? 1 : Number(env['MODEL_RUNS'] ?? 200);
const shrink = env['MODEL_SHRINK'] === '1';
/**
 * Runs that once found a defect, run first (on a fresh practice, as their replay does) on every campaign:
 * 548 — two identical adhoc bills of one client, the first one's send ambiguous: its check must not take
 * the second for it; 100250 — a contact created, the window dying, then edited at the practice: its
 * check must still find it rather than send it again.
 */
const pinnedSeeds = replaySeed !== null ? [] : [548, 100_250];

interface FailedRun {
  seed: number;
  path: string;
  replay: string | null;
  commands: string;
  violations: Violation[];
}

let world: ModelWorld;
let runNo = 0;
const failed: FailedRun[] = [];
let started = 0;
let finished = 0;
/** How the runs' actions ended, to show the campaign reaches every state (printed with the timing). */
const endings = new Map<string, number>();
const tally = (what: string, n = 1) => endings.set(what, (endings.get(what) ?? 0) + n);

/** fast-check adds which commands ran to a sequence's text once the run is over. */
const withoutReplayPath = (commands: string) => commands.replace(/\s*\/\*replayPath=.*\*\/\s*$/, '');

/** One generated run: commands, settle, final checks. Violations are kept by the run's commands. */
async function runSeed(seed: number): Promise<void> {
  const seen = new Map<string, Violation[]>();
  const property = fc.asyncProperty(modelCommands(env['MODEL_REPLAY']), async (commands) => {
    // The run's clients, lead and onboarding follow from its seed, so a replay acts on the same records.
    runNo++;
    const scope = await world.beginRun(seed);
    const real: Real = { world, scope, actions: [], violations: [], syncFailures: [], faults: [], held: new Map() };
    try {
      await fc.asyncModelRun(() => ({ model: { online: true, queued: [] }, real }), commands);
      tally('faults injected', real.faults.length);
      tally('faults never struck', await world.settle(() => afterStep(real)));
      real.violations.push(...(await checkSettled(world, scope, real.actions)));
      for (const entry of (await readEntries(world.db)).entries) tally(`${entry.operation}:${entry.status}`);
    } catch (error) {
      real.violations.push({
        invariant: 'settles',
        detail: `the run threw: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
    seen.set(withoutReplayPath(String(commands)), real.violations);
    return real.violations.length === 0;
  });
  const details = await fc.check(property, {
    seed,
    numRuns: 1,
    endOnFailure: !shrink,
    ...(env['MODEL_PATH'] ? { path: env['MODEL_PATH'] } : {}),
  });
  if (!details.failed) return;
  const commands = String(details.counterexample?.[0] ?? '');
  const violations = seen.get(withoutReplayPath(commands));
  const replay = /replayPath="([^"]*)"/.exec(commands)?.[1] ?? null;
  failed.push({
    seed,
    path: details.counterexamplePath ?? '0',
    replay: details.counterexamplePath?.includes(':') ? replay : null,
    commands,
    violations: violations ?? [{ invariant: 'settles', detail: String(details.errorInstance) }],
  });
}

describe('outbox and sync under random actions and faults (model-based)', () => {
  beforeAll(async () => {
    world = await startModelWorld();
    started = performance.now();
    for (const seed of pinnedSeeds) await runSeed(seed);
    for (let i = 0; i < runs; i++) await runSeed(replaySeed ?? baseSeed + i);
    finished = performance.now();
    console.log(
      `[model] ${pinnedSeeds.length} pinned and ${runs} generated runs in ${Math.round(finished - started)} ms, ${failed.length} failed; endings ${JSON.stringify(Object.fromEntries([...endings].sort()))}`,
    );
  }, 115_000);
  afterAll(() => world?.close());

  for (const name of Object.keys(invariants) as InvariantName[]) {
    it(`invariant: ${invariants[name]}`, () => {
      const broken = failed
        .map((run) => ({ ...run, violations: run.violations.filter((v) => v.invariant === name) }))
        .filter((run) => run.violations.length > 0)
        .map(
          (run) =>
            `MODEL_SEED=${run.seed} MODEL_PATH=${run.path}${run.replay ? ` MODEL_REPLAY=${run.replay}` : ''}  [${run.commands}]\n    ${run.violations.map((v) => v.detail).join('\n    ')}`,
        );
      expect(broken, `${broken.length} runs broke "${invariants[name]}":\n${broken.join('\n')}`).toEqual([]);
    });
  }

  it('ran the whole campaign', () => {
    expect(runNo).toBeGreaterThanOrEqual(pinnedSeeds.length + runs);
    expect(replaySeed !== null || runs >= 200).toBe(true);
  });
});
