/**
 * `npm run bench -- [--out FILE] [--quick] [--only renderer,pdf,…] [--model-runs N]`: runs every benchmark (or
 * only the listed ones: demoPractice, sync, hub, outbox, model, meetingPack, renderer, pdf, bundle), prints a table
 * and writes JSON. `--model-runs`: the model campaign's fresh runs (default 20,000; 500 with --quick).
 * Figures come only from what ran here; nothing is estimated. A missed target is printed as MISSED,
 * never hidden.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { benchRows } from './bench-rows';
import { benchBundle } from './bundle-bench';
import { benchDemoPractice } from './demo-practice-bench';
import { startBenchPostgres } from './bench-postgres';
import { benchHub } from './hub-bench';
import { benchPokeTrip } from './hub-poke-trip-bench';
import { benchMeetingPack } from './meeting-pack-bench';
import { benchModel } from './model-bench';
import { benchOutbox } from './outbox-bench';
import { benchPdf } from './pdf-bench';
import { benchRenderer } from './renderer-bench';
import { benchSync } from './sync-bench';
import { benchSyncSteadyState } from './sync-steady-bench';
import { benchSyncTeam } from './sync-team-bench';

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    'model-runs': { type: 'string' },
  },
});
const quick = values.quick ?? false;
const BENCHES = ['demoPractice', 'sync', 'hub', 'outbox', 'model', 'meetingPack', 'renderer', 'pdf', 'bundle'] as const;
const only = values.only?.split(',').map((name) => name.trim());
const unknown = only?.filter((name) => !(BENCHES as readonly string[]).includes(name)) ?? [];
if (unknown.length > 0) throw new Error(`--only: unknown bench ${unknown.join(', ')} (known: ${BENCHES.join(', ')})`);
const runs = (name: (typeof BENCHES)[number]) => !only || only.includes(name);
const log = (line: string) => process.stderr.write(`${line}\n`);

const demoPractice = runs('demoPractice') ? await benchDemoPractice({ quick }) : null;
const sync = runs('sync')
  ? { ...(await benchSync()), steadyState: await benchSyncSteadyState(), team: await benchSyncTeam({ quick }) }
  : null;
// The practice hub, written as sync.hub: ten laptops reading one mirror of the practice.
const hub = runs('hub') ? await benchHub({ quick, log }) : null;
// Again on PostgreSQL, Debian's server started as .ci/run starts it (but durable): the engine a practice with
// many laptops or several hub processes runs.
const hubPostgres = runs('hub') ? await benchHubOnPostgres() : null;
// A change's whole trip to a laptop's IndexedDB through the hub, with the laptop's real main and window code.
const pokeTrip = runs('hub') ? await benchPokeTrip({ trips: quick ? 8 : 20 }) : null;

async function benchHubOnPostgres() {
  const server = await startBenchPostgres();
  if ('unavailable' in server) {
    log(`hub on PostgreSQL: not measured. ${server.unavailable}`);
    return { unavailable: server.unavailable };
  }
  try {
    log(`hub: again on PostgreSQL ${server.version}…`);
    return { postgresVersion: server.version, ...(await benchHub({ quick, log, databaseUrl: server.databaseUrl })) };
  } finally {
    await server.stop();
  }
}
const outbox = runs('outbox') ? await benchOutbox() : null;
const MODEL_TARGET_RUNS = 20_000;
const modelRuns = Number(values['model-runs'] ?? (quick ? 500 : MODEL_TARGET_RUNS));
if (!Number.isInteger(modelRuns) || modelRuns < 1) throw new Error('--model-runs: a whole number of runs');
const model = runs('model') ? await benchModel({ runs: modelRuns, log }) : null;
const meetingPack = runs('meetingPack') ? await benchMeetingPack() : null;
// The traced cold start's Chromium trace goes beside the results (DevTools' Performance panel opens it).
const traceFile = values.out ? resolve(values.out).replace(/(\.json)?$/, '.start-trace.json') : undefined;
const renderer = runs('renderer') ? await benchRenderer({ quick, log, ...(traceFile ? { traceFile } : {}) }) : null;
const pdf = runs('pdf') ? await benchPdf({ quick, log }) : null;
// Last: it builds the app again, so the figures are those of the code as it is now.
const rendererBundle = runs('bundle') ? benchBundle() : null;

/** Every figure measured, by bench (null where it did not run): what bench-rows.ts words and judges. */
const figures = {
  demoPractice,
  sync,
  hub,
  hubPostgres,
  pokeTrip,
  outbox,
  model,
  meetingPack,
  renderer,
  rendererBundle,
  pdf,
  modelTargetRuns: MODEL_TARGET_RUNS,
};
export type BenchFigures = typeof figures;

const results = {
  machine: {
    node: process.versions.node,
    platform: process.platform,
    arch: process.arch,
    quick,
    only: only ?? null,
    at: new Date().toISOString(),
  },
  demoPractice,
  sync: sync || hub ? { ...sync, hub, hubPostgres, pokeTrip } : null,
  outbox,
  model,
  meetingPack,
  renderer: renderer || rendererBundle ? { ...renderer, bundle: rendererBundle } : null,
  pdf,
};

const rows = benchRows(figures);
const width = Math.max(...rows.map(([name]) => name.length));
const valueWidth = Math.max(...rows.map(([, value]) => value.length));
for (const [name, value, target, met] of rows) {
  const verdict = met === null ? '' : met ? 'met' : 'MISSED';
  console.log(
    `${name.padEnd(width)}  ${value.padEnd(valueWidth)}  ${target ? `target ${target}` : ''} ${verdict}`.trimEnd(),
  );
}
const missed = rows.filter(([, , , met]) => met === false).map(([name]) => name);
if (missed.length > 0) console.log(`\nMissed targets: ${missed.join(', ')}`);

if (values.out) {
  const target = resolve(values.out);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, `${JSON.stringify({ ...results, missedTargets: missed }, null, 2)}\n`);
  console.log(`Wrote ${target}`);
}
