import type { RuleIssue } from './common';
import type { OnboardingRecipient, RecipientsPatch } from './onboardings';

type Edit = RecipientsPatch['recipients'][number];

export interface RecipientsPatchIssue extends RuleIssue {
  /** 404 when the edit names a recipient to remove that is not on the onboarding; 400 otherwise. */
  status: 400 | 404;
}

/**
 * The rules of `PATCH /onboardings/{key}/recipients` beyond its schema (docs/partner-api-decisions.md): a
 * new recipient (no key, or a key the onboarding does not have) needs a name and an email, SMS needs a
 * mobile, a removal must name a recipient of the onboarding, and access can only be given to a client of
 * the onboarding (when its clients are known). One list, so the demo practice refuses exactly what the
 * app's form flags before queuing.
 */
export function recipientsPatchIssues(
  recipients: readonly Pick<OnboardingRecipient, 'recipientKey'>[],
  edits: readonly Edit[],
  clientIds?: ReadonlySet<number>,
): RecipientsPatchIssue[] {
  const issues: RecipientsPatchIssue[] = [];
  const known = new Set(recipients.map((r) => r.recipientKey));
  edits.forEach((edit, i) => {
    const at = (field: string | null, message: string, status: 400 | 404 = 400) =>
      issues.push({ path: field ? ['recipients', i, field] : ['recipients', i], message, status });
    const isNew = !edit.recipientKey || !known.has(edit.recipientKey);
    if (edit.remove && isNew) at(null, `Recipient ${edit.recipientKey ?? '(none)'} is not on this onboarding.`, 404);
    else if (isNew && !edit.remove) {
      if (!edit.name) at('name', 'A new recipient needs a name.');
      if (!edit.email) at('email', 'A new recipient needs an email address.');
    }
    if (isNew && edit.sendSms && !edit.mobile) at('mobile', 'Sending by SMS needs a mobile.');
    if (clientIds) {
      for (const right of edit.access ?? []) {
        if (!clientIds.has(right.entityOnboardingId))
          at('access', `Client ${right.entityOnboardingId} is not a client of this onboarding.`);
      }
    }
  });
  return issues;
}

/**
 * The recipients after a PATCH, as the practice applies it: a known recipientKey is changed, or removed
 * with `remove`; an absent or unknown key adds a recipient at the end (with `newKey(i)` when the edit has
 * no key); then the send order is renumbered 1…n. Used by the demo practice, and by the app to show the
 * edit at once while it waits to be sent (the practice's own answer replaces it once done). Assumes the
 * edits passed `recipientsPatchIssues`.
 */
export function applyRecipientsPatch(
  recipients: readonly OnboardingRecipient[],
  edits: readonly Edit[],
  newKey: (index: number) => string,
  sentOn: string | null,
): OnboardingRecipient[] {
  let next = recipients.map((r) => ({ ...r }));
  for (const [i, edit] of edits.entries()) {
    const existing = edit.recipientKey ? next.find((r) => r.recipientKey === edit.recipientKey) : undefined;
    if (existing && edit.remove) next = next.filter((r) => r !== existing);
    else if (existing) {
      if (edit.name !== undefined) existing.name = edit.name;
      if (edit.surname !== undefined) existing.surname = edit.surname;
      if (edit.email !== undefined) existing.email = edit.email;
      if (edit.mobile !== undefined) existing.mobile = edit.mobile;
    } else if (!edit.remove) {
      next.push({
        recipientKey: edit.recipientKey ?? newKey(i),
        name: edit.name ?? '',
        surname: edit.surname ?? '',
        email: edit.email ?? null,
        mobile: edit.mobile ?? null,
        sendOrder: Math.max(0, ...next.map((r) => r.sendOrder)) + 1,
        sentOn,
        submittedOn: null,
      });
    }
  }
  return next.sort((a, b) => a.sendOrder - b.sendOrder).map((r, i) => ({ ...r, sendOrder: i + 1 }));
}
