/**
 * The client list's search in Node: `searchClients` over 20,000 and 100,000 stored clients with the word
 * index built, for the keystroke mix of the renderer benchmark (each keystroke: the query as typed so far).
 * Prints the index build time and p50/p95/max per keystroke per size. Run: npx tsx test/bench/client-search-bench.ts
 */
import type { Entity } from '../../src-preload/contract/partner-api';
import { generateDemoData } from '../../src-main/demo-practice/data/generate-demo-data';
import {
  ClientSearchIndex,
  DEFAULT_CLIENT_VIEW,
  indexClients,
  prepareSearch,
  searchClients,
  type WordSearch,
} from '../../src-renderer/search';
import { storedEntity } from '../../src-renderer/sync/ingest';
import { searchKeystrokes } from './renderer/keystrokes';
import { moreClients } from './renderer/more-clients';

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

function bench(entities: readonly Entity[], keys: readonly string[]) {
  const all = entities.map(storedEntity);
  const buildStarted = performance.now();
  const index = new ClientSearchIndex().syncNow(all);
  const buildMs = performance.now() - buildStarted;
  const list = indexClients(all);
  const search: WordSearch = { index, region: 'ANZ' };
  // The list as first shown: sorted and numbered before any key is typed, as in the app.
  searchClients(list, search, DEFAULT_CLIENT_VIEW);
  // As the list does while idle once the index is ready (prepareSearch).
  prepareSearch(list, search, DEFAULT_CLIENT_VIEW);
  let query = '';
  const ms: number[] = [];
  // On a shared machine the wall time includes waiting for a core; the process's own CPU time does not.
  const cpuMs: number[] = [];
  const timed: Array<{ ms: number; query: string; count: number }> = [];
  for (const key of keys) {
    query = key === 'Backspace' ? query.slice(0, -1) : query + key;
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const shown = searchClients(list, search, { ...DEFAULT_CLIENT_VIEW, query });
    const took = performance.now() - started;
    cpuMs.push(process.cpuUsage(cpuBefore).user / 1000);
    ms.push(took);
    timed.push({ ms: took, query, count: shown.length });
  }
  const slowest = timed.sort((a, b) => b.ms - a.ms).slice(0, 5);
  return { buildMs, ms, cpuMs, slowest };
}

const [practice] = generateDemoData({ seed: 42, size: 'large', anchor: new Date('2026-01-15T00:00:00Z') });
const base = [...practice!.entities.values()];
const keys = searchKeystrokes(base, Number(process.argv[2] ?? 120));
const round = (n: number) => n.toFixed(2);
// The code compiled and warm first, on an index of its own, as in an app that has been searched before.
bench(base.slice(0, 2000), keys);
for (const size of [20_000, 100_000]) {
  const { buildMs, ms, cpuMs, slowest } = bench(moreClients(base, size), keys);
  console.log(
    `${size} clients: build ${Math.round(buildMs)} ms; ${ms.length} keystrokes p50 ${round(percentile(ms, 50))} ms, ` +
      `p95 ${round(percentile(ms, 95))} ms (CPU p50 ${round(percentile(cpuMs, 50))}, p95 ${round(percentile(cpuMs, 95))} ms); slowest ${slowest.map((s) => `"${s.query}" ${round(s.ms)} ms (${s.count} shown)`).join(', ')}`,
  );
}
