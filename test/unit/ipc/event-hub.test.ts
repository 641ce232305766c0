import { describe, expect, it } from 'vitest';
import { createEventHub } from '../../../src-main/ipc/event-hub';
import type { Connectivity } from '../../../src-preload/contract/connectivity';

describe('event hub', () => {
  it('delivers validated events to every connected sink until it disconnects', () => {
    const hub = createEventHub();
    const a: unknown[] = [];
    const b: unknown[] = [];
    hub.connect((event, payload) => a.push([event, payload]));
    const disconnectB = hub.connect((event, payload) => b.push([event, payload]));
    const state = { online: false, reason: 'no-network', checkedAt: '2026-11-20T10:00:00.000Z' } as const;
    hub.emit('connectivity.changed', state);
    disconnectB();
    hub.emit('connectivity.changed', { ...state, online: true, reason: 'ok' });
    expect(a).toHaveLength(2);
    expect(b).toEqual([['connectivity.changed', state]]);
  });

  it('refuses to emit a payload the contract does not allow', () => {
    const hub = createEventHub();
    const received: unknown[] = [];
    hub.connect((event) => received.push(event));
    expect(() =>
      hub.emit('connectivity.changed', { online: 'yes' } as unknown as Connectivity),
    ).toThrow();
    expect(received).toEqual([]);
  });
});
