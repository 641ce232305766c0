import { describe, expect, it } from 'vitest';
import { checkPlainData, defaultPlainDataLimits, type PlainDataLimits } from '../../../src-main/ipc/plain-data';
import { jsonObjectSchema, jsonProblem, jsonValueSchema } from '../../../src-preload/contract/plain-json';

const small: PlainDataLimits = { maxDepth: 4, maxNodes: 20, maxBytes: 200, maxStringLength: 50 };

function nested(levels: number, leaf: unknown = 1): unknown {
  let value = leaf;
  for (let i = 0; i < levels; i++) value = i % 2 === 0 ? [value] : { inner: value };
  return value;
}

function sparseArray(): unknown[] {
  const array = [1, 2, 3];
  delete array[1];
  return array;
}

function withGetter(onRead: () => unknown): object {
  const object = {};
  Object.defineProperty(object, 'field', { get: onRead, enumerable: true });
  return object;
}

describe('checkPlainData: only what JSON can say, within caps', () => {
  it('accepts plain objects, arrays, strings, finite numbers, booleans and null, and measures them like JSON', () => {
    const value = {
      a: [1, 2.5, -3],
      b: 'text',
      c: { d: null, e: true, f: false },
      g: [],
      h: {},
      nothing: Object.create(null) as object,
    };
    const verdict = checkPlainData(value);
    expect(verdict.ok).toBe(true);
    // Within a few bytes per value of the real JSON size, so the byte cap means what it says.
    const json = Buffer.byteLength(JSON.stringify(value));
    if (verdict.ok) expect(Math.abs(verdict.bytes - json)).toBeLessThan(30);
  });

  it('measures strings as UTF-8', () => {
    const verdict = checkPlainData({ text: 'é'.repeat(100) });
    expect(verdict.ok && verdict.bytes).toBeGreaterThan(200);
  });

  it('takes an undefined field as absent (as JSON does), but not an undefined element or root', () => {
    expect(checkPlainData({ customUrl: undefined, region: 'UK' }).ok).toBe(true);
    expect(checkPlainData([1, undefined])).toMatchObject({ ok: false, code: 'invalid-payload' });
    expect(checkPlainData(undefined)).toMatchObject({ ok: false, code: 'invalid-payload' });
  });

  it.each([
    ['an ArrayBuffer', new ArrayBuffer(8)],
    ['a SharedArrayBuffer', new SharedArrayBuffer(8)],
    ['a typed array', new Uint8Array(4)],
    ['a Buffer', Buffer.from('abc')],
    ['a DataView', new DataView(new ArrayBuffer(4))],
    ['a Map', new Map([['a', 1]])],
    ['a Set', new Set([1])],
    ['a Date', new Date(0)],
    ['a RegExp', /x/],
    ['an Error', new Error('boom')],
    ['a Promise', Promise.resolve(1)],
    ['a boxed number', new Number(1)],
    [
      'a class instance',
      new (class Thing {
        value = 1;
      })(),
    ],
    ['an object inheriting from another', Object.create({ inherited: 1 }) as object],
    ['an Array subclass', new (class List extends Array {})()],
    ['a proxy', new Proxy({}, {})],
    ['a proxy of an array', new Proxy([1], {})],
    ['a BigInt', 10n],
    ['a symbol', Symbol('s')],
    ['a function', () => 1],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['a sparse array', sparseArray()],
    ['an array with an extra property', Object.assign([1, 2], { extra: true })],
    ['a symbol key', { [Symbol('k')]: 1 }],
    ['a parsed __proto__ key', JSON.parse('{"__proto__": {"polluted": true}}') as unknown],
    ['a defined __proto__ key', Object.defineProperty({}, '__proto__', { value: 1, enumerable: true })],
    ['a constructor key', { constructor: 'x' }],
    ['a prototype key', { prototype: {} }],
    ['a hidden property', Object.defineProperty({}, 'hidden', { value: 1, enumerable: false })],
  ])('refuses %s, wherever it sits', (_name, hostile) => {
    for (const value of [hostile, { input: hostile }, [1, [hostile]], { a: { b: [hostile] } }]) {
      expect(checkPlainData(value)).toMatchObject({ ok: false, code: 'invalid-payload' });
    }
  });

  it('never calls a getter or a proxy trap (refuses them unread)', () => {
    let reads = 0;
    const getter = withGetter(() => {
      reads++;
      throw new Error('read');
    });
    const traps = new Proxy(
      {},
      {
        ownKeys: () => {
          reads++;
          return [];
        },
        getPrototypeOf: () => {
          reads++;
          return Object.prototype;
        },
      },
    );
    const arrayGetter = [1];
    Object.defineProperty(arrayGetter, 0, { get: () => reads++ });
    for (const value of [getter, traps, arrayGetter, { deep: [getter] }]) expect(checkPlainData(value).ok).toBe(false);
    expect(reads).toBe(0);
  });

  it('refuses cycles but accepts a value shared by two fields', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic['self'] = cyclic;
    const list: unknown[] = [];
    list.push({ list });
    expect(checkPlainData(cyclic)).toMatchObject({ ok: false, code: 'invalid-payload' });
    expect(checkPlainData(list)).toMatchObject({ ok: false, code: 'invalid-payload' });
    const shared = { x: 1 };
    expect(checkPlainData({ a: shared, b: [shared, shared] }).ok).toBe(true);
  });

  it('caps depth, value count, string length and bytes', () => {
    // Four levels below the root: five containers.
    expect(checkPlainData(nested(5), small).ok).toBe(true);
    expect(checkPlainData(nested(6), small)).toMatchObject({ ok: false, code: 'invalid-payload' });
    expect(
      checkPlainData(
        Array.from({ length: 19 }, () => 0),
        small,
      ).ok,
    ).toBe(true);
    expect(
      checkPlainData(
        Array.from({ length: 20 }, () => 0),
        small,
      ),
    ).toMatchObject({ ok: false, code: 'payload-too-large' });
    expect(checkPlainData({ s: 'x'.repeat(51) }, small)).toMatchObject({ ok: false, code: 'payload-too-large' });
    expect(checkPlainData({ ['k'.repeat(51)]: 1 }, small)).toMatchObject({ ok: false, code: 'payload-too-large' });
    const forty = 'x'.repeat(40);
    expect(checkPlainData([forty, forty, forty, forty], small).ok).toBe(true);
    expect(checkPlainData([forty, forty, forty, forty, forty], small)).toMatchObject({
      ok: false,
      code: 'payload-too-large',
    });
  });

  it('stops early on a value far past the caps (a 10,000-level nesting, a sparse array of a billion, a shared-reference bomb)', () => {
    expect(checkPlainData(nested(10_000))).toMatchObject({ ok: false, code: 'invalid-payload' });
    expect(checkPlainData(new Array(1_000_000_000))).toMatchObject({ ok: false, code: 'payload-too-large' });
    // 2^30 values if expanded; each visit counts, so the count cap ends it after 50,000.
    let bomb: unknown = 'x';
    for (let i = 0; i < 30; i++) bomb = [bomb, bomb];
    expect(checkPlainData(bomb)).toMatchObject({ ok: false, code: 'payload-too-large' });
  });

  it('uses the payload cap of the contract by default', () => {
    expect(checkPlainData({ s: 'x'.repeat(defaultPlainDataLimits.maxBytes - 100) }).ok).toBe(true);
    expect(checkPlainData({ s: 'x'.repeat(defaultPlainDataLimits.maxBytes + 1) })).toMatchObject({
      ok: false,
      code: 'payload-too-large',
    });
  });
});

describe('jsonValueSchema: the bridge schema for values whose shape is not fixed', () => {
  it('accepts JSON values and passes them on unchanged', () => {
    const record = { id: 1, name: 'Smith & Co', tags: ['a'], address: { city: null }, active: true };
    expect(jsonValueSchema.parse(record)).toBe(record);
    expect(jsonObjectSchema.parse(record)).toBe(record);
    expect(jsonValueSchema.parse([1, 'a', null])).toEqual([1, 'a', null]);
  });

  it('takes an undefined field (a record whose optional field a schema left undefined) as absent', () => {
    expect(jsonObjectSchema.safeParse({ id: 1, note: undefined }).success).toBe(true);
  });

  it('refuses what JSON cannot carry', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    for (const value of [
      new Map(),
      new Date(),
      new Uint8Array(1),
      Number.NaN,
      1n,
      [undefined],
      cyclic,
      { a: new Set() },
      nested(100),
    ]) {
      expect(jsonValueSchema.safeParse(value).success).toBe(false);
    }
    expect(jsonObjectSchema.safeParse([]).success).toBe(false);
    expect(jsonObjectSchema.safeParse('text').success).toBe(false);
    expect(jsonProblem(nested(100))).toMatch(/deeper/);
  });

  it('checks a page of 10,000 records without recursion (a server answer nested 100,000 deep is refused, not a stack overflow)', () => {
    const page = Array.from({ length: 10_000 }, (_, i) => ({
      id: i,
      name: `Client ${i}`,
      contacts: [{ email: `c${i}@example.com`, phone: null }],
    }));
    expect(jsonValueSchema.safeParse(page).success).toBe(true);
    expect(jsonValueSchema.safeParse(nested(100_000)).success).toBe(false);
  });
});
