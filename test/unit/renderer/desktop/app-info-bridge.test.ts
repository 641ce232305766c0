import { describe, expect, it } from 'vitest';
import { BridgeError, type Companion } from '../../../../src-preload/contract/companion';
import { createRendererStores } from '../../../../src-renderer/stores/renderer-stores';
import { loadAppInfo } from '../../../../src-renderer/desktop/app-info-bridge';

describe('app info store', () => {
  it('keeps the error and raises a notice when main cannot answer', async () => {
    const companion = {
      app: { info: async () => Promise.reject(new BridgeError('refused', 'main is restarting')) },
    } as unknown as Companion;
    const stores = createRendererStores();
    await loadAppInfo(companion, stores.appInfo, (notice) => stores.notices.getState().push(notice));
    expect(stores.appInfo.getState()).toMatchObject({ info: null, error: 'main is restarting' });
    expect(stores.notices.getState().notices).toEqual([
      expect.objectContaining({ tone: 'error', detail: 'main is restarting' }),
    ]);
  });
});
