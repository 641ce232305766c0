import type { OperationName } from '../../src-preload/contract/outbox/operations';
import { useClientFacing } from '../context/store-hooks';

/** True while the window is turned to one client (client-facing mode): screens then show only what is theirs. */
export function useShownToClient(): boolean {
  return useClientFacing((s) => s.active !== null);
}

/**
 * Actions never offered while the screen is turned to the client, nor their pending lines shown: they are the
 * practice's business rather than the client's — screening the client (AML) and checking their identity, with
 * what each costs the practice; bookkeeping to the practice's ledger accounts (an adhoc bill); the projects of
 * its accounting package, with their budgets and rates; its own custom fields on the client; its sign-off of
 * an onboarding, with its staff list. What staff do *with* the client stays: contacts, eForms, proposals,
 * onboarding recipients and the documents asked for.
 */
const staffOnly: ReadonlySet<OperationName> = new Set<OperationName>([
  'identity.runAmlCheck',
  'identity.sendVerification',
  'bill.createAdhoc',
  'proposal.replaceExternalProjects',
  'onboarding.setCustomFields',
  'onboarding.complete',
]);

export const isStaffOnly = (operation: OperationName): boolean => staffOnly.has(operation);

/** Whether a screen offers an action now: every one to staff, the client's own ones in client view. */
export function useOffered(): (operation: OperationName) => boolean {
  const shown = useShownToClient();
  return (operation) => !shown || !isStaffOnly(operation);
}
