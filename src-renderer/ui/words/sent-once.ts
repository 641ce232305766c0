import { operations, type OperationName } from '../../../src-preload/contract/outbox/operations';

const onceOf = (name: OperationName) => {
  const def = operations[name];
  return def.idempotency === 'once' ? def.once : null;
};

/** Whether the practice pays for each one sent. */
export const billedPerUse = (name: OperationName): boolean => onceOf(name)?.billedPerUse === true;

/**
 * Beside an Outbox entry's title, why it is never sent again on a guess: "billed per use", or, for what costs
 * the practice nothing, "not sent again without checking: a second lead would be a duplicate". Null for a
 * write that may be sent again (its reads settle it).
 */
export function sentOnceWords(name: OperationName): string | null {
  const once = onceOf(name);
  if (!once) return null;
  return once.billedPerUse
    ? 'billed per use'
    : `not sent again without checking: ${once.secondCopy} would be a duplicate`;
}

/** What sending it again may create: "a second eForm, billed again", "a second lead", or "a duplicate". */
export function secondCopyWords(name: OperationName): string {
  const once = onceOf(name);
  if (!once) return 'a duplicate';
  return once.billedPerUse ? `${once.secondCopy}, billed again` : once.secondCopy;
}

/** The reason as a sentence, for a review: "It is billed per use", "A second lead would be a duplicate". */
export function sentOnceReason(name: OperationName): string {
  const once = onceOf(name);
  if (!once) return 'Sending it again could create a duplicate';
  if (once.billedPerUse) return 'It is billed per use';
  return `${once.secondCopy.charAt(0).toUpperCase()}${once.secondCopy.slice(1)} would be a duplicate`;
}
