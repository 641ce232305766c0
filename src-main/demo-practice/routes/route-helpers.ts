import { z } from 'zod';
import type { Entity } from '../../../src-preload/contract/partner-api';
import { uuid } from '../../../src-preload/contract/partner-api';
import { badRequest, notFound } from '../http/api-problem';
import { ordered, page } from '../http/paging';
import type { DemoRuntime } from '../runtime';
import type { PracticeState } from '../state/practice-state';

export const keyParams = z.object({ key: uuid });
export const entityKeyParams = z.object({ entityKey: uuid });
export const intId = z.coerce.number().int().min(1).max(2_147_483_647);

/** Contract: lastUpdated is inclusive and must not be in the future. */
export function checkLastUpdated(lastUpdated: string | undefined, now: Date): number | null {
  if (lastUpdated === undefined) return null;
  const at = new Date(lastUpdated).getTime();
  if (at > now.getTime()) throw badRequest('lastUpdated must not be in the future.');
  return at;
}

export function updatedSince<T extends { updatedOn: string }>(items: Iterable<T>, since: number | null): T[] {
  const list = [...items];
  return since === null ? list : list.filter((item) => new Date(item.updatedOn).getTime() >= since);
}

/** Orders (per the demo's sort option) and pages a filtered list. */
export function listPage<T>(
  runtime: DemoRuntime,
  items: readonly T[],
  pageNumber: number | undefined,
  keyOf: (item: T) => string | number,
  updatedOf?: (item: T) => string,
): T[] {
  return page(ordered(items, runtime.options, keyOf, updatedOf), pageNumber, runtime.options.pageSize);
}

export const contains = (value: string | null | undefined, needle: string): boolean =>
  value != null && value.toLocaleLowerCase().includes(needle.toLocaleLowerCase());

export function findEntity(practice: PracticeState, entityKey: string): Entity {
  const entity = practice.entities.get(entityKey);
  if (!entity) throw notFound(`Client ${entityKey} was not found.`);
  return entity;
}

/** Contract: adhoc bills and some actions are only for an Active client; the demo's Active is "not terminated". */
export function findActiveEntity(practice: PracticeState, entityKey: string): Entity {
  const entity = findEntity(practice, entityKey);
  if (entity.entityTerminated) throw badRequest(`Client ${entity.fullEntityName} is not Active (terminated).`);
  return entity;
}

export function findUser(practice: PracticeState, userKey: string, field = 'userKey') {
  const user = practice.users.get(userKey);
  if (!user) throw badRequest(`${field} ${userKey} is not a user of this practice.`);
  return user;
}

export function touch<T extends { updatedOn: string }>(record: T, now: Date): T {
  record.updatedOn = now.toISOString();
  return record;
}

export function practiceBranding(practice: PracticeState) {
  const p = practice.profile;
  return {
    name: p.name,
    brandColour: p.brandColour,
    addressLines: p.addressLines,
    email: p.email,
    phone: p.phone,
    taxLabel: p.taxLabel,
    taxNumber: p.taxNumber,
    locale: p.locale,
    currency: p.currency,
    countryCode: p.countryCode,
  };
}
