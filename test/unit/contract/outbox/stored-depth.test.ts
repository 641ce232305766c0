import { describe, expect, it } from 'vitest';
import { checkPlainData } from '../../../../src-main/ipc/plain-data';
import { storedJsonSchema } from '../../../../src-preload/contract/outbox/stored-json';
import { BRIDGE_MAX_DEPTH, MAX_JSON_DEPTH } from '../../../../src-preload/contract/plain-json';

const nested = (levels: number): unknown => {
  let value: unknown = 'leaf';
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
};

describe('one depth rule for stored values and the bridge', () => {
  it('a body the outbox accepts and stores can always be sent through the bridge later', () => {
    const deepest = nested(MAX_JSON_DEPTH - 1);
    expect(storedJsonSchema.safeParse(deepest).success).toBe(true);
    expect(storedJsonSchema.safeParse(nested(MAX_JSON_DEPTH + 1)).success).toBe(false);
    // As main receives it: the envelope, then outbox.send's input, then the payload around the body.
    const message = { method: 'outbox.send', input: { practiceKey: 'k', payload: { params: {}, body: deepest } } };
    expect(checkPlainData(message)).toMatchObject({ ok: true });
    expect(MAX_JSON_DEPTH).toBeLessThan(BRIDGE_MAX_DEPTH);
  });
});
