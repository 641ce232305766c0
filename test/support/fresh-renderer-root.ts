import type { Companion } from '../../src-preload/contract/companion';
import { createRendererStores, type RendererStores } from '../../src-renderer/stores/renderer-stores';
import type { PracticeDatabases } from '../../src-renderer/data/practice-db';
import { createPracticeService, type PracticeService } from '../../src-renderer/session/practice-service';

/**
 * A fresh root's stores and the practice service writing to them, for a test that needs no jobs: each
 * test builds its own, so nothing is shared between tests and nothing needs resetting.
 */
export function freshPractice(
  companion: Companion,
  databases: PracticeDatabases,
  options: { stores?: RendererStores; storage?: Storage } = {},
): { stores: RendererStores; practice: PracticeService } {
  const stores = options.stores ?? createRendererStores();
  const practice = createPracticeService({
    companion,
    databases,
    store: stores.practice,
    connectivity: stores.connectivity,
    views: stores.views,
    notify: (notice) => stores.notices.getState().push(notice),
    cancelJobs: () => undefined,
    ...(options.storage ? { storage: options.storage } : {}),
  });
  return { stores, practice };
}
