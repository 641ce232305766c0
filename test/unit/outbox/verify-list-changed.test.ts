import { describe, expect, it } from 'vitest';
import { createOutboxExecutor } from '../../../src-main/outbox/outbox-executor';
import type { PartnerApiClient } from '../../../src-main/partner-api/partner-api-client';
import { leadRecord } from '../../support/lead-record';

const PRACTICE = '44444444-4444-4444-8444-444444444444';
const ENTRY = '11111111-1111-4111-8111-111111111111';

/** A lead with this key (its last two hex digits) and name. */
const lead = (suffix: string, name: string) =>
  leadRecord({
    leadKey: `aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaa${suffix}`,
    leadID: Number.parseInt(suffix, 16),
    name,
    surname: 'Doe',
  });

/**
 * The practice's lead list, one lead a page in key order, the lead this entry created last. Before each
 * request named in `joinBefore` another lead joins the list ahead of the page being read, so that page
 * repeats the one before it.
 */
function practiceWhoseListChangesAsItIsRead(joinBefore: number[]) {
  const leads = [lead('20', 'Other'), lead('40', 'Other'), lead('60', 'Jane')];
  const early = ['10', '30'];
  const pages: number[] = [];
  const api = {
    list: async (_path: string, _schema: unknown, options: { query: { pageNumber: number } }) => {
      const pageNumber = options.query.pageNumber;
      pages.push(pageNumber);
      if (joinBefore.includes(pages.length)) leads.push(lead(early.shift()!, 'Early'));
      leads.sort((a, b) => a.leadKey.localeCompare(b.leadKey));
      return { data: leads.slice(pageNumber - 1, pageNumber), rejected: [], status: 200, serverDate: null };
    },
  } as unknown as PartnerApiClient;
  return { api, pages };
}

const verifyTheLead = (api: PartnerApiClient) =>
  createOutboxExecutor({ targetFor: () => ({ api, canWrite: true }) }).verify({
    practiceKey: PRACTICE,
    entryId: ENTRY,
    operation: 'lead.create',
    payload: { params: {}, body: { name: 'Jane', surname: 'Doe' } },
    // Sent ten minutes ago: long enough for an absence to be believed.
    sentAgoMs: 600_000,
  });

describe('a check for a sent action whose list changes while it is read', () => {
  it('finds the lead when a page repeats the one before: the read goes on past it', async () => {
    const { api, pages } = practiceWhoseListChangesAsItIsRead([3]);
    expect(await verifyTheLead(api)).toMatchObject({ verdict: 'found', result: { name: 'Jane' } });
    expect(pages).toEqual([1, 2, 3, 4, 5]);
  });

  it('does not take two repeats past the first page for an absence (sending again would double the lead): it checks again later', async () => {
    const { api, pages } = practiceWhoseListChangesAsItIsRead([3, 4]);
    expect(await verifyTheLead(api)).toMatchObject({
      verdict: 'not-yet',
      note: expect.stringContaining('changed while it was being read'),
      checkAgainInMs: 60_000,
    });
    expect(pages).toEqual([1, 2, 3, 4]);
  });
});
