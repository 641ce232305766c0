import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import { billsListQuerySchema, paymentsListQuerySchema } from '../../../src-preload/contract/partner-api';
import type { SyncedResourceName } from '../../../src-preload/contract/sync';
import type { SyncResource } from '../../sync/sync-resources';
import { shiftDay } from '../../../src-preload/contract/iso-day';
import type { Queryable } from '../db/database';
import { hubNow, lastCompletedAt, readAll, readDateRange } from '../mirror/mirror-store';
import type { PageCache } from './page-cache';
import { access } from './route-access';

type Problem = (reply: FastifyReply, status: number, title: string, message: string, instance: string) => unknown;

/** What the windowed lists are dated by, and the contract's query for each (its filters are record fields). */
const windows: Partial<Record<SyncedResourceName, { field: string; query: z.ZodType<Record<string, unknown>> }>> = {
  bills: { field: 'billDate', query: billsListQuerySchema },
  payments: { field: 'paymentDate', query: paymentsListQuerySchema },
};

const NOT_MIRRORED = 'Not mirrored';

/**
 * The hub's answers for the resources a laptop reads as a date window (bills, payments) or as one object
 * (debtor reports, the ledger status, the proposal templates), from the mirror. The hub reads them under the
 * same rules as a laptop would (the same resources, windows and periods, measured from the practice's day
 * of its last pass), so a laptop asking for its own window or period gets exactly what the practice would
 * have answered then. A window or period the mirror does not hold (older history, another period of the
 * debtor movement, a resource not read yet) is refused with 404 and a sentence naming what the hub holds —
 * never answered from part of the data.
 */
export function registerMirroredReports(
  app: FastifyInstance,
  deps: { db: Queryable; resources: readonly SyncResource[]; pageSize: number; problem: Problem; pages: PageCache },
): void {
  const { db, pageSize, problem, pages } = deps;
  for (const resource of deps.resources) {
    if (resource.kind === 'window') {
      const dated = windows[resource.name];
      if (!dated) throw new Error(`The hub does not know what ${resource.name} is dated by.`);
      const policy = resource.window;
      app.get(`/api/v1${resource.path}`, access('device'), async (request, reply) => {
        void reply.header('date', (await hubNow(db)).toUTCString());
        const parsed = dated.query.safeParse(request.query ?? {});
        if (!parsed.success)
          return problem(reply, 400, 'Bad Request', parsed.error.issues[0]?.message ?? 'Bad query.', request.url);
        const { startDate, endDate, pageNumber, ...filter } = parsed.data as {
          startDate: string;
          endDate: string;
          pageNumber?: number;
        } & Record<string, unknown>;
        const completed = await lastCompletedAt(db, resource.name);
        // What the mirror holds for certain: the window its last completed pass read, from that pass's day.
        const day = completed?.slice(0, 10);
        const from = day && shiftDay(day, -policy.historyDays);
        const to = day && shiftDay(day, policy.aheadDays);
        if (!from || !to || startDate < from || endDate > to)
          return problem(
            reply,
            404,
            NOT_MIRRORED,
            from && to
              ? `The hub keeps ${resource.name} dated ${from} to ${to}; ${startDate} to ${endDate} is not mirrored.`
              : `The hub has not read ${resource.name} yet.`,
            request.url,
          );
        const range = {
          resource: resource.name,
          field: dated.field,
          from: startDate,
          to: endDate,
          filter: Object.keys(filter).length > 0 ? filter : null,
        };
        // Shared like the lists' pages: ten laptops importing ask the same window pages.
        const page = { pageNumber: pageNumber ?? 1, pageSize };
        const body = await pages.pageOf(resource.name, range, page, (blockNumber, blockSize) =>
          readDateRange(db, { ...range, pageNumber: blockNumber, pageSize: blockSize }),
        );
        return reply.type('application/json; charset=utf-8').send(body);
      });
    }
    if (resource.kind === 'report') {
      app.get(`/api/v1${resource.path}`, access('device'), async (request, reply) => {
        void reply.header('date', (await hubNow(db)).toUTCString());
        const completed = await lastCompletedAt(db, resource.name);
        const [stored] = completed ? await readAll(db, resource.name) : [];
        if (!completed || !stored)
          return problem(reply, 404, NOT_MIRRORED, `The hub has not read ${resource.name} yet.`, request.url);
        // A report read for a period (the debtor movement's last twelve months): only that period is held.
        const held = resource.query?.('full', completed.slice(0, 10)) ?? {};
        const asked = (request.query ?? {}) as Record<string, unknown>;
        const same =
          Object.keys(asked).length === Object.keys(held).length &&
          Object.entries(held).every(([name, value]) => String(asked[name]) === String(value));
        if (!same)
          return problem(
            reply,
            404,
            NOT_MIRRORED,
            `The hub keeps ${resource.name} for ${JSON.stringify(held)} only.`,
            request.url,
          );
        // A list kept as one object ({ items }) is answered as the list the practice answers.
        return resource.storedAsItems ? (stored.record as { items: unknown[] }).items : stored.record;
      });
    }
  }
}
