import { types } from 'node:util';
import { MAX_PAYLOAD_BYTES } from '../../src-preload/contract/bridge-schemas';
import { BRIDGE_MAX_DEPTH } from '../../src-preload/contract/plain-json';

/**
 * The structural check every request passes before any schema looks at it. Electron IPC carries values
 * by structured clone, so an ArrayBuffer, a Map or a Date really arrives in main — and `JSON.stringify`
 * measures each as `{}`. This walk accepts only what JSON can say and measures it as it goes, so a
 * huge or hostile value is refused after a bounded amount of work, before zod (whose recursion a deep
 * value could exhaust) ever sees it.
 */
export interface PlainDataLimits {
  /** Levels of nesting below the root (the request envelope is level 0). */
  maxDepth: number;
  /** Values visited in all (every object, array, element and field counts one). */
  maxNodes: number;
  /** Approximate size as JSON in UTF-8 bytes. */
  maxBytes: number;
  /** Characters in any one string or key. */
  maxStringLength: number;
}

export const defaultPlainDataLimits: PlainDataLimits = {
  maxDepth: BRIDGE_MAX_DEPTH,
  maxNodes: 50_000,
  maxBytes: MAX_PAYLOAD_BYTES,
  maxStringLength: MAX_PAYLOAD_BYTES,
};

export type PlainDataVerdict =
  | { ok: true; bytes: number; nodes: number }
  | { ok: false; code: 'invalid-payload' | 'payload-too-large'; reason: string };

/** Keys that mean something to JavaScript objects; no request of the contract uses them. */
const forbiddenKeys = new Set(['__proto__', 'constructor', 'prototype']);

class Refusal {
  constructor(
    readonly code: 'invalid-payload' | 'payload-too-large',
    readonly reason: string,
  ) {}
}
const invalid = (reason: string): Refusal => new Refusal('invalid-payload', reason);
const tooLarge = (reason: string): Refusal => new Refusal('payload-too-large', reason);

/** A name for the log; never throws, never runs the value's own code. */
function kindOf(value: object): string {
  if (types.isProxy(value)) return 'a proxy';
  if (types.isArrayBuffer(value) || types.isSharedArrayBuffer(value)) return 'binary data (ArrayBuffer)';
  if (types.isArrayBufferView(value)) return 'binary data (typed array or DataView)';
  if (types.isMap(value)) return 'a Map';
  if (types.isSet(value)) return 'a Set';
  if (types.isDate(value)) return 'a Date';
  if (types.isRegExp(value)) return 'a RegExp';
  if (types.isNativeError(value)) return 'an Error';
  if (types.isPromise(value)) return 'a Promise';
  return 'an object that is not plain data';
}

type Container = { value: object; depth: number; leave?: false } | { value: object; leave: true };

/**
 * Walks `root` without recursion and without invoking anything the value defines: properties are read
 * through their descriptors (a getter is refused, not called) and proxies are refused before they are
 * touched. `undefined` is accepted as an object's field (it means "absent", as in JSON), nowhere else.
 * A cycle is refused; a value shared by two fields is counted twice, so sharing cannot multiply the work.
 * The work done is bounded by the caps, except for one native count of an object's keys (a million-key
 * object costs main about as much as receiving it did).
 */
export function checkPlainData(root: unknown, limits: PlainDataLimits = defaultPlainDataLimits): PlainDataVerdict {
  let nodes = 0;
  let bytes = 0;
  const path = new Set<object>();
  const stack: Container[] = [];

  const spend = (size: number): void => {
    nodes += 1;
    bytes += size;
    if (nodes > limits.maxNodes) throw tooLarge(`more than ${limits.maxNodes} values`);
    if (bytes > limits.maxBytes) throw tooLarge(`more than ${limits.maxBytes} bytes`);
  };
  // UTF-8 takes at least one byte per UTF-16 unit, so a string longer than the budget left is refused unmeasured.
  const textBytes = (text: string): number => {
    if (text.length > limits.maxStringLength)
      throw tooLarge(`a string of more than ${limits.maxStringLength} characters`);
    if (bytes + text.length > limits.maxBytes) throw tooLarge(`more than ${limits.maxBytes} bytes`);
    return Buffer.byteLength(text, 'utf8');
  };

  /** Primitives are measured at once; a container is checked here and expanded when it comes off the stack. */
  const visit = (value: unknown, depth: number): void => {
    if (value === null) spend(5);
    else if (typeof value === 'string') spend(textBytes(value) + 3);
    else if (typeof value === 'boolean') spend(6);
    else if (typeof value === 'number') {
      if (!Number.isFinite(value)) throw invalid('a number that is not finite');
      spend(1 + String(value).length);
    } else if (typeof value === 'object') {
      if (depth > limits.maxDepth) throw invalid(`nesting deeper than ${limits.maxDepth} levels`);
      if (types.isProxy(value)) throw invalid('a proxy');
      if (path.has(value)) throw invalid('a cycle');
      const proto: unknown = Object.getPrototypeOf(value);
      if (Array.isArray(value) ? proto !== Array.prototype : proto !== Object.prototype && proto !== null)
        throw invalid(kindOf(value));
      spend(2);
      stack.push({ value, depth });
    } else {
      throw invalid(`a value of type ${typeof value}`);
    }
  };

  const expandArray = (array: unknown[], depth: number): void => {
    const length = array.length;
    if (nodes + length > limits.maxNodes) throw tooLarge(`more than ${limits.maxNodes} values`);
    // Indices plus `length`, nothing else: an extra property (or a symbol) is not something JSON can carry.
    if (Reflect.ownKeys(array).length !== length + 1) throw invalid('an array with holes or extra properties');
    for (let i = 0; i < length; i++) {
      const descriptor = Object.getOwnPropertyDescriptor(array, i);
      if (!descriptor || !('value' in descriptor)) throw invalid('an array element that is a getter');
      if (descriptor.value === undefined) throw invalid('an undefined array element');
      visit(descriptor.value, depth + 1);
    }
  };

  const expandObject = (object: object, depth: number): void => {
    const keys = Reflect.ownKeys(object);
    if (nodes + keys.length > limits.maxNodes) throw tooLarge(`more than ${limits.maxNodes} values`);
    for (const key of keys) {
      if (typeof key === 'symbol') throw invalid('a symbol key');
      if (forbiddenKeys.has(key)) throw invalid(`the key "${key}"`);
      const descriptor = Object.getOwnPropertyDescriptor(object, key);
      if (!descriptor || !('value' in descriptor)) throw invalid(`a getter or setter at "${key.slice(0, 60)}"`);
      if (!descriptor.enumerable) throw invalid(`a hidden property "${key.slice(0, 60)}"`);
      if (descriptor.value === undefined) continue;
      bytes += textBytes(key) + 4;
      visit(descriptor.value, depth + 1);
    }
  };

  try {
    visit(root, 0);
    while (stack.length > 0) {
      const step = stack.pop()!;
      if (step.leave) {
        path.delete(step.value);
        continue;
      }
      // Entered: on the path until everything below it has been walked.
      path.add(step.value);
      stack.push({ value: step.value, leave: true });
      if (Array.isArray(step.value)) expandArray(step.value as unknown[], step.depth);
      else expandObject(step.value, step.depth);
    }
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, code: error.code, reason: error.reason };
    // Nothing above runs the value's code, but a refusal must never become a crash of main.
    return { ok: false, code: 'invalid-payload', reason: 'a value that could not be read' };
  }
  return { ok: true, bytes, nodes };
}
