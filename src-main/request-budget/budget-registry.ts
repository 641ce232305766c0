import type { BudgetStore } from './budget-store';
import type { BudgetTimer } from './budget-timer';
import { createRequestBudget, DEFAULT_LIMITS, type BudgetLimits, type RequestBudget } from './request-budget';

export interface BudgetRegistryOptions {
  timer: BudgetTimer;
  store: BudgetStore;
  limits?: BudgetLimits;
  onError?: (error: unknown) => void;
  edgeGuardMs?: number;
}

/**
 * One request budget per Client ID for the life of main. The server counts per Client ID, so two
 * practices (or a reconnect with the same credentials) must share one budget, never get a fresh one.
 */
export function createBudgetRegistry(options: BudgetRegistryOptions) {
  const budgets = new Map<string, RequestBudget>();
  const limits = options.limits ?? DEFAULT_LIMITS;

  function forClient(clientId: string): RequestBudget {
    let budget = budgets.get(clientId);
    if (!budget) {
      budget = createRequestBudget({
        clientId,
        timer: options.timer,
        store: options.store,
        limits,
        ...(options.onError ? { onError: options.onError } : {}),
        ...(options.edgeGuardMs !== undefined ? { edgeGuardMs: options.edgeGuardMs } : {}),
      });
      budgets.set(clientId, budget);
    }
    return budget;
  }

  return {
    limits,
    timer: options.timer,
    forClient,
    /**
     * Sign-out of the last practice on this Client ID: the budget stops (its waiting requests are refused)
     * and what was persisted for it is deleted, so the settings file keeps no trace of the Client ID.
     */
    forget(clientId: string): void {
      const budget = budgets.get(clientId);
      budgets.delete(clientId);
      budget?.dispose();
      options.store.forget(clientId);
    },
    /** Persists every budget now and refuses further requests (app shutdown). */
    dispose(): void {
      for (const budget of budgets.values()) budget.dispose();
      budgets.clear();
    },
  };
}
