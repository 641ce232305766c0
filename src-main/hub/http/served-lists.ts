import type { z } from 'zod';
import {
  contactsListQuerySchema,
  entitiesListQuerySchema,
  leadsListQuerySchema,
  onboardingsListQuerySchema,
} from '../../../src-preload/contract/partner-api';
import type { SyncedResourceName } from '../../../src-preload/contract/sync';
import { syncResources } from '../../sync/sync-resources';

/**
 * The Partner API list routes the hub serves from its mirror, with the contract's own query schemas.
 * `filter` turns the query's filters into a jsonb containment on the record; a filter the hub cannot
 * answer from the record alone (a name search over profiles) is refused with 400 rather than ignored,
 * because answering it unfiltered would hand a laptop records it did not ask for.
 */
export interface ServedList {
  resource: SyncedResourceName;
  path: string;
  query: z.ZodType<Record<string, unknown>>;
  filter: (query: Record<string, unknown>) => Record<string, unknown> | null;
  /** Query fields the hub refuses (not answerable from the mirrored record). */
  unsupported: readonly string[];
}

const pathOf = (resource: SyncedResourceName): string => {
  const definition = syncResources.find((r) => r.name === resource);
  if (!definition) throw new Error(`No sync resource ${resource}.`);
  return definition.path;
};

export const servedLists: readonly ServedList[] = [
  {
    resource: 'entities',
    path: pathOf('entities'),
    query: entitiesListQuerySchema,
    filter: () => null,
    unsupported: ['name', 'otherName', 'surname', 'email'],
  },
  {
    resource: 'contacts',
    path: pathOf('contacts'),
    query: contactsListQuerySchema,
    // Soft-deleted contacts stay in the mirror, flagged; like the API, they are listed only when asked for.
    filter: (query) => ({
      ...(query.includeDeleted === true ? {} : { isDeleted: false }),
      ...(typeof query.entityKey === 'string' ? { entityKey: query.entityKey } : {}),
    }),
    unsupported: [],
  },
  {
    resource: 'onboardings',
    path: pathOf('onboardings'),
    query: onboardingsListQuerySchema,
    filter: () => null,
    unsupported: ['statusID', 'searchFilter', 'userID', 'excludeCompleted'],
  },
  {
    resource: 'leads',
    path: pathOf('leads'),
    query: leadsListQuerySchema,
    filter: () => null,
    unsupported: ['searchFilter'],
  },
];
