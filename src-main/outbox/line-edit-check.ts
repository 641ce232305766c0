import { countOf } from '../../src-preload/contract/counts';
import { pathOf } from '../../src-preload/contract/outbox/payload-check';
import type { OutboxOutcome } from '../../src-preload/contract/outbox/outbox-entry';
import {
  checkLineEdits,
  linesChangedAsSent,
  servicesBaseSchema,
  type CurrentLine,
} from '../../src-preload/contract/outbox/service-line-edits';
import { proposalPricingSchema, servicesPatchSchema } from '../../src-preload/contract/partner-api';
import type { PartnerApiClient } from '../partner-api/partner-api-client';

/**
 * Before a line edit of a proposal's services goes out, main reads the proposal's lines as the practice
 * has them now and applies the one rule (`checkLineEdits`). Here rather than in the renderer: this is the
 * last moment before the PATCH, whatever happened since it was queued (a sync, a crash, a retry, another
 * window), and the renderer's stored copy may be older than the practice. A line changed there since it
 * was read → `rejected` with both versions (the entry stays for the user: keep mine, take theirs, edit);
 * lines that already are what the edit makes them are left out; nothing left → done without a PATCH.
 * The lines read are handed on, so the lines are read again once the PATCH is answered (below).
 */
export async function checkServiceLineEdit(
  api: PartnerApiClient,
  params: Record<string, string | number>,
  body: unknown,
  storedBase: unknown,
): Promise<{ outcome: OutboxOutcome } | { body: unknown; seen: CurrentLine[] }> {
  const patch = servicesPatchSchema.parse(body);
  const base = servicesBaseSchema.parse(storedBase);
  const pricing = await readPricing(api, params);
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
  return { body: { ...patch, services: send }, seen: pricing.services };
}

function readPricing(api: PartnerApiClient, params: Record<string, string | number>) {
  return api
    .request(
      'GET',
      `${pathOf('proposal.editServices', params)}`.replace(/\/services$/, '/pricing'),
      proposalPricingSchema,
      {
        priority: 'outbox',
      },
    )
    .then((answer) => answer.data);
}

/**
 * Once the PATCH is answered, the lines are read again: a line the edit touched that the practice changed as
 * the edit went out (after the read before it, or right after the PATCH) reads otherwise than the edit made
 * it, and the entry is held with both versions — the same choice as a conflict seen before sending (keep
 * mine sends it again over theirs; take theirs leaves it). Null when every line it sent reads as sent. A
 * change made at the practice to the very field this edit sends, between the read before and the PATCH,
 * is still overwritten unseen: the contract offers no conditional write, and this narrows it to the
 * moment between two requests. The read after failing changes nothing: the edit was applied.
 */
export async function recheckServiceLineEdit(
  api: PartnerApiClient,
  params: Record<string, string | number>,
  sentBody: unknown,
  seen: readonly CurrentLine[],
): Promise<OutboxOutcome | null> {
  const sent = servicesPatchSchema.parse(sentBody);
  let after: Awaited<ReturnType<typeof readPricing>>;
  try {
    after = await readPricing(api, params);
  } catch {
    return null;
  }
  const conflicts = linesChangedAsSent(sent.services, seen, after.services);
  if (conflicts.length === 0) return null;
  return {
    kind: 'rejected',
    problem: {
      status: null,
      title: 'Changed at the practice as it was sent',
      message: `This edit reached the practice, but ${countOf(conflicts.length, 'line')} of it changed there at the same time, so it may not be what you sent. Choose which version to keep.`,
      conflicts,
    },
  };
}
