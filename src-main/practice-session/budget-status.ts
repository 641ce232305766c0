import type { BudgetStatus } from '../../src-preload/contract/budget';
import type { RequestBudget } from '../request-budget/request-budget';
import type { RunPlan } from '../sync/sync-engine';

export interface BudgetStatusDeps {
  budgetFor?: (clientId: string) => RequestBudget;
  /** The Client ID of a practice on this laptop (undefined for any other). */
  clientIdOf(practiceKey: string): string | undefined;
  /** What the sync run of this practice still needs; null when none runs. */
  planOf(practiceKey: string): RunPlan | null;
}

/** Whole seconds for the window, capped at ten days (an estimate beyond that says nothing useful). */
const seconds = (ms: number | null): number | null =>
  ms !== null && Number.isFinite(ms) ? Math.min(10 * 86_400, Math.ceil(ms / 1000)) : null;

/** Requests left in each window and, while a sync runs, how many it still needs and by when. */
export function createBudgetStatus(deps: BudgetStatusDeps) {
  return function budgetStatus(practiceKey: string, estimateRequests?: number): BudgetStatus | null {
    const clientId = deps.clientIdOf(practiceKey);
    if (clientId === undefined || !deps.budgetFor) return null;
    const budget = deps.budgetFor(clientId);
    const snapshot = budget.snapshot();
    const plan = deps.planOf(practiceKey);
    const eta = plan ? budget.estimateMs(plan.requestsLeft, 'background') : null;
    return {
      remaining: snapshot.remaining,
      limits: snapshot.limits,
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
