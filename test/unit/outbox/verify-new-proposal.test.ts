import { describe, expect, it } from 'vitest';
import { verifyAdhocProposal, verifyProposalFromTemplate } from '../../../src-main/outbox/verify-new-proposal';
import { verifiers } from '../../../src-main/outbox/outbox-verifiers';
import type { PartnerApiClient } from '../../../src-main/partner-api/partner-api-client';
import type { ProposalSummary } from '../../../src-preload/contract/partner-api';

const SENT_AT = Date.parse('2026-11-21T10:00:00Z');
const entityKey = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';
const userKey = '11111111-1111-4111-8111-111111111111';

const adhoc = (name: string) => ({ userKey, entityKey, name, services: [{ serviceID: 201, quantity: 1 }] });
const fromTemplate = (name?: string) => ({ userKey, entityKey, templateID: 801, ...(name ? { name } : {}) });

let n = 0;
/** A proposal of the client at the practice, made `minutesAfterSend` after the attempt went out. */
const proposal = (name: string, minutesAfterSend: number): ProposalSummary => {
  n += 1;
  const key = `aaaaaaaa-aaaa-4aaa-8aaa-${String(n).padStart(12, '0')}`;
  const at = new Date(SENT_AT + minutesAfterSend * 60_000).toISOString();
  return {
    proposalKey: key,
    engagementKey: key.replace('aaaaaaaa', 'bbbbbbbb'),
    entityKey,
    name,
    statusName: 'Draft',
    servicesTotal: 100,
    createdOn: at,
    sentOn: null,
    acceptedOn: null,
    startsOn: null,
    endsOn: null,
    renewedFromKey: null,
    updatedOn: at,
  };
};

const reads: unknown[] = [];
const practiceWith = (proposals: ProposalSummary[]) =>
  ({
    list: async (path: string, _schema: unknown, options: { query: unknown }) => {
      reads.push({ path, query: options.query });
      return { data: proposals, rejected: [], status: 200, serverDate: null };
    },
  }) as unknown as PartnerApiClient;

const context = (claimed: string[] = [], byPractice = true) => ({
  clock: {
    sentAt: () => ({ at: SENT_AT, byPractice }),
    now: () => ({ at: SENT_AT + 10 * 60_000, byPractice }),
  },
  claimed: new Set<string>(claimed),
});

describe('settling a new proposal sent with no answer', () => {
  it('both create operations are settled by this read, not left to a person', () => {
    expect(verifiers['proposal.create']).toBe(verifyAdhocProposal);
    expect(verifiers['proposal.createFromTemplate']).toBe(verifyProposalFromTemplate);
  });

  it('the one proposal with this name made since the send is this one, read from the client’s list', async () => {
    reads.length = 0;
    const mine = proposal('Advisory 2027', 1);
    const verdict = await verifyAdhocProposal(
      practiceWith([proposal('Tax 2026', -600), mine]),
      {},
      adhoc('Advisory 2027'),
      context(),
    );
    expect(verdict).toEqual({
      verdict: 'found',
      result: { proposalKey: mine.proposalKey, engagementKey: mine.engagementKey, statusName: 'Draft' },
    });
    expect(reads).toEqual([{ path: '/proposals/list', query: { entityKey } }]);
  });

  it('names match without regard to case or surrounding spaces', async () => {
    const verdict = await verifyAdhocProposal(
      practiceWith([proposal(' advisory 2027 ', 2)]),
      {},
      adhoc('Advisory 2027'),
      context(),
    );
    expect(verdict.verdict).toBe('found');
  });

  it('a same-named proposal made before the send is another one: absent, safe to send again', async () => {
    const verdict = await verifyAdhocProposal(
      practiceWith([proposal('Advisory 2027', -30)]),
      {},
      adhoc('Advisory 2027'),
      context(),
    );
    expect(verdict).toMatchObject({ verdict: 'absent' });
    expect(verdict.verdict === 'absent' && verdict.note).toContain('1 proposals');
  });

  it('another name made since the send is not this one', async () => {
    const verdict = await verifyAdhocProposal(
      practiceWith([proposal('Something else', 1)]),
      {},
      adhoc('Advisory 2027'),
      context(),
    );
    expect(verdict.verdict).toBe('absent');
  });

  it('a proposal another entry of this laptop created is never taken for this one', async () => {
    const other = proposal('Advisory 2027', 1);
    const verdict = await verifyAdhocProposal(
      practiceWith([other]),
      {},
      adhoc('Advisory 2027'),
      context([other.proposalKey]),
    );
    expect(verdict.verdict).toBe('absent');
  });

  it('two look-alikes made since the send: unknown, a person decides', async () => {
    const verdict = await verifyAdhocProposal(
      practiceWith([proposal('Advisory 2027', 1), proposal('Advisory 2027', 2)]),
      {},
      adhoc('Advisory 2027'),
      context(),
    );
    expect(verdict).toMatchObject({ verdict: 'unknown' });
    expect(verdict.verdict === 'unknown' && verdict.reason).toContain('2 proposals');
  });

  it('without the practice’s clock a look-alike cannot be placed after the send: unknown', async () => {
    const verdict = await verifyAdhocProposal(
      practiceWith([proposal('Advisory 2027', 1)]),
      {},
      adhoc('Advisory 2027'),
      context([], false),
    );
    expect(verdict.verdict).toBe('unknown');
  });

  it('from a template: found by the name it was sent with', async () => {
    const mine = proposal('Small company compliance — Acme', 0.5);
    const verdict = await verifyProposalFromTemplate(
      practiceWith([mine]),
      {},
      fromTemplate('Small company compliance — Acme'),
      context(),
    );
    expect(verdict).toMatchObject({ verdict: 'found', result: { proposalKey: mine.proposalKey } });
  });

  it('from a template sent without a name: nothing to look for, so unknown rather than absent', async () => {
    const verdict = await verifyProposalFromTemplate(practiceWith([]), {}, fromTemplate(), context());
    expect(verdict.verdict).toBe('unknown');
  });
});
