import { describe, expect, it, vi } from 'vitest';
import { eventNames, methodNames } from '../../../src-preload/contract/bridge-names';
import { eventSchemas, methodSchemas } from '../../../src-preload/contract/bridge-schemas';
import {
  BridgeError,
  createCompanion,
  unwrapReply,
  type BridgeTransport,
} from '../../../src-preload/contract/companion';

function fakeTransport() {
  let emit: (event: (typeof eventNames)[number], payload: unknown) => void = () => undefined;
  const transport: BridgeTransport = {
    invoke: vi.fn(async (method: string, input: unknown) => ({ method, input })),
    subscribe: vi.fn((listener) => {
      emit = listener;
      return () => (emit = () => undefined);
    }),
  };
  return { transport, emit: (event: (typeof eventNames)[number], payload: unknown) => emit(event, payload) };
}

describe('the bridge contract', () => {
  it('has a schema for every method and event name, and no others', () => {
    expect(Object.keys(methodSchemas).sort()).toEqual([...methodNames].sort());
    expect(Object.keys(eventSchemas).sort()).toEqual([...eventNames].sort());
  });

  it('builds companion.group.method() for every method, sending {} when called without input', async () => {
    const { transport } = fakeTransport();
    const companion = createCompanion(methodNames, transport);
    await expect(companion.app.info()).resolves.toEqual({ method: 'app.info', input: {} });
    await expect(companion.connectivity.status()).resolves.toEqual({ method: 'connectivity.status', input: {} });
    expect(Object.isFrozen(companion)).toBe(true);
  });

  it('delivers only the subscribed event to a listener, without any transport object, and unsubscribes', () => {
    const { transport, emit } = fakeTransport();
    const companion = createCompanion(methodNames, transport);
    const listener = vi.fn();
    const unsubscribe = companion.on('connectivity.changed', listener);
    emit('connectivity.changed', { online: false });
    expect(listener).toHaveBeenCalledWith({ online: false });
    unsubscribe();
    emit('connectivity.changed', { online: true });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('unwraps replies into values or BridgeErrors', () => {
    expect(unwrapReply({ ok: true, value: 7 })).toBe(7);
    expect(() => unwrapReply({ ok: false, error: { code: 'invalid-payload', message: 'bad' } })).toThrow(BridgeError);
    try {
      unwrapReply({ ok: false, error: { code: 'unknown-method', message: 'nope' } });
    } catch (error) {
      expect((error as BridgeError).code).toBe('unknown-method');
    }
    expect(() => unwrapReply(undefined)).toThrow(BridgeError);
  });
});
