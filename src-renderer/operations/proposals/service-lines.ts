import { lineEditsOf, type BaseLine } from '../../../src-preload/contract/outbox/service-line-edits';
import type { ProposalDetail, RuleIssue, ServicesPatch, ServicesPut } from '../../../src-preload/contract/partner-api';

/** What the services form queues: line edits with the lines as read (the default), or the whole list. */
export type ServicesWrite =
  | { operation: 'proposal.editServices'; body: ServicesPatch; base: BaseLine[] }
  | { operation: 'proposal.replaceServices'; body: ServicesPut };

type Lines = ProposalDetail['pricing']['services'];

/** The form's checked list as the write to queue: the changed lines (PATCH), or every line (PUT). */
export function servicesWrite(before: Lines, body: ServicesPut, replaceAll: boolean): ServicesWrite {
  if (replaceAll) return { operation: 'proposal.replaceServices', body };
  const { services, base } = lineEditsOf(
    before,
    body.services.map((s) => ({ serviceID: s.serviceID, quantity: s.quantity ?? 1, price: s.price })),
  );
  return { operation: 'proposal.editServices', body: { userKey: body.userKey, services }, base };
}

/**
 * Line edits are matched by service at the practice, so each service is named once; and an edit that
 * changes no line has nothing to send.
 */
export function lineEditRules(
  before: Lines,
  rows: readonly { serviceID?: number | undefined; quantity?: number | undefined; price?: number | undefined }[],
): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const seen = new Set<number>();
  rows.forEach((row, index) => {
    if (row.serviceID === undefined) return;
    if (seen.has(row.serviceID))
      issues.push({
        path: ['services', index, 'serviceID'],
        message: 'This service is already on the proposal: change its quantity there.',
      });
    seen.add(row.serviceID);
  });
  if (issues.length > 0) return issues;
  const complete = rows.every((r) => r.serviceID !== undefined && Number.isFinite(r.quantity));
  const typed = rows.map((r) => ({ serviceID: r.serviceID ?? 0, quantity: r.quantity ?? 1, price: r.price }));
  if (complete && lineEditsOf(before, typed).services.length === 0)
    issues.push({ path: ['services'], message: 'Nothing has changed: change, add or remove a line first.' });
  return issues;
}
