import { describe, expect, it } from 'vitest';
import { createEventHub } from '../../../src-main/ipc/event-hub';

describe('event hub', () => {
  it('delivers validated events to every connected sink until it disconnects', () => {
    const hub = createEventHub();
    const a: unknown[] = [];
    const b: unknown[] = [];
    hub.connect((event, payload) => a.push([event, payload]));
    const disconnectB = hub.connect((event, payload) => b.push([event, payload]));
    const state = { online: false, checkedAt: '2026-11-20T10:00:00.000Z' };
    hub.emit('connectivity.changed', state);
    disconnectB();
    hub.emit('connectivity.changed', { ...state, online: true });
    expect(a).toHaveLength(2);
    expect(b).toEqual([['connectivity.changed', state]]);
  });

  it('refuses to emit a payload the contract does not allow', () => {
    const hub = createEventHub();
    const received: unknown[] = [];
    hub.connect((event) => received.push(event));
    expect(() =>
      hub.emit('connectivity.changed', { online: 'yes' } as unknown as { online: boolean; checkedAt: string }),
    ).toThrow();
    expect(received).toEqual([]);
  });
});
