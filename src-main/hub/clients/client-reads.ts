import { createClientProposals, createClientStatements, type ClientProposalsDeps } from './client-proposals';
import { createReadThrough, type ReadThroughDeps } from './read-through';
import { LAPTOP_READ_PRIORITY } from './read-through-kinds';

/**
 * What the hub reads per client or per record, on demand: a client's proposals and statements (held in
 * the mirror), a statement's or bill's detail and PDFs (read through and kept). One place says what a
 * hint or an event naming a client costs.
 */
export function createClientReads(deps: ClientProposalsDeps & Pick<ReadThroughDeps, 'onServed'>) {
  const proposals = createClientProposals(deps);
  const statements = createClientStatements(deps);
  const readThrough = createReadThrough(deps);
  return {
    /** A hint named the client: what the hub holds of it is read again; a client it does not hold costs nothing. */
    async refreshHeld(entityKey: string): Promise<void> {
      await readThrough.forgetClient(entityKey);
      await Promise.all(
        [proposals, statements].map(async (list) => {
          if (await list.holds(entityKey)) await list.request(entityKey);
        }),
      );
    },
    /** The backstop's re-read of one list the hub holds for a client (held-clients-backstop.ts), in the hub's own tier. */
    async rereadHeld(resource: string, entityKey: string): Promise<void> {
      const list = [proposals, statements].find((held) => held.resource === resource);
      // A list this version no longer holds per client: nothing to read (its row goes at the next forget).
      await list?.refresh(entityKey, LAPTOP_READ_PRIORITY);
    },
    /** Whether the hub holds any of this client's lists (a hint naming it then costs a re-read). */
    async holdsAny(entityKey: string): Promise<boolean> {
      return (await proposals.holds(entityKey)) || (await statements.holds(entityKey));
    },
    /** A proposal of the client was accepted: its proposals are read (held or not), its kept answers dropped. */
    async proposalAccepted(entityKey: string): Promise<void> {
      await readThrough.forgetClient(entityKey);
      await proposals.request(entityKey);
    },
    /** What the HTTP layer serves laptops from (http/client-routes.ts, http/read-through-routes.ts). */
    proposals,
    statements,
    readThrough,
    async stop(): Promise<void> {
      await Promise.all([proposals.stop(), statements.stop(), readThrough.stop()]);
    },
  };
}
