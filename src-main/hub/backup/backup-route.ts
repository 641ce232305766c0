import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { HubDatabase } from '../db/database';
import { exportDatabase } from './database-dump';
import { gatherLines } from './json-lines';

/** The running hub's database, for `backup` on its loopback administration listener. */
export const ADMIN_BACKUP_PATH = '/admin/v1/backup';

/**
 * `GET /admin/v1/backup` streams the database's lines (database-dump.ts) as the hub reads them; the command
 * encrypts them as they come. On PGlite this is the only way while the hub runs (the folder is its alone), and
 * its queries wait while the export's transaction reads. Sent as it is read, so a failure half-way ends the
 * answer without the `end` line, which the command takes for no backup at all.
 */
export function registerBackupRoute(app: FastifyInstance, db: HubDatabase): void {
  app.get(ADMIN_BACKUP_PATH, async (_request, reply) => {
    const stream = new PassThrough();
    let gone = false;
    stream.on('close', () => (gone = true));
    const lines = gatherLines(async (piece) => {
      // The command went away: stop reading, which ends the transaction the hub's other queries wait for.
      if (gone) throw new Error('The backup was abandoned by its reader.');
      if (!stream.write(piece)) await drainedOrClosed(stream);
    });
    void exportDatabase(db, lines.line)
      .then(() => lines.flush())
      .then(
        () => stream.end(),
        (error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))),
      );
    return reply.type('application/x-ndjson').send(stream);
  });
}

/** Resolves when the reader has taken what was written, or has gone; leaves no listener behind. */
function drainedOrClosed(stream: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}
