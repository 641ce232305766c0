import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BridgeError, type Companion } from '../../../../src-preload/contract/companion';
import type { SignOutResult } from '../../../../src-preload/contract/practice';
import { createPracticeDatabases } from '../../../../src-renderer/data/practice-db';
import type { RendererStores } from '../../../../src-renderer/stores/renderer-stores';
import { freshPractice } from '../../../support/fresh-renderer-root';
import { memoryStorage } from '../../../support/memory-storage';

const practiceKey = '55555555-5555-4555-8555-555555555555';
const other = '66666666-6666-4666-8666-666666666666';
let storage: ReturnType<typeof memoryStorage>;
let stores: RendererStores;
const databases = createPracticeDatabases();

/** A fresh root's stores and practice service around this bridge; the sign-out runs through the service. */
function signOut(companion: Companion, key: string): Promise<void> {
  const root = freshPractice(companion, databases);
  stores = root.stores;
  return root.practice.signOut(key);
}

beforeEach(async () => {
  storage = memoryStorage({ [`sync-paused:${practiceKey}`]: '1', [`sync-paused:${other}`]: '1' });
  vi.stubGlobal('localStorage', storage);
  await databases.of(practiceKey).outbox.add({ id: 'unsent', status: 'pending' } as never);
  await databases.of(other).outbox.add({ id: 'theirs', status: 'pending' } as never);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  for (const key of await databases.listKeys()) await databases.delete(key);
});

/** The bridge as the renderer sees it: sign-out answered (or failed) by `signOut`, and the list after it. */
function companionWith(signOut: () => Promise<SignOutResult>): Companion {
  return {
    practice: {
      signOut,
      list: async () => ({ practices: [], activePracticeKey: null, storage: { secure: true, backend: 'test' } }),
    },
  } as unknown as Companion;
}

describe('sign-out in the renderer', () => {
  it('deletes the practice database and its settings even when main reports that its documents could not be deleted', async () => {
    const message =
      "Signed out, but the practice's saved documents could not be deleted. They are deleted the next time the app starts.";
    const companion = companionWith(async () => ({
      removed: true,
      wiped: { credentials: true, documents: false, budget: true },
      message,
    }));
    await signOut(companion, practiceKey);
    expect(await databases.listKeys()).toEqual([other]);
    expect(storage.keys()).toEqual([`sync-paused:${other}`]);
    expect(stores.notices.getState().notices).toEqual([expect.objectContaining({ tone: 'error', detail: message })]);
    expect(stores.practice.getState()).toMatchObject({ practices: [], activePracticeKey: null });
  });

  it('deletes them even when the call to main fails, and says so in a plain sentence', async () => {
    const companion = companionWith(() => Promise.reject(new BridgeError('refused', 'The app could not answer.')));
    await expect(signOut(companion, practiceKey)).resolves.toBeUndefined();
    expect(await databases.listKeys()).toEqual([other]);
    expect(storage.keys()).toEqual([`sync-paused:${other}`]);
    const [notice] = stores.notices.getState().notices;
    expect(notice).toMatchObject({ tone: 'error', title: 'The sign-out did not finish' });
    expect(notice?.detail).toContain('The app could not answer.');
    expect(notice?.detail).toContain('sign out again');
  });

  it('forgets what every screen was left showing for the practice, and only for it', async () => {
    const companion = companionWith(async () => ({
      removed: true,
      wiped: { credentials: true, documents: true, budget: true },
      message: null,
    }));
    const root = freshPractice(companion, databases);
    const views = root.stores.views.getState();
    views.update('clients', practiceKey, { query: 'harper', type: 'Trust' }, {});
    views.update('clients', other, { query: 'theirs' }, {});
    views.update('debtors', practiceKey, {}, {});
    await root.practice.signOut(practiceKey);
    const { screens } = root.stores.views.getState();
    expect(Object.keys(screens.clients ?? {})).toEqual([other]);
    expect(screens.clients?.[other]).toMatchObject({ query: 'theirs' });
    expect(screens.debtors).not.toHaveProperty(practiceKey);
  });

  it('a complete sign-out shows no notice', async () => {
    const companion = companionWith(async () => ({
      removed: true,
      wiped: { credentials: true, documents: true, budget: true },
      message: null,
    }));
    await signOut(companion, practiceKey);
    expect(await databases.listKeys()).toEqual([other]);
    expect(stores.notices.getState().notices).toEqual([]);
  });
});
