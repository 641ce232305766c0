/**
 * `npm run bench -- [--out FILE] [--quick]`: runs every benchmark, prints a table and writes JSON.
 * Figures come only from what ran here; nothing is estimated.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { benchDemoPractice } from './demo-practice-bench';

const { values } = parseArgs({ options: { out: { type: 'string' }, quick: { type: 'boolean', default: false } } });
const quick = values.quick ?? false;

const results = {
  machine: { node: process.versions.node, platform: process.platform, arch: process.arch, quick, at: new Date().toISOString() },
  demoPractice: await benchDemoPractice({ quick }),
};

const rows: [string, string][] = [
  ['demoPractice.generateLargeMs', `${results.demoPractice.generateLargeMs} ms (${results.demoPractice.largeClients} clients)`],
  ['demoPractice.entitiesPage.p50Ms', `${results.demoPractice.entitiesPage.p50Ms} ms`],
  ['demoPractice.entitiesPage.p95Ms', `${results.demoPractice.entitiesPage.p95Ms} ms (page of ${results.demoPractice.entitiesPage.pageSize}, ${results.demoPractice.entitiesPage.samples} samples)`],
];
const width = Math.max(...rows.map(([name]) => name.length));
for (const [name, value] of rows) console.log(`${name.padEnd(width)}  ${value}`);

if (values.out) {
  const target = resolve(values.out);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`Wrote ${target}`);
}
