import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Companion } from '../../../../src-preload/contract/companion';
import type { ConnectivityReason } from '../../../../src-preload/contract/connectivity';
import { createPracticeDatabases } from '../../../../src-renderer/data/practice-db';
import { connectivityReason, isOnline } from '../../../../src-renderer/stores/connectivity-store';
import { freshPractice } from '../../../support/fresh-renderer-root';

const practiceKey = '77777777-7777-4777-8777-777777777777';
const main = (reason: ConnectivityReason) => ({
  online: reason === 'ok',
  reason,
  checkedAt: '2026-11-20T10:00:00.000Z',
});

const databases = createPracticeDatabases();
afterEach(async () => {
  await databases.delete(practiceKey);
});

describe('connectivity store', () => {
  it('tells no network from a network that does not reach the practice', () => {
    expect(connectivityReason({ main: null, browserOnline: true })).toBe('ok');
    expect(connectivityReason({ main: main('practice-unreachable'), browserOnline: true })).toBe(
      'practice-unreachable',
    );
    expect(isOnline({ main: main('practice-unreachable'), browserOnline: true })).toBe(false);
    expect(connectivityReason({ main: main('no-network'), browserOnline: true })).toBe('no-network');
    // The browser's own "offline" is the link: no network, whatever main last said.
    expect(connectivityReason({ main: main('practice-unreachable'), browserOnline: false })).toBe('no-network');
    expect(isOnline({ main: main('ok'), browserOnline: false })).toBe(false);
    expect(isOnline({ main: main('ok'), browserOnline: true })).toBe(true);
  });

  it('sync does not start while the practice is unreachable, and starts once it answers', async () => {
    const start = vi.fn(async () => ({ started: true }));
    const companion = { sync: { start } } as unknown as Companion;
    const { stores, practice } = freshPractice(companion, databases);
    stores.practice.setState({ activePracticeKey: practiceKey, paused: false, progress: null });
    stores.connectivity.getState().setMain(main('practice-unreachable'));
    await practice.syncNow();
    expect(start).not.toHaveBeenCalled();
    stores.connectivity.getState().setMain(main('ok'));
    await practice.syncNow();
    expect(start).toHaveBeenCalledWith({ practiceKey, cursors: [], round: 'due' });
  });
});
