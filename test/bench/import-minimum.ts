import type { SyncCursor } from '../../src-preload/contract/sync';
import type { PracticeState } from '../../src-main/demo-practice/state/practice-state';
import { requestsFor } from '../../src-main/sync/sync-plan';
import { rulesOf, type SyncResource } from '../../src-main/sync/sync-resources';

/** How many of these ISO dates a history window holds (0 without a window). */
const inWindow = (dates: string[], window: { startDate: string; endDate: string } | undefined): number =>
  window ? dates.filter((d) => d >= window.startDate && d <= window.endDate).length : 0;

/**
 * The fewest requests a first import of the practice can take, counted one way for the laptop's sync bench
 * and the hub's:
 * - `minimumRequests`: a client that knew every list's page size — ceil(records / page size) per paged list
 *   (the billing windows hold what the window fixed when each pass started held), one per snapshot and report;
 * - `provenEndMinimumRequests`: a client that, as the contract says, is not shown the page size, so a list's
 *   end must be seen: a paged list of n records takes floor(n / page size) + 1 reads (the last one short or
 *   empty), and a snapshot two (its page, then the empty or repeated one: a list that fits in one page cannot
 *   otherwise be told from one cut at a page size equal to its length). Not counted: the first page read
 *   again at the end of a several-page pass (paging.ts `needsConfirming`), which guards against a page size
 *   that changes during the pass.
 * `fixedCalls` (authentication, subscriptions) are added to both.
 */
export function importMinimum(options: {
  state: PracticeState;
  cursors: Readonly<Record<string, SyncCursor | undefined>>;
  pageSize: number;
  resources: readonly SyncResource[];
  fixedCalls?: number;
}) {
  const { state, cursors, pageSize, resources } = options;
  const sizes: Record<string, number> = {
    entities: state.entities.size,
    // The import asks for the deleted contacts too (so none leaves the list while it is read).
    contacts: state.contacts.size,
    onboardings: state.onboardings.size,
    leads: state.leads.size,
    recurringBillings: state.recurringBillings.size,
    bills: inWindow(
      [...state.bills.values()].map((b) => b.billDate),
      cursors.bills?.window,
    ),
    payments: inWindow(
      [...state.payments.values()].map((p) => p.paymentDate),
      cursors.payments?.window,
    ),
  };
  const fixed = options.fixedCalls ?? 0;
  let minimumRequests = fixed;
  let provenEndMinimumRequests = fixed;
  for (const resource of resources) {
    if (rulesOf(resource.kind).pageByPage) {
      const records = sizes[resource.name] ?? 0;
      minimumRequests += Math.ceil(records / pageSize);
      provenEndMinimumRequests += Math.floor(records / pageSize) + 1;
    } else {
      minimumRequests += 1;
      provenEndMinimumRequests += requestsFor(resource.kind, undefined).requests;
    }
  }
  return { sizes, minimumRequests, provenEndMinimumRequests };
}
