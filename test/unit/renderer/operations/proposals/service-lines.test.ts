import { describe, expect, it } from 'vitest';
import { lineEditRules, servicesWrite } from '../../../../../src-renderer/operations/proposals/service-lines';

const U = '22222222-2222-4222-8222-222222222222';
const line = (serviceID: number, quantity: number, price: number) => ({
  serviceID,
  serviceName: `Service ${serviceID}`,
  price,
  quantity,
  taxAmount: 0,
  lineTotal: quantity * price,
});
const before = [line(1, 1, 100), line(2, 2, 50)];

describe('the services form queues line edits by default', () => {
  it('only the changed line, with its value as read', () => {
    const body = {
      userKey: U,
      services: [
        { serviceID: 1, quantity: 4, price: 100 },
        { serviceID: 2, quantity: 2, price: 50 },
      ],
    };
    expect(servicesWrite(before, body, false)).toEqual({
      operation: 'proposal.editServices',
      body: { userKey: U, services: [{ serviceID: 1, quantity: 4 }] },
      base: [{ serviceID: 1, was: { quantity: 1, price: 100 } }],
    });
  });

  it('the whole list only when asked to replace it', () => {
    const body = { userKey: U, services: [{ serviceID: 1, quantity: 4, price: 100 }] };
    expect(servicesWrite(before, body, true)).toEqual({ operation: 'proposal.replaceServices', body });
  });

  it('says when nothing changed, and when a service is named twice', () => {
    expect(
      lineEditRules(before, [
        { serviceID: 1, quantity: 1, price: 100 },
        { serviceID: 2, quantity: 2 },
      ]),
    ).toEqual([{ path: ['services'], message: 'Nothing has changed: change, add or remove a line first.' }]);
    expect(
      lineEditRules(before, [
        { serviceID: 1, quantity: 1 },
        { serviceID: 1, quantity: 3 },
      ]),
    ).toEqual([
      {
        path: ['services', 1, 'serviceID'],
        message: 'This service is already on the proposal: change its quantity there.',
      },
    ]);
  });
});
