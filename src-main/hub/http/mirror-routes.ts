import type { FastifyInstance } from 'fastify';
import type { AuthValidation } from '../../../src-preload/contract/partner-api';
import { HUB_MIRROR_PROVEN_AT } from '../../partner-api/answer-reading';
import type { Queryable } from '../db/database';
import { hubResources } from '../mirror/hub-resources';
import { hubNow, mirrorProvenAt, readAll, readPage } from '../mirror/mirror-store';
import { createPageCache } from './page-cache';
import { sendProblem as problem } from './problem';
import { access } from './route-access';
import { registerMirroredReports } from './served-reports';
import { servedLists } from './served-lists';

export const HUB_PAGE_SIZE = 1000;

/**
 * The Partner API's list routes under /api/v1, answered from the mirror: the windowed lists by change time,
 * the snapshots and whole lists by page, the reports, and /auth/validate naming the practice mirrored.
 */
export function registerMirrorRoutes(
  app: FastifyInstance,
  options: {
    db: Queryable;
    /** Records per page the hub serves (the contract does not fix one; the laptop's paging rule needs none). */
    pageSize?: number;
    /**
     * The practice this hub mirrors, answered at /api/v1/auth/validate so a laptop can apply its binding rule
     * before it reads anything. Always `canWrite: false`: a device may only read, its writes go direct.
     */
    practice?: AuthValidation;
  },
): void {
  const { db } = options;
  const pageSize = options.pageSize ?? HUB_PAGE_SIZE;
  const { practice } = options;
  if (practice)
    app.get('/api/v1/auth/validate', access('device'), async (_request, reply) => {
      void reply.header('date', (await hubNow(db)).toUTCString());
      return { ...practice, canWrite: false } satisfies AuthValidation;
    });

  const pages = createPageCache(db);
  for (const list of servedLists) {
    app.get(`/api/v1${list.path}`, access('device'), async (request, reply) => {
      const now = await hubNow(db);
      // The hub's clock in Date: a laptop's next watermark comes from it and is compared with changed_at.
      void reply.header('date', now.toUTCString());
      const raw = (request.query ?? {}) as Record<string, unknown>;
      const refused = list.unsupported.filter((name) => raw[name] !== undefined);
      if (refused.length > 0)
        return problem(reply, 400, 'Bad Request', `The hub does not filter by ${refused.join(', ')}.`, request.url);
      const parsed = list.query.safeParse(raw);
      if (!parsed.success)
        return problem(reply, 400, 'Bad Request', parsed.error.issues[0]?.message ?? 'Bad query.', request.url);
      const query = parsed.data;
      const since = typeof query.lastUpdated === 'string' ? new Date(query.lastUpdated) : null;
      if (since && since.getTime() > now.getTime())
        return problem(reply, 400, 'Bad Request', 'lastUpdated must not be in the future.', request.url);
      const selection = { resource: list.resource, changedSince: since, filter: list.filter(query) };
      const page = { pageNumber: typeof query.pageNumber === 'number' ? query.pageNumber : 1, pageSize };
      // Practice-clock time the mirror of this list is proven from: where a laptop falling back to the
      // Partner API reads changes from (sync/cursor-sources.ts).
      const proven = await mirrorProvenAt(db, list.resource);
      if (proven) void reply.header(HUB_MIRROR_PROVEN_AT, proven);
      const body = await pages.pageOf(list.resource, selection, page, async (blockNumber, blockSize) =>
        (await readPage(db, { ...selection, pageNumber: blockNumber, pageSize: blockSize })).map((row) => row.record),
      );
      return reply.type('application/json; charset=utf-8').send(body);
    });
  }
  // Snapshot lists (users, statuses, catalogs) and lists re-read whole (recurring billings): the laptop
  // replaces its copy. Its sync engine pages every list until the server says it ended: pages by key.
  for (const resource of hubResources.filter((r) => r.kind === 'snapshot' || r.kind === 'paged-whole')) {
    app.get(`/api/v1${resource.path}`, access('device'), async (request, reply) => {
      void reply.header('date', (await hubNow(db)).toUTCString());
      const { pageNumber, ...rest } = (request.query ?? {}) as Record<string, unknown>;
      const page = pageNumber === undefined ? 1 : Number(pageNumber);
      if (Object.keys(rest).length > 0 || !Number.isInteger(page) || page < 1)
        return problem(
          reply,
          400,
          'Bad Request',
          'The hub serves this list whole, paged by pageNumber only.',
          request.url,
        );
      const body = await pages.pageOf(resource.name, {}, { pageNumber: page, pageSize }, async (block, blockSize) =>
        (await readAll(db, resource.name)).slice((block - 1) * blockSize, block * blockSize).map((row) => row.record),
      );
      return reply.type('application/json; charset=utf-8').send(body);
    });
  }
  registerMirroredReports(app, { db, resources: hubResources, pageSize, problem, pages });
}
