import { failedSeeds, freshBaseSeed, runCampaign } from '../integration/model/model-campaign';

/**
 * The model-based campaign of the outbox and sync (test/integration/model), long: the seeds that once
 * failed, then `runs` fresh ones from a random base seed (or `baseSeed`), each on a world put back to its
 * start. Every failure is listed with its seed, so `MODEL_SEED=<seed>` replays it alone in vitest.
 */
export async function benchModel(options: { runs: number; baseSeed?: number; log: (line: string) => void }) {
  const baseSeed = options.baseSeed ?? freshBaseSeed();
  const corpus = failedSeeds().map((f) => f.seed);
  const fresh = Array.from({ length: options.runs }, (_, i) => baseSeed + i);
  options.log(`model: ${corpus.length} corpus seeds, then ${options.runs} fresh runs from base seed ${baseSeed}`);
  const result = await runCampaign({ seeds: [...corpus, ...fresh] });
  for (const failure of result.failures)
    options.log(`model: MODEL_SEED=${failure.seed} ${failure.violations.map((v) => v.detail).join(' | ')}`);
  return {
    runs: result.runs,
    corpusRuns: corpus.length,
    faultsInjected: result.faultsInjected,
    faultsStruck: result.faultsStruck,
    failures: result.failures.length,
    failedSeeds: result.failures.map((f) => ({
      seed: f.seed,
      broke: [...new Set(f.violations.map((v) => v.invariant))],
      first: f.violations[0]?.detail ?? '',
    })),
    baseSeed,
    wallSeconds: Math.round(result.ms / 100) / 10,
    endings: result.endings,
  };
}
