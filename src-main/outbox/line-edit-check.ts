import { countOf } from '../../src-preload/contract/counts';
import { pathOf } from '../../src-preload/contract/outbox/payload-check';
import type { OutboxOutcome } from '../../src-preload/contract/outbox/outbox-entry';
import { checkLineEdits, servicesBaseSchema } from '../../src-preload/contract/outbox/service-line-edits';
import { proposalPricingSchema, servicesPatchSchema } from '../../src-preload/contract/partner-api';
import type { PartnerApiClient } from '../partner-api/partner-api-client';

/**
 * Before a line edit of a proposal's services goes out, main reads the proposal's lines as the practice
 * has them now and applies the one rule (`checkLineEdits`). Here rather than in the renderer: this is the
 * last moment before the PATCH, whatever happened since it was queued (a sync, a crash, a retry, another
 * window), and the renderer's stored copy may be older than the practice. A line changed there since it
 * was read → `rejected` with both versions (the entry stays for the user: keep mine, take theirs, edit);
 * lines that already are what the edit makes them are left out; nothing left → done without a PATCH.
 * What remains is a window of one read's length in which a change at the practice can still be
 * overwritten: the contract offers no conditional write.
 */
export async function checkServiceLineEdit(
  api: PartnerApiClient,
  params: Record<string, string | number>,
  body: unknown,
  storedBase: unknown,
): Promise<{ outcome: OutboxOutcome } | { body: unknown }> {
  const patch = servicesPatchSchema.parse(body);
  const base = servicesBaseSchema.parse(storedBase);
  const { data: pricing } = await api.request(
    'GET',
    `${pathOf('proposal.editServices', params)}`.replace(/\/services$/, '/pricing'),
    proposalPricingSchema,
    { priority: 'outbox' },
  );
  const { send, conflicts } = checkLineEdits(patch.services, base, pricing.services);
  if (conflicts.length > 0)
    return {
      outcome: {
        kind: 'rejected',
        problem: {
          status: null,
          title: 'Changed at the practice',
          message: `${countOf(conflicts.length, 'line')} of this edit changed at the practice since it was read, so nothing was sent. Choose which version to keep.`,
          conflicts,
        },
      },
    };
  if (send.length === 0) return { outcome: { kind: 'done', result: { pricing } } };
  return { body: { ...patch, services: send } };
}
