import { describe, expect, it } from 'vitest';
import { matchDetailRoute, routes } from '../../../src-preload/contract/routes';

const pathOf = (address: string) => address.split('?')[0]!;
const clientKey = '0b6f3c9e-41a2-4d7e-9c1b-2f1e8d3a5b70';

describe("the window's detail pages, matched by the patterns the router mounts", () => {
  it('reads back the parts each address was built from', () => {
    expect(matchDetailRoute('client', routes.client(clientKey))).toEqual({ entityKey: clientKey });
    expect(matchDetailRoute('onboarding', routes.onboarding('ob-1'))).toEqual({ onboardingKey: 'ob-1' });
    expect(matchDetailRoute('lead', routes.lead('lead-9'))).toEqual({ leadKey: 'lead-9' });
    expect(matchDetailRoute('document', pathOf(routes.document('bill', 100232, clientKey)))).toEqual({
      kind: 'bill',
      id: '100232',
    });
  });

  it('matches only the whole path of that page', () => {
    expect(matchDetailRoute('client', '/clients')).toBeNull();
    expect(matchDetailRoute('client', '/clients/')).toBeNull();
    expect(matchDetailRoute('client', `/clients/${clientKey}/extra`)).toBeNull();
    expect(matchDetailRoute('client', `/onboardings/${clientKey}`)).toBeNull();
    expect(matchDetailRoute('document', '/documents/bill')).toBeNull();
    expect(matchDetailRoute('document', '/documents')).toBeNull();
    expect(matchDetailRoute('onboarding', `/x/onboardings/ob-1`)).toBeNull();
  });
});
