import { describe, expect, it } from 'vitest';
import { leadCreateSchema, leadFromCreate, leadSchema } from '../../../src-preload/contract/partner-api';
import { leadRecord } from '../../support/lead-record';

const ids = { leadKey: '00000000-0000-4000-8000-000000000007', leadID: 7 };
const NOW = '2026-03-04T05:06:07.000Z';

describe('the lead a lead.create body makes', () => {
  it('takes the fields given and the key, number and time it is handed; status New, no notes, not converted', () => {
    const body = leadCreateSchema.parse({
      name: '  Ana  ',
      surname: 'Ruiz',
      companyName: 'Ruiz Bakery',
      email: 'ana@ruiz.example',
      mobile: '+61 400 000 000',
      source: 'Referral',
      assignedUserKey: '00000000-0000-4000-8000-000000000001',
    });
    const lead = leadFromCreate(body, ids, NOW);
    expect(lead).toEqual(
      leadRecord({
        name: 'Ana',
        surname: 'Ruiz',
        companyName: 'Ruiz Bakery',
        email: 'ana@ruiz.example',
        mobile: '+61 400 000 000',
        source: 'Referral',
        assignedUserKey: '00000000-0000-4000-8000-000000000001',
        createdOn: NOW,
        updatedOn: NOW,
      }),
    );
    expect(leadSchema.parse(lead)).toEqual(lead);
  });

  it('makes a field left out, or sent as null, null', () => {
    const lead = leadFromCreate(leadCreateSchema.parse({ name: 'Ana', email: null }), ids, NOW);
    expect(lead).toEqual(leadRecord({ createdOn: NOW, updatedOn: NOW }));
  });

  it('keeps a placeholder number as given (a lead queued on the laptop)', () => {
    expect(leadFromCreate({ name: 'Ana' }, { ...ids, leadID: -1 }, NOW).leadID).toBe(-1);
  });
});
