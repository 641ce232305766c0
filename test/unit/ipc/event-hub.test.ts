import { describe, expect, it } from 'vitest';
import { createEventHub } from '../../../src-main/ipc/event-hub';
import type { Connectivity } from '../../../src-preload/contract/connectivity';
import type { SyncPageEvent } from '../../../src-preload/contract/practice';
import type { SyncCursor } from '../../../src-preload/contract/sync';

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
    expect(() => hub.emit('connectivity.changed', { online: 'yes' } as unknown as Connectivity)).toThrow();
    expect(received).toEqual([]);
  });

  it('sends a sync page only when its records are plain JSON; a field left undefined counts as absent', () => {
    const hub = createEventHub();
    const received: unknown[] = [];
    hub.connect((_event, payload) => received.push(payload));
    const cursor: SyncCursor = {
      resource: 'entities',
      mode: 'full',
      watermark: null,
      nextPage: 2,
      passServerTime: null,
      largestPage: 2,
      lastCompletedAt: null,
      recordsThisPass: 2,
    };
    const practiceKey = '2b0f3c1e-8a4d-4f6b-9c2e-5d7a1b3c4e5f';
    const page = (records: unknown[]): SyncPageEvent => ({
      pageId: 'p-1',
      practiceKey,
      resource: 'entities',
      records,
      replaceAll: false,
      cursor,
    });
    // zod leaves an optional field undefined only when it was given so; JSON would drop it, structured clone keeps it.
    hub.emit(
      'sync.page',
      page([
        { entityKey: 'a', name: 'Smith & Co', tags: ['x'] },
        { entityKey: 'b', email: undefined },
      ]),
    );
    expect(received).toHaveLength(1);
    for (const bad of [
      { at: new Date() },
      { tags: new Set(['x']) },
      { pdf: new Uint8Array(2) },
      { total: Number.NaN },
      'not a record',
      [1],
    ]) {
      expect(() => hub.emit('sync.page', page([bad]))).toThrow();
    }
    expect(received).toHaveLength(1);
  });
});
