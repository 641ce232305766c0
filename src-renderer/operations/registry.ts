import type { OperationName } from '../../src-preload/contract/outbox/operations';
import { billOperations } from './billing/bill-operations';
import { contactOperations } from './contacts/contact-operations';
import { eformOperations } from './eforms/eform-operations';
import { identityOperations } from './identity/identity-operations';
import { leadOperations } from './leads/lead-operations';
import { onboardingOperations } from './onboardings/onboarding-operations';
import { proposalOperations } from './proposals/proposal-operations';
import type { OperationParts } from './shared/operation-parts';

/**
 * Every outbox operation's renderer parts, one entry per operation of the contract (a missing operation
 * or a missing part does not compile): its local effect and the tables it touches, how an entry is
 * described, how "Edit and resubmit" edits it, and the form its screen opens. Each domain folder holds
 * its own (`<domain>-operations.ts`); the outbox machinery reads the effects through local-effects.ts.
 */
export const operationRegistry = {
  ...contactOperations,
  ...leadOperations,
  ...eformOperations,
  ...identityOperations,
  ...billOperations,
  ...onboardingOperations,
  ...proposalOperations,
} satisfies Record<OperationName, OperationParts>;

type SummaryReads<R, M extends OperationName> =
  R extends Record<M, { description: { summary(about: infer A): string } }> ? A : never;
type StartTells<Start> = Start extends { Form(props: { queue(write: infer W): unknown }): unknown }
  ? W
  : Start extends { write(about: never): infer W }
    ? W
    : never;
/**
 * The pairs (operation started, operation written) of a registry whose start hands a summary other facts
 * than the written operation's summary reads: `never` when every start tells each summary what it reads.
 */
export type WrongFacts<R extends Record<OperationName, { start?: unknown }>> = {
  [N in OperationName]: StartTells<R[N]['start']> extends infer W
    ? W extends { operation: infer M extends OperationName; told: infer T }
      ? T extends SummaryReads<R, M>
        ? never
        : [N, M]
      : never
    : never;
}[OperationName];
/** Compile-time: fails, naming the pair, when a start tells a summary other facts than it reads. */
export const startsTellWhatSummariesRead: [WrongFacts<typeof operationRegistry>] extends [never] ? true : never = true;

/** One operation's parts, as the Outbox reads them for any entry. */
export const partsOf = (operation: OperationName): OperationParts => operationRegistry[operation];
