import type { Entity } from '../../../src-preload/contract/partner-api';

/** The word with its second and third letters swapped: the typo of someone typing fast ("jonh"). */
export const swapped = (word: string): string => word[0]! + word[2]! + word[1]! + word.slice(3);

/**
 * A realistic search session over the practice's own clients: part of a name, a client code, the start
 * of an email address, a few digits of a phone number, two words of a name in the other order with the
 * second one begun ("smith jo"), and a name word with two letters swapped — each typed a key at a time
 * and then deleted a key at a time (deleting widens the result again, the costlier direction).
 * Deterministic for a data set.
 */
export function searchKeystrokes(entities: readonly Entity[], atLeast: number): string[] {
  if (entities.length === 0) throw new Error('No clients to search.');
  const terms: string[] = [];
  const keys: string[] = [];
  for (let k = 1; keys.length < atLeast; k++) {
    const entity = entities[(k * 7919) % entities.length]!;
    const phone = (entity.entityMobile ?? entity.entityTelephone ?? '').replace(/\D/g, '');
    const words = entity.fullEntityName.toLowerCase().split(/\s+/);
    const long = words.find((w) => /^\p{L}{5,}$/u.test(w) && w[1] !== w[2]);
    const candidates = [
      words[0]?.slice(0, 7),
      entity.entityCode?.toLowerCase().slice(0, 6),
      entity.entityEmail?.split(/[.@]/)[0]?.slice(0, 6),
      phone.length >= 8 ? phone.slice(-6) : undefined,
      words.length >= 2 ? `${words[1]} ${words[0]!.slice(0, 2)}` : undefined,
      long ? swapped(long) : undefined,
    ];
    const term = candidates[k % candidates.length] ?? entity.fullEntityName.slice(0, 5);
    if (!term) continue;
    terms.push(term);
    keys.push(...term, ...Array.from(term, () => 'Backspace'));
  }
  return keys;
}
