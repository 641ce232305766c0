import type { BudgetStatus } from '../../src-preload/contract/budget';
import type { UpdateTimer } from '../updates/update-policy';

/** Budget figures slide with time even when nothing is sent: how often main looks whether they changed. */
export const BUDGET_EVENT_MS = 5_000;

export interface BudgetEventsDeps {
  activeKey(): string | null;
  /** The practice's budget status with the estimate for `estimateRequests` more requests (PracticeSession.budgetStatus). */
  status(practiceKey: string, estimateRequests: number): BudgetStatus | null;
  timer: UpdateTimer;
  emit(payload: { practiceKey: string; status: BudgetStatus }): void;
}

/**
 * The active practice's request budget pushed to the window as `practice.budget` events, instead of each screen
 * asking every few seconds: main looks every `BUDGET_EVENT_MS` and after anything that may have spent the budget
 * (`changed()`), and tells the window only when what it would show changed. The status carries the estimate for
 * one more request, which the Outbox shows as "waiting for the request budget — about 40 s".
 */
export function createBudgetEvents(deps: BudgetEventsDeps) {
  let lastSent = '';
  let stopTimer: (() => void) | null = null;

  function publish(): void {
    const practiceKey = deps.activeKey();
    const status = practiceKey ? deps.status(practiceKey, 1) : null;
    if (!practiceKey || !status) {
      lastSent = '';
      return;
    }
    const text = JSON.stringify([practiceKey, status]);
    if (text === lastSent) return;
    lastSent = text;
    deps.emit({ practiceKey, status });
  }

  return {
    start(): void {
      if (stopTimer) return;
      stopTimer = deps.timer.every(BUDGET_EVENT_MS, publish);
      publish();
    },
    /** Something may have spent the budget (a read, a download ended): the window hears now, not at the next tick. */
    changed: publish,
    stop(): void {
      stopTimer?.();
      stopTimer = null;
    },
  };
}
