import type { FastifyInstance } from 'fastify';
import { registerClientRoutes } from '../http/client-routes';
import { registerReadThroughRoutes } from '../http/read-through-routes';
import { createClientProposals, createClientStatements, type ClientProposalsDeps } from './client-proposals';
import { createReadThrough } from './read-through';

/**
 * What the hub reads per client or per record, on demand: a client's proposals and statements (held in
 * the mirror), a statement's or bill's detail and PDFs (read through and kept). One place says what a
 * hint or an event naming a client costs.
 */
export function createClientReads(deps: ClientProposalsDeps) {
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
    /** A proposal of the client was accepted: its proposals are read (held or not), its kept answers dropped. */
    async proposalAccepted(entityKey: string): Promise<void> {
      await readThrough.forgetClient(entityKey);
      await proposals.request(entityKey);
    },
    register(app: FastifyInstance): void {
      registerClientRoutes(app, { db: deps.db, proposals, statements });
      registerReadThroughRoutes(app, { readThrough });
    },
    async stop(): Promise<void> {
      await Promise.all([proposals.stop(), statements.stop(), readThrough.stop()]);
    },
  };
}
