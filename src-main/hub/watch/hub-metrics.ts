import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Queryable } from '../db/database';
import { LAPTOP_ACTIVE_FOR_MS } from '../mirror/laptop-presence';
import { lastCompletedPasses } from '../mirror/mirror-store';
import type { BudgetSnapshot } from '../../request-budget/request-budget-types';
import { READINESS_CHECKS, type Readiness } from './readiness';

/** Every family the hub itself exports starts with this (process_* and nodejs_* are prom-client's own). */
export const METRIC_PREFIX = 'practice_hub_';

/** What a webhook delivery came to: one label value per verdict of the receiver. */
export type DeliveryOutcome =
  'stored' | 'duplicate' | 'test' | 'ignored' | 'unsigned' | 'bad_signature' | 'stale' | 'malformed';

/** How a laptop's read of something the hub reads through was answered (clients/read-through.ts). */
export type ReadThroughResult = 'hit' | 'miss' | 'joined' | 'stale';

/** What the hub's gauges read when scraped; given once the hub's parts exist (watch). */
export interface WatchedHub {
  db: Queryable;
  now: () => number;
  budget: () => BudgetSnapshot;
  openStreams: () => number;
  streaming: (device: string) => boolean;
  isLeader: () => boolean;
  readiness: () => Promise<Readiness>;
  /** The resources the mirror keeps (their lag is reported once each has had a complete pass). */
  resources: readonly string[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const WORD = /^[A-Za-z][A-Za-z-]{0,39}$/;

/**
 * A Partner API request's route as a label: the path under the API with every id, key or other non-word
 * segment as `:id`, so the label's values are bounded by the API's routes; a request outside the API (a
 * signed storage URL the practice handed out) is `storage`, its path (which carries the signature) never kept.
 */
export function partnerApiRoute(url: string, baseUrl: string): string {
  const api = `${baseUrl.replace(/\/+$/, '')}/api/v1/`;
  if (!url.startsWith(api)) return 'storage';
  const path = url.slice(api.length).split(/[?#]/, 1)[0] ?? '';
  return `/${path
    .split('/')
    .map((segment) => (WORD.test(segment) && !UUID.test(segment) ? segment : ':id'))
    .join('/')}`;
}

const statusClass = (status: number): string => `${Math.floor(status / 100)}xx`;

/**
 * The hub's metrics, on a registry of its own (two hubs in one process, as in tests, never share or collide):
 * counters and histograms the hub's parts feed as things happen, gauges read when scraped, and
 * prom-client's process metrics. Served at /metrics (watch-routes.ts).
 */
export function createHubMetrics() {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });
  const name = (suffix: string) => `${METRIC_PREFIX}${suffix}`;

  const httpRequests = new Counter({
    name: name('http_requests_total'),
    help: "Requests laptops and others made of the hub, by the route's pattern, method and status class.",
    labelNames: ['route', 'method', 'status_class'] as const,
    registers,
  });
  const httpSeconds = new Histogram({
    name: name('http_request_duration_seconds'),
    help: 'Time from a request to the end of its answer, by route pattern (a change stream counts while open).',
    labelNames: ['route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const partnerRequests = new Counter({
    name: name('partner_api_requests_total'),
    help: "Requests the hub sent the practice's Partner API (each try), by route and status class ('failed': no answer).",
    labelNames: ['route', 'status_class'] as const,
    registers,
  });
  const partnerThrottled = new Counter({
    name: name('partner_api_rate_limited_total'),
    help: "The Partner API's 429 answers to the hub, by route.",
    labelNames: ['route'] as const,
    registers,
  });
  const deliveries = new Counter({
    name: name('webhook_deliveries_total'),
    help: 'Webhook deliveries received, by what the receiver made of them.',
    labelNames: ['outcome'] as const,
    registers,
  });
  const ackSeconds = new Histogram({
    name: name('webhook_ack_seconds'),
    help: "Time from a webhook delivery's arrival to the end of the hub's answer.",
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers,
  });
  const readThrough = new Counter({
    name: name('read_through_total'),
    help: "Laptops' reads of what the hub reads through: hit (kept), miss (read now), joined (a read under way), stale (kept, served by a follower).",
    labelNames: ['result'] as const,
    registers,
  });
  // Each label value shows from the first scrape, at zero: an alert on a rate needs the series to exist.
  for (const result of ['hit', 'miss', 'joined', 'stale'] as const) readThrough.inc({ result }, 0);
  for (const outcome of ['stored', 'duplicate', 'bad_signature'] as const) deliveries.inc({ outcome }, 0);

  /** Devices whose request this process verified, with when (active: the last ten minutes, or streaming). */
  const lastSeen = new Map<string, number>();

  return {
    registry,
    contentType: registry.contentType,
    text: (): Promise<string> => registry.metrics(),

    /** The transport of the hub's Partner API client, counting each try by route and status class. */
    partnerApiFetch(transport: typeof fetch, baseUrl: string): typeof fetch {
      return async (input, init) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        const route = partnerApiRoute(url, baseUrl);
        let response: Response;
        try {
          response = await transport(input, init);
        } catch (error) {
          partnerRequests.inc({ route, status_class: 'failed' });
          throw error;
        }
        partnerRequests.inc({ route, status_class: statusClass(response.status) });
        if (response.status === 429) partnerThrottled.inc({ route });
        return response;
      };
    },
    /** A request to the hub was answered (or cut off); `route` is its pattern, 'unmatched' or 'refused'. */
    httpAnswered(route: string, method: string, status: number, seconds: number): void {
      httpRequests.inc({ route, method, status_class: statusClass(status) });
      httpSeconds.observe({ route }, seconds);
    },
    webhookAnswered(outcome: DeliveryOutcome, seconds: number): void {
      deliveries.inc({ outcome });
      ackSeconds.observe(seconds);
    },
    readThrough(result: ReadThroughResult): void {
      readThrough.inc({ result });
    },
    deviceSeen(device: string, at: number): void {
      lastSeen.set(device, at);
    },

    /** The gauges read at each scrape, from the running hub's parts. */
    watch(hub: WatchedHub): void {
      new Gauge({
        name: name('request_budget_remaining'),
        help: "Requests the Client ID's budget still allows in each window, as far as the hub knows (the reserve included).",
        labelNames: ['window'] as const,
        registers,
        collect() {
          const { remaining } = hub.budget();
          for (const window of ['minute', 'hour', 'day'] as const) this.set({ window }, remaining[window]);
        },
      });
      new Gauge({
        name: name('request_budget_limit'),
        help: "The Client ID's limit in each window (the contract's, or what the practice announced).",
        labelNames: ['window'] as const,
        registers,
        collect() {
          const { limits } = hub.budget();
          this.set({ window: 'minute' }, limits.perMinute);
          this.set({ window: 'hour' }, limits.perHour);
          this.set({ window: 'day' }, limits.perDay);
        },
      });
      new Gauge({
        name: name('mirror_lag_seconds'),
        help: "Age of each resource's last complete pass: the mirror holds every change made before then.",
        labelNames: ['resource'] as const,
        registers,
        async collect() {
          this.reset();
          const passes = await lastCompletedPasses(hub.db).catch(() => new Map<string, string>());
          const now = hub.now();
          for (const resource of hub.resources) {
            const at = passes.get(resource);
            if (at) this.set({ resource }, Math.max(0, (now - Date.parse(at)) / 1000));
          }
        },
      });
      const counted = (metric: string, help: string, sql: string) =>
        new Gauge({
          name: name(metric),
          help,
          registers,
          async collect() {
            // A database that does not answer reports NaN (unknown), not an old count (readiness says why).
            const [row] = await hub.db.query<{ n: string }>(sql).catch(() => []);
            this.set(row ? Number(row.n) : Number.NaN);
          },
        });
      counted(
        'webhook_inbox_backlog',
        'Stored webhook deliveries whose work the mirror leader has not done yet.',
        'SELECT count(*)::text AS n FROM webhook_inbox WHERE processed_at IS NULL',
      );
      counted(
        'hints_backlog',
        "Laptops' hints stored and not yet worked by the mirror leader.",
        'SELECT count(*)::text AS n FROM hub_hints',
      );
      counted(
        'devices_enrolled',
        'Devices enrolled and not revoked.',
        'SELECT count(*)::text AS n FROM devices WHERE revoked_at IS NULL',
      );
      new Gauge({
        name: name('devices_active'),
        help: 'Devices this process served in the last ten minutes or that hold a change stream open here.',
        registers,
        collect() {
          const now = hub.now();
          let active = 0;
          for (const [device, at] of lastSeen) {
            if (now - at < LAPTOP_ACTIVE_FOR_MS || hub.streaming(device)) active += 1;
            else lastSeen.delete(device);
          }
          this.set(active);
        },
      });
      new Gauge({
        name: name('change_streams_open'),
        help: 'Change streams (GET /hub/v1/changes) open on this process.',
        registers,
        collect() {
          this.set(hub.openStreams());
        },
      });
      new Gauge({
        name: name('mirror_leader'),
        help: 'Whether this process leads the mirror (1) or only serves (0).',
        registers,
        collect() {
          this.set(hub.isLeader() ? 1 : 0);
        },
      });
      new Gauge({
        name: name('ready'),
        help: 'Each readiness check of /readyz: 1 when it passes.',
        labelNames: ['check'] as const,
        registers,
        async collect() {
          const { checks } = await hub.readiness();
          for (const check of READINESS_CHECKS) this.set({ check }, checks[check] === 'ok' ? 1 : 0);
        },
      });
    },
  };
}
export type HubMetrics = ReturnType<typeof createHubMetrics>;
