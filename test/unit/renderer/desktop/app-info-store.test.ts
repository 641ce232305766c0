import { describe, expect, it } from 'vitest';
import { BridgeError, type Companion } from '../../../../src-preload/contract/companion';
import { useAppInfo } from '../../../../src-renderer/desktop/app-info-store';
import { useNotices } from '../../../../src-renderer/notices/notice-store';

describe('app info store', () => {
  it('keeps the error and raises a notice when main cannot answer', async () => {
    const companion = {
      app: { info: async () => Promise.reject(new BridgeError('refused', 'main is restarting')) },
    } as unknown as Companion;
    await useAppInfo.getState().load(companion);
    expect(useAppInfo.getState()).toMatchObject({ info: null, error: 'main is restarting' });
    expect(useNotices.getState().notices).toEqual([
      expect.objectContaining({ tone: 'error', detail: 'main is restarting' }),
    ]);
  });
});
