import type { Entity } from '../../../src-preload/contract/partner-api';

/** A UUID-shaped key of its own for copy `copy` of a client: unique across copies, same shape as the API's. */
function copyKey(key: string, copy: number): string {
  const tail = (parseInt(key.slice(-8), 16) ^ (copy * 0x9e3779b1)) >>> 0;
  return `${key.slice(0, 24)}${copy.toString(16).padStart(4, '0')}${tail.toString(16).padStart(8, '0')}`;
}

/** Digits of a phone shifted per copy, so copies do not share a number. */
const shiftDigits = (phone: string | null, copy: number): string | null =>
  phone?.replace(/\d(?=\d{0,3}$)/g, (d) => String((Number(d) + copy) % 10)) ?? null;

/**
 * `count` clients from a practice's own: the originals first, then copies whose names combine the first
 * word of one client with the rest of another's name, with codes, keys, emails and phones of their own.
 * Deterministic: the same input gives the same clients. What a practice five times the large demo looks like.
 */
export function moreClients(entities: readonly Entity[], count: number): Entity[] {
  if (entities.length === 0) throw new Error('No clients to combine.');
  const out: Entity[] = entities.slice(0, count);
  for (let copy = 1; out.length < count; copy++) {
    for (let i = 0; i < entities.length && out.length < count; i++) {
      const base = entities[i]!;
      const other = entities[(i * 7919 + copy * 104_729) % entities.length]!;
      const [first] = other.fullEntityName.split(' ');
      const rest = base.fullEntityName.split(' ').slice(1).join(' ');
      out.push({
        ...base,
        entityKey: copyKey(base.entityKey, copy),
        entityCode: `${base.entityCode}${copy}`,
        fullEntityName: rest ? `${first} ${rest}` : `${first}${copy}`,
        entityEmail: base.entityEmail ? `${copy}${base.entityEmail}` : null,
        entityTelephone: shiftDigits(base.entityTelephone, copy),
        entityMobile: shiftDigits(base.entityMobile, copy),
      });
    }
  }
  return out;
}
