import { adhocProposalSchema, fromTemplateSchema, proposalSummarySchema } from '../../src-preload/contract/partner-api';
import type { OutboxVerdict } from '../../src-preload/contract/outbox/outbox-entry';
import type { PartnerApiClient } from '../partner-api/partner-api-client';
import type { VerifyContext } from './verify-context';

/**
 * A proposal's createdOn is the practice's clock, compared with the send on that same clock: a minute covers
 * the Date header's whole seconds and the trip. Without the practice's time the laptop's clock would stand in,
 * and a same-named proposal made an hour earlier could pass for this one, so then nothing is "found".
 */
const SAME_CLOCK_SLACK_MS = 60_000;

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Settles a new proposal (from a template or built here) sent with no answer, by the client's proposals: one
 * with this name created since the attempt went out (both on the practice's clock) and not made by another
 * entry of this laptop is this one; none is "absent" (safe to send again once the practice's clock is past the
 * settle margin); two, or a clock the practice did not give, is "unknown" and a person decides.
 */
async function verifyNewProposal(
  api: PartnerApiClient,
  wanted: { entityKey: string; name: string | undefined },
  { clock, claimed }: VerifyContext,
): Promise<OutboxVerdict> {
  if (wanted.name === undefined)
    return {
      verdict: 'unknown',
      reason: 'This proposal was sent without a name, so the app cannot look for it among the client’s proposals.',
    };
  const name = wanted.name;
  const page = await api.list('/proposals/list', proposalSummarySchema, {
    priority: 'outbox',
    query: { entityKey: wanted.entityKey },
  });
  // Placed on the practice's clock by the list's own Date header when the attempt had no answer.
  const sent = clock.sentAt();
  const since = sent.at - SAME_CLOCK_SLACK_MS;
  const candidates = page.data.filter(
    (p) => !claimed.has(p.proposalKey) && sameName(p.name, name) && Date.parse(p.createdOn) >= since,
  );
  if (candidates.length > 1)
    return {
      verdict: 'unknown',
      reason:
        `The client has ${candidates.length} proposals named ${JSON.stringify(name)} made since this was sent, so the app cannot tell which, if any, is this one.`.slice(
          0,
          500,
        ),
    };
  const match = candidates[0];
  if (match && !sent.byPractice)
    return {
      verdict: 'unknown',
      reason:
        `The client has a proposal named ${JSON.stringify(name)}, but the practice gave no time to tell whether it was made after this was sent.`.slice(
          0,
          500,
        ),
    };
  if (match)
    return {
      verdict: 'found',
      result: { proposalKey: match.proposalKey, engagementKey: match.engagementKey, statusName: 'Draft' },
    };
  return {
    verdict: 'absent',
    note: `No proposal named ${JSON.stringify(name)} made since this was sent among the client's ${page.data.length} proposals.`.slice(
      0,
      400,
    ),
  };
}

export async function verifyProposalFromTemplate(
  api: PartnerApiClient,
  _params: Record<string, string | number>,
  body: unknown,
  context: VerifyContext,
): Promise<OutboxVerdict> {
  const wanted = fromTemplateSchema.parse(body);
  return verifyNewProposal(api, { entityKey: wanted.entityKey, name: wanted.name }, context);
}

export async function verifyAdhocProposal(
  api: PartnerApiClient,
  _params: Record<string, string | number>,
  body: unknown,
  context: VerifyContext,
): Promise<OutboxVerdict> {
  const wanted = adhocProposalSchema.parse(body);
  return verifyNewProposal(api, { entityKey: wanted.entityKey, name: wanted.name }, context);
}
