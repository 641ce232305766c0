import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from '../../../../../src-preload/contract/partner-api';
import { enumWords, inWords, titleCased, type EnumName } from '../../../../../src-renderer/ui/words/enum-words';

/**
 * Every enum anywhere in the contract's schemas (fields of objects, arrays, optional and nullable values,
 * extended and nested schemas), found by walking them, with where it was first met.
 */
function contractEnums(): Map<string, readonly string[]> {
  const found = new Map<string, readonly string[]>();
  const seen = new Set<unknown>();
  const walk = (schema: unknown, where: string): void => {
    if (!(schema instanceof z.ZodType) || seen.has(schema)) return;
    seen.add(schema);
    if (schema instanceof z.ZodEnum) {
      found.set(where, schema.options as readonly string[]);
      return;
    }
    const def = schema._zod.def as unknown as Record<string, unknown>;
    if (def['type'] === 'object')
      for (const [key, field] of Object.entries(def['shape'] as object)) walk(field, `${where}.${key}`);
    for (const key of ['innerType', 'element', 'in', 'out', 'left', 'right', 'keyType', 'valueType', 'schema'])
      walk(def[key], where);
    for (const list of ['options', 'items'])
      if (Array.isArray(def[list])) (def[list] as unknown[]).forEach((option, i) => walk(option, `${where}[${i}]`));
  };
  for (const [name, value] of Object.entries(contract)) walk(value, name);
  return found;
}

const tables = Object.entries(enumWords) as [EnumName, Readonly<Record<string, string>>][];

describe('enum words: one table for every contract value the app shows', () => {
  const enums = contractEnums();

  it('finds the contract’s enums (the walk itself works)', () => {
    expect(enums.size).toBeGreaterThanOrEqual(15);
    expect([...enums.values()]).toContainEqual(['card', 'bank', 'external', 'ledger_a', 'ledger_b']);
    expect([...enums.values()]).toContainEqual(['opening', 'invoice', 'payment', 'refund', 'credit']);
  });

  it('every value of every contract enum has words in a table that covers its whole enum', () => {
    const uncovered = [...enums]
      .filter(([, values]) => !tables.some(([, table]) => values.every((v) => Object.hasOwn(table, v))))
      .map(([where, values]) => `${where}: ${values.join(', ')}`);
    expect(uncovered).toEqual([]);
  });

  it('the words are words: not empty, not a code, distinct within a table', () => {
    for (const [name, table] of tables) {
      const words = Object.values(table);
      expect(new Set(words).size, name).toBe(words.length);
      for (const word of words) {
        expect(word, name).toMatch(/^[A-Z]/);
        expect(word, name).not.toMatch(/_/);
      }
    }
  });

  it('says what staff read on Billing, wherever a value is shown', () => {
    expect(inWords('paymentMethod', 'bank')).toBe('Bank transfer');
    expect(inWords('paymentStatus', 'completed')).toBe('Completed');
    expect(inWords('paymentMethod', 'ledger_a')).not.toMatch(/Ledger A/);
    expect(inWords('amlResult', 'match')).toBe('Possible match');
    expect(inWords('billStatus', 'Awaiting payment')).toBe('Awaiting payment');
  });

  it('a value a newer server sends is shown as it came, title-cased; nothing is never a crash', () => {
    expect(inWords('paymentMethod', 'ledger_c')).toBe('Ledger c');
    expect(inWords('paymentStatus', 'on-hold')).toBe('On hold');
    expect(inWords('paymentStatus', 'constructor')).toBe('Constructor');
    expect(inWords('paymentStatus', 'toString')).toBe('ToString');
    expect(inWords('billStatus', null)).toBe('—');
    expect(inWords('billStatus', '')).toBe('—');
    expect(titleCased('__')).toBe('__');
  });
});
