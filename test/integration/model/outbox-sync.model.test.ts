/**
 * Model-based campaign of the outbox and sync together: random sequences of every outbox operation the
 * app has, interleaved with going offline and online, the renderer or main dying at any point of a send
 * (before it, while the practice has it, once main has the answer, while verifying) and main restarting
 * from its data folder, one-shot faults at the practice (5xx, resets before and after applying, a 3xx/4xx/401
 * after applying, slowness, cut-off bodies) and on the laptop's side (an unreachable host while connecting
 * or reading, a reset after the body), in Node's and Electron's error shapes, the rate limit and the eForm
 * daily quota, virtual time moving while the practice is still applying, page size changes and sync passes.
 * Then everything settles and the invariants in model-invariants.ts are checked against the practice.
 *
 * Every campaign draws a fresh base seed (printed); the seeds in failed-seeds.json run first. Each run
 * starts from the same world (model-snapshot.ts), so a seed alone replays it.
 * Replay one:   MODEL_SEED=<seed> MODEL_PATH=<path> npx vitest run test/integration/model/outbox-sync
 * Shrink one:   MODEL_SEED=<seed> MODEL_SHRINK=1 npx vitest run test/integration/model/outbox-sync
 *               (a shrunk run is replayed with the MODEL_REPLAY=<replayPath> it prints as well)
 * More runs:    MODEL_RUNS=1000 [MODEL_BASE_SEED=<n>] npx vitest run test/integration/model/outbox-sync
 * A seed that fails goes into failed-seeds.json with what it found and the date.
 */
import { describe, expect, it, beforeAll } from 'vitest';
import { describeFailure, failedSeeds, freshBaseSeed, runCampaign, type CampaignResult } from './model-campaign';
import { actionKinds } from './model-actions';
import { invariants, type InvariantName } from './model-invariants';

const env = process.env;
const replaySeed = env['MODEL_SEED'] !== undefined ? Number(env['MODEL_SEED']) : null;
const baseSeed = env['MODEL_BASE_SEED'] !== undefined ? Number(env['MODEL_BASE_SEED']) : freshBaseSeed();
/**
 * In CI 300 fresh runs (about a minute on two cores) after the corpus; on a laptop fewer, unless asked. Each
 * campaign draws a new base seed, so CI's runs add up to fresh ground over time; every operation is still
 * reached dozens of times per campaign. The long campaign (20,000 runs) is `npm run bench`'s model section.
 */
const defaultRuns = env['CI'] === 'true' ? 300 : 150;
const runs = replaySeed !== null ? 1 : Number(env['MODEL_RUNS'] ?? defaultRuns);
const corpus = replaySeed !== null ? [] : failedSeeds().map((f) => f.seed);
const seeds = replaySeed !== null ? [replaySeed] : [...corpus, ...Array.from({ length: runs }, (_, i) => baseSeed + i)];

let result: CampaignResult;

describe(`outbox and sync under random actions and faults (model-based, base seed ${baseSeed})`, () => {
  beforeAll(async () => {
    result = await runCampaign({
      seeds,
      shrink: env['MODEL_SHRINK'] === '1',
      ...(env['MODEL_PATH'] ? { path: env['MODEL_PATH'] } : {}),
      ...(env['MODEL_REPLAY'] ? { replayPath: env['MODEL_REPLAY'] } : {}),
    });
    console.log(
      `[model] base seed ${baseSeed}: ${corpus.length} corpus and ${runs} fresh runs in ${result.ms} ms, ${result.failures.length} failed (${result.failures.map((f) => f.seed).join(', ')}); faults struck ${result.faultsStruck}/${result.faultsInjected}; endings ${JSON.stringify(result.endings)}`,
    );
  }, 900_000);

  for (const name of Object.keys(invariants) as InvariantName[]) {
    it(`invariant: ${invariants[name]}`, () => {
      const broken = result.failures
        .map((run) => ({ run, violations: run.violations.filter((v) => v.invariant === name) }))
        .filter(({ violations }) => violations.length > 0)
        .map(({ run, violations }) => describeFailure(run, violations));
      expect(
        broken,
        `base seed ${baseSeed}: ${broken.length} runs broke "${invariants[name]}":\n${broken.join('\n')}`,
      ).toEqual([]);
    });
  }

  it('ran the whole campaign and reached every operation', () => {
    expect(result.runs).toBe(seeds.length);
    if (replaySeed !== null) return;
    expect(runs).toBeGreaterThanOrEqual(100);
    const reached = new Set(Object.keys(result.endings).map((ending) => ending.split(':')[0]));
    expect(actionKinds.filter((kind) => !reached.has(kind))).toEqual([]);
  });
});
