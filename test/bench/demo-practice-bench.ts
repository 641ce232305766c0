import { createDemoPractice } from '../../src-main/demo-practice/create-demo-practice';
import { generateDemoData } from '../../src-main/demo-practice/data/generate-demo-data';

function percentile(sorted: readonly number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? NaN;
}

/**
 * The demo practice's own cost: generating the large data set, and serving a page of entities from
 * it (sequential requests over real HTTP on 127.0.0.1, response validation on, as in tests).
 */
export async function benchDemoPractice(options: { quick: boolean }) {
  const runs = options.quick ? 1 : 3;
  const generateMs: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    generateDemoData({ seed: 42 + i, size: 'large', anchor: new Date('2026-11-20T00:00:00Z') });
    generateMs.push(performance.now() - started);
  }

  const demo = await createDemoPractice({ size: 'large', rateLimit: { enabled: false } });
  try {
    const practice = demo.practices[0]!;
    const headers = { 'X-Svc-Auth-ID': practice.readWrite.clientId, 'X-Svc-Auth-Key': practice.readWrite.secret };
    const pages = Math.ceil(demo.runtime.practices[0]!.entities.size / demo.runtime.options.pageSize);
    const samples = options.quick ? 100 : 400;
    const latencies: number[] = [];
    for (let i = 0; i < samples + 10; i++) {
      const pageNumber = 1 + ((i * 37) % pages);
      const started = performance.now();
      const response = await fetch(`${practice.baseUrl}/api/v1/entities/list?pageNumber=${pageNumber}`, { headers });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`entities page answered ${response.status}`);
      if (i >= 10) latencies.push(performance.now() - started); // the first requests warm up the JIT
    }
    latencies.sort((a, b) => a - b);
    generateMs.sort((a, b) => a - b);
    return {
      generateLargeMs: Math.round(generateMs[Math.floor(generateMs.length / 2)]!),
      largeClients: demo.runtime.practices[0]!.entities.size,
      entitiesPage: {
        pageSize: demo.runtime.options.pageSize,
        samples: latencies.length,
        p50Ms: Number(percentile(latencies, 50).toFixed(2)),
        p95Ms: Number(percentile(latencies, 95).toFixed(2)),
      },
    };
  } finally {
    await demo.close();
  }
}
