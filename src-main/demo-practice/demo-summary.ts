import type { DemoPractice } from './create-demo-practice';

/** What `npm run practice` prints (and `npm run hub -- --demo` repeats as `demo`): the base URL and each practice. */
export function demoSummary(demo: DemoPractice) {
  return {
    baseUrl: demo.baseUrl,
    practices: demo.practices.map((p) => ({
      name: p.name,
      region: p.region,
      baseUrl: p.baseUrl,
      readWrite: p.readWrite,
      readOnly: p.readOnly,
    })),
  };
}
