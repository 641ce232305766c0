import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * Electron's pieces with a fake `electron`: net.isOnline is the link, net.fetch carries every request,
 * including the practice probe. net.fetch reaches the real demo practice on 127.0.0.1 unless "captive",
 * when it answers every address as a hotel's sign-in page would.
 */
const electron = vi.hoisted(() => {
  const state = { link: true, captive: false, fetches: [] as string[] };
  const dir = { userData: '' };
  return {
    state,
    dir,
    module: {
      app: {
        getName: () => 'Practice Companion',
        getVersion: () => '0.1.0',
        getPath: (name: string) => `${dir.userData}/${name}`,
      },
      net: {
        isOnline: () => state.link,
        fetch: async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
          state.fetches.push(String(input instanceof Request ? input.url : input));
          if (state.captive)
            return new Response('<html><body>Sign in to the hotel Wi-Fi</body></html>', {
              status: 200,
              headers: { 'content-type': 'text/html' },
            });
          return fetch(input, init);
        },
      },
      // The write session (src-main/electron/write-session.ts): its own fetch, not under test here.
      session: {
        defaultSession: { setCertificateVerifyProc: () => undefined },
        fromPartition: () => ({
          fetch: (input: string | Request, init?: RequestInit) => fetch(input, init),
          closeAllConnections: async () => undefined,
          setPermissionRequestHandler: () => undefined,
          setPermissionCheckHandler: () => undefined,
          setCertificateVerifyProc: () => undefined,
        }),
      },
      safeStorage: { isAsyncEncryptionAvailable: async () => false, getSelectedStorageBackend: () => 'basic_text' },
      shell: { openPath: async () => '' },
      // electronMainDeps() hands nativeTheme to the theme store, which applies the saved choice at start.
      nativeTheme: { themeSource: 'system', shouldUseDarkColors: false },
    },
  };
});
vi.mock('electron', () => electron.module);
vi.mock('electron-store', () => ({
  default: class {
    private readonly values = new Map<string, unknown>();
    get = (key: string) => this.values.get(key);
    set = (key: string, value: unknown) => void this.values.set(key, value);
    delete = (key: string) => void this.values.delete(key);
  },
}));

let dispose: (() => Promise<void>) | undefined;
afterEach(async () => {
  await dispose?.();
  dispose = undefined;
  Object.assign(electron.state, { link: true, captive: false, fetches: [] });
});

describe('Electron glue: connectivity', () => {
  it('uses net.isOnline as the link and reaches the practice through net.fetch, so a captive portal is told from the practice', async () => {
    electron.dir.userData = mkdtempSync(join(tmpdir(), 'electron-connectivity-'));
    const { electronMainDeps } = await import('../../../src-main/electron/electron-pieces');
    const { createMainServices } = await import('../../../src-main/compose');
    const services = createMainServices(electronMainDeps());
    dispose = () => services.dispose();
    const connected = await services.session.connectDemo();
    expect(connected.ok).toBe(true);
    await expect(services.connectivity.check()).resolves.toMatchObject({ online: true, reason: 'ok' });

    electron.state.link = false;
    electron.state.fetches = [];
    await expect(services.connectivity.check()).resolves.toMatchObject({ online: false, reason: 'no-network' });
    expect(electron.state.fetches).toEqual([]); // link down: nobody is asked

    electron.state.link = true;
    electron.state.captive = true;
    await expect(services.connectivity.check()).resolves.toMatchObject({
      online: false,
      reason: 'practice-unreachable',
    });
    expect(electron.state.fetches).toEqual([
      expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/anz\/api\/v1\/auth\/validate$/),
    ]);

    electron.state.captive = false;
    await expect(services.connectivity.check()).resolves.toMatchObject({ online: true, reason: 'ok' });
  }, 20_000);
});
