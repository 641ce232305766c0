import type { AddressInfo } from 'node:net';
import { systemClock, type Clock } from '../clock';
import { generateDemoData } from './data/generate-demo-data';
import { createRandom } from './data/random';
import { buildDemoServer } from './http/demo-server';
import { createFaultQueue, type InjectedFaultInput } from './http/faults';
import { createRateLimiter } from './http/rate-limiter';
import { buildOpenApi } from './openapi/build-openapi';
import { demoOptionsSchema, type DemoOptions, type DemoOptionsInput } from './options';
import { acceptProposal, registerDemoControl, submitForm } from './routes/demo-control';
import { apiRoutes } from './routes/index';
import { createStorageSigner } from './routes/uploaded-files';
import type { DemoRuntime } from './runtime';
import { createWebhookDeliverer } from './webhooks/webhook-deliverer';

const regionPath = { ANZ: '/anz', UK: '/uk', ZA: '/za' } as const;

/** The contract's three windows at the configured sizes. */
function limiterFor(limits: DemoOptions['rateLimit'], clock: Clock) {
  return createRateLimiter(
    [
      { name: 'minute', windowMs: 60_000, max: limits.perMinute },
      { name: 'hour', windowMs: 3_600_000, max: limits.perHour },
      { name: 'day', windowMs: 86_400_000, max: limits.perDay },
    ],
    clock,
  );
}

/**
 * The demo practice: the whole Partner API on 127.0.0.1, seeded with deterministic data for two
 * practices. Used in-process by the app ("Explore the demo practice"), by tests and by benchmarks.
 */
export async function createDemoPractice(input: DemoOptionsInput = {}) {
  const { clock: givenClock, host = '127.0.0.1', port = 0, ...rest } = input;
  const clock = givenClock ?? systemClock;
  const options: DemoOptions = demoOptionsSchema.parse(rest);
  const practices = generateDemoData({ seed: options.seed, size: options.size, anchor: options.anchor ?? clock.now() });

  const runtime: DemoRuntime = {
    options,
    clock,
    practices,
    rateLimiter: limiterFor(options.rateLimit, clock),
    webhooks: createWebhookDeliverer({ clock, settings: () => runtime.options.webhooks }),
    requestLog: [],
    faultQueue: createFaultQueue(),
    origin: '',
    storage: createStorageSigner(createRandom(options.seed).fork('storage').hex(64)),
    storageLog: [],
  };
  const openApi = buildOpenApi(apiRoutes);
  const app = await buildDemoServer(runtime, apiRoutes, (server) =>
    registerDemoControl(server, runtime, () => openApi),
  );
  await app.listen({ host, port });
  const address = app.server.address() as AddressInfo;
  runtime.origin = `http://${host}:${address.port}`;

  return {
    baseUrl: runtime.origin,
    practices: practices.map((p) => ({
      name: p.profile.name,
      region: p.profile.region,
      practiceKey: p.profile.practiceKey,
      /** The practice's regional host on the demo server. */
      baseUrl: `${runtime.origin}${regionPath[p.profile.region]}`,
      readWrite: { ...p.profile.readWrite },
      readOnly: { ...p.profile.readOnly },
    })),
    /** Live state and logs, for tests and benchmarks that inspect what the server saw. */
    runtime,
    openApi,
    /** Changes options at run time (faults, limits, page size, sort order …). */
    configure(
      change: Partial<
        Pick<DemoOptions, 'pageSize' | 'sortOrder' | 'retryAfterUnit' | 'eformDailyQuota' | 'validateResponses'>
      > & {
        faults?: Partial<DemoOptions['faults']>;
        rateLimit?: Partial<DemoOptions['rateLimit']>;
        webhooks?: Partial<DemoOptions['webhooks']>;
      },
    ): void {
      const { faults, rateLimit, webhooks, ...top } = change;
      runtime.options = demoOptionsSchema.parse({
        ...runtime.options,
        ...top,
        faults: { ...runtime.options.faults, ...faults },
        rateLimit: { ...runtime.options.rateLimit, ...rateLimit },
        webhooks: { ...runtime.options.webhooks, ...webhooks },
      });
      if (rateLimit) runtime.rateLimiter = limiterFor(runtime.options.rateLimit, clock);
    },
    /**
     * Queues a one-shot fault for the next request matching `match` (method, path pattern), e.g.
     * `injectFault({ match: { method: 'POST', path: /\/eforms$/ }, fault: 'fail-after-apply', status: 502 })`.
     */
    injectFault: (fault: InjectedFaultInput) => runtime.faultQueue.add(fault),
    /** Forgets every queued one-shot fault not yet taken. */
    clearFaults: () => runtime.faultQueue.clear(),
    /** Simulated client actions, the same as POST /demo-control/…. */
    acceptProposal: (proposalKey: string) => acceptProposal(runtime, proposalKey),
    submitForm: (formKey: string) => submitForm(runtime, formKey),
    async close(): Promise<void> {
      runtime.webhooks.stop();
      await app.close();
    },
  };
}
export type DemoPractice = Awaited<ReturnType<typeof createDemoPractice>>;
