import { createPartnerApiClient, type PartnerApiClient } from '../partner-api/partner-api-client';
import { EDGE_GUARD_MS } from '../request-budget/budget-ledger';
import type { BudgetTimer } from '../request-budget/budget-timer';
import { createSettingsBudgetStore } from '../request-budget/budget-store';
import { createRequestBudget } from '../request-budget/request-budget';
import type { BudgetLimits, RequestBudget } from '../request-budget/request-budget-types';
import type { HubDatabase } from './db/database';
import { openBudgetSettings } from './mirror/budget-in-database';
import type { HubLog } from './watch/hub-log';
import type { HubMetrics } from './watch/hub-metrics';

export interface HubPartnerApi {
  api: PartnerApiClient;
  /** What the hub knows of the Client ID's use (its own sends, others' revealed by the practice's headers). */
  budget: RequestBudget;
  /** Ends the budget's timers and writes its memory to the database (before the database closes). */
  close(): Promise<void>;
}

/**
 * The hub's Partner API client: its request budget kept in the hub's database (so a restart remembers what
 * the last minute and hour spent), each exchange counted by the metrics, and every wait given up when
 * `closing` aborts.
 */
export async function openHubPartnerApi(deps: {
  db: HubDatabase;
  baseUrl: string;
  clientId: string;
  secret: string;
  clock: BudgetTimer;
  /** Whether the clock is the wall clock (a send then keeps the edge guard: see below). */
  realTime: boolean;
  limits?: BudgetLimits | undefined;
  fetch: typeof fetch;
  metrics: Pick<HubMetrics, 'partnerApiFetch'>;
  closing: AbortSignal;
  log: HubLog;
}): Promise<HubPartnerApi> {
  const { db, baseUrl, clientId, secret, clock, log } = deps;
  const settings = await openBudgetSettings(db, log);
  const budget = createRequestBudget({
    clientId,
    timer: clock,
    store: createSettingsBudgetStore(settings),
    ...(deps.limits ? { limits: deps.limits } : {}),
    // A send reaches the practice a moment after the budget lets it go: on the real clock each send stays in
    // its windows a second longer, or a send timed to the instant a slot frees arrives early and draws a 429.
    edgeGuardMs: deps.realTime ? EDGE_GUARD_MS : 0,
    onError: (error) => log.error({ err: error }, "could not save the request budget's memory"),
  });
  const api = createPartnerApiClient({
    baseUrl,
    credentials: () => ({ clientId, secret }),
    fetch: deps.metrics.partnerApiFetch(deps.fetch, baseUrl),
    sleep: clock.sleep,
    budget,
    closing: deps.closing,
  });
  return {
    api,
    budget,
    async close() {
      budget.dispose();
      await settings.flush();
    },
  };
}
