import { describe, expect, it } from 'vitest';
import {
  applyRecipientsPatch,
  describeRuleIssue,
  recipientsPatchIssues,
  type OnboardingRecipient,
} from '../../../src-preload/contract/partner-api';

const K1 = '11111111-1111-4111-8111-111111111111';
const K2 = '22222222-2222-4222-8222-222222222222';
const K3 = '33333333-3333-4333-8333-333333333333';
const r = (recipientKey: string, name: string, sendOrder: number): OnboardingRecipient => ({
  recipientKey,
  name,
  surname: 'S',
  email: `${name}@example.com`,
  mobile: null,
  sendOrder,
  sentOn: null,
  submittedOn: null,
});
const recipients = [r(K1, 'ana', 1), r(K2, 'ben', 2)];

describe('recipients PATCH rules (beyond its schema)', () => {
  it('a known recipient may be changed partly; a new one (no key, or a key not on the onboarding) needs a name, an email, and a mobile for SMS', () => {
    expect(recipientsPatchIssues(recipients, [{ recipientKey: K1, name: '' }])).toEqual([]);
    expect(
      recipientsPatchIssues(recipients, [
        { recipientKey: K1 },
        { sendSms: true },
        { recipientKey: K3, name: 'cy' },
      ]).map((i) => [describeRuleIssue(i), i.status]),
    ).toEqual([
      ['recipients[1].name: A new recipient needs a name.', 400],
      ['recipients[1].email: A new recipient needs an email address.', 400],
      ['recipients[1].mobile: Sending by SMS needs a mobile.', 400],
      ['recipients[2].email: A new recipient needs an email address.', 400],
    ]);
  });

  it('a removal must name a recipient of the onboarding (404); access only to its clients, when they are known', () => {
    expect(recipientsPatchIssues(recipients, [{ recipientKey: K3, remove: true }])).toEqual([
      { path: ['recipients', 0], message: `Recipient ${K3} is not on this onboarding.`, status: 404 },
    ]);
    const access = [
      {
        recipientKey: K1,
        access: [
          { entityOnboardingId: 7, canEdit: true },
          { entityOnboardingId: 8, canEdit: false },
        ],
      },
    ];
    expect(recipientsPatchIssues(recipients, access)).toEqual([]);
    expect(recipientsPatchIssues(recipients, access, new Set([7])).map(describeRuleIssue)).toEqual([
      'recipients[0].access: Client 8 is not a client of this onboarding.',
    ]);
  });
});

describe('recipients PATCH applied as the practice applies it', () => {
  it('changes a known key, removes with remove, adds an unknown or absent key at the end, renumbers the send order', () => {
    const next = applyRecipientsPatch(
      recipients,
      [
        { recipientKey: K1, remove: true },
        { recipientKey: K2, name: 'Benjamin' },
        { name: 'cy', email: 'cy@example.com' },
      ],
      () => K3,
      '2026-11-21T10:00:00.000Z',
    );
    expect(next.map((x) => [x.recipientKey, x.name, x.sendOrder, x.sentOn])).toEqual([
      [K2, 'Benjamin', 1, null],
      [K3, 'cy', 2, '2026-11-21T10:00:00.000Z'],
    ]);
    expect(recipients[1]!.name).toBe('ben'); // the input is not changed
  });
});
