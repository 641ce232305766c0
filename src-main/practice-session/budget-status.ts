import type { BudgetStatus } from '../../src-preload/contract/budget';
import type { SyncCursor } from '../../src-preload/contract/sync';
import type { RequestBudget } from '../request-budget/request-budget';
import { syncCostPerHour } from '../sync/sync-cost';
import type { RunPlan } from '../sync/sync-engine';

export interface BudgetStatusDeps {
  budgetFor?: (clientId: string) => RequestBudget;
  /** The Client ID of a practice on this laptop (undefined for any other). */
  clientIdOf(practiceKey: string): string | undefined;
  /** What the sync run of this practice still needs; null when none runs. */
  planOf(practiceKey: string): RunPlan | null;
  /** The practice's sync cursors by resource, when known: whole re-reads then cost what its lists hold. */
  cursorsOf?(practiceKey: string): Readonly<Record<string, SyncCursor | undefined>> | undefined;
}

/** Whole seconds for the window, capped at ten days (an estimate beyond that says nothing useful). */
const seconds = (ms: number | null): number | null =>
  ms !== null && Number.isFinite(ms) ? Math.min(10 * 86_400, Math.ceil(ms / 1000)) : null;

/**
 * How many laptops syncing at the active cadence the Client ID's hourly limit carries, once the hour's
 * interactive reserve is set aside (what staff need to click around): floor, never below 0.
 */
export function laptopsCarried(perHour: number, reservedPerHour: number, activePerHour: number): number {
  if (!(activePerHour > 0)) return 0;
  return Math.max(0, Math.floor((perHour - reservedPerHour) / activePerHour));
}

/**
 * Requests left in each window, the limits in force and where they come from, the Client ID's use over
 * the last hour (this laptop and the others), what sync costs per hour, and while a sync runs, how many
 * requests it still needs and by when.
 */
export function createBudgetStatus(deps: BudgetStatusDeps) {
  return function budgetStatus(practiceKey: string, estimateRequests?: number): BudgetStatus | null {
    const clientId = deps.clientIdOf(practiceKey);
    if (clientId === undefined || !deps.budgetFor) return null;
    const budget = deps.budgetFor(clientId);
    const snapshot = budget.snapshot();
    const plan = deps.planOf(practiceKey);
    const eta = plan ? budget.estimateMs(plan.requestsLeft, 'background') : null;
    const cursors = deps.cursorsOf?.(practiceKey) ?? {};
    const activePerHour = syncCostPerHour('active', cursors);
    return {
      remaining: snapshot.remaining,
      limits: snapshot.limits,
      limitsSource: snapshot.limitsSource,
      usage: { thisLaptopLastHour: snapshot.usage.ownLastHour, othersLastHour: snapshot.usage.othersLastHour },
      cadence: {
        activePerHour,
        idlePerHour: syncCostPerHour('idle', cursors),
        laptopsCarried: laptopsCarried(snapshot.limits.perHour, snapshot.reserved.perHour, activePerHour),
      },
      pausedUntil: snapshot.pausedUntil === null ? null : new Date(snapshot.pausedUntil).toISOString(),
      run: plan ? { requestsLeft: plan.requestsLeft, sized: plan.sized, etaSeconds: seconds(eta) } : null,
      // A meeting pack's requests wait behind the running sync's only if they share priority; they do not (prefetch > background).
      ...(estimateRequests !== undefined
        ? {
            estimate: {
              requests: estimateRequests,
              etaSeconds: seconds(budget.estimateMs(estimateRequests, 'prefetch')),
            },
          }
        : {}),
    };
  };
}
