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
  readClientProposals: (entityKey: string) => Promise<void>;
  mirrorPass: () => Promise<void>;
}): (delivery: WebhookDelivery) => Promise<void> {
  // Resolves once the re-read is done (the inbox marks the delivery only then), rejects if it failed.
  return (delivery) => {
    const client = namesClient.safeParse(delivery.data);
    if (delivery.event === 'proposal.accepted' && client.success)
      return deps.readClientProposals(client.data.entityKey);
    return deps.mirrorPass();
  };
}
