import { afterEach } from 'vitest';
import { createDemoPractice, type DemoPractice } from '../../../src-main/demo-practice/create-demo-practice';
import type { DemoOptionsInput } from '../../../src-main/demo-practice/options';
import { createPartnerApiClient } from '../../../src-main/partner-api/partner-api-client';
import { createSyncEngine } from '../../../src-main/sync/sync-engine';
import { createMemorySyncSink } from '../../support/memory-sync-sink';

/**
 * A demo practice (limiter off), an API client and a sync engine into an in-memory local copy, closed after
 * each test of the file that calls this.
 */
export function useDemoSync() {
  let demo: DemoPractice | undefined;
  afterEach(async () => {
    await demo?.close();
    demo = undefined;
  });
  return async function setup(options: DemoOptionsInput = {}) {
    demo = await createDemoPractice({ rateLimit: { enabled: false }, seed: 5, ...options });
    const practice = demo.practices[0]!;
    const api = createPartnerApiClient({
      baseUrl: practice.baseUrl,
      credentials: () => practice.readWrite,
      fetch,
      sleep: async () => undefined,
      maxAttempts: 50,
    });
    const sink = createMemorySyncSink();
    return { demo, api, sink, engine: createSyncEngine({ api, sink }), state: demo.runtime.practices[0]! };
  };
}
