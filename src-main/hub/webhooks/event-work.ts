import { z } from 'zod';
import type { WebhookDelivery } from '../../../src-preload/contract/partner-api';

/** The summary's field naming the client; the contract does not show the body's fields, so it is optional. */
const namesClient = z.object({ entityKey: z.uuid() });

/**
 * What a verified, new event costs: the re-read of what it names, at the user's priority. A proposal
 * accepted names its client: that client's proposals are read (coalesced per burst). Anything else (an
 * eForm submitted moves its onboarding; the contract has no eForm read) and an event that names no client
 * run one more coalesced mirror pass.
 */
export function createEventWork(deps: {
  readClientProposals: (entityKey: string) => void;
  mirrorPass: () => void;
}): (delivery: WebhookDelivery) => void {
  return (delivery) => {
    const client = namesClient.safeParse(delivery.data);
    if (delivery.event === 'proposal.accepted' && client.success) deps.readClientProposals(client.data.entityKey);
    else deps.mirrorPass();
  };
}
