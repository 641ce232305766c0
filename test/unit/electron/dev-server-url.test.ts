import { describe, expect, it } from 'vitest';
import { devServerUrl } from '../../../src-main/electron/dev-server-url';

/** What `electron-vite dev` hands the Electron it starts (see node_modules/electron-vite: createServer). */
const devEnv = { NODE_ENV_ELECTRON_VITE: 'development', ELECTRON_RENDERER_URL: 'http://localhost:5173' };
const dev = { isPackaged: false, builtForDev: true, env: devEnv };

describe('the dev-server URL', () => {
  it('is used under electron-vite dev', () => {
    expect(devServerUrl(dev)).toBe('http://localhost:5173');
    expect(devServerUrl({ ...dev, env: { ...devEnv, ELECTRON_RENDERER_URL: 'http://127.0.0.1:5174/' } })).toBe(
      'http://127.0.0.1:5174/',
    );
    expect(devServerUrl({ ...dev, env: { ...devEnv, ELECTRON_RENDERER_URL: 'https://[::1]:5173' } })).toBe(
      'https://[::1]:5173',
    );
  });

  it.each([
    ['a packaged app, even with the whole dev environment', { ...dev, isPackaged: true }],
    [
      'an unpackaged production build (electron-vite build or preview) with a forged URL and marker',
      { ...dev, builtForDev: false },
    ],
    [
      'an unpackaged run with the URL but without electron-vite dev’s marker',
      { ...dev, env: { ELECTRON_RENDERER_URL: 'http://localhost:5173' } },
    ],
    ['a marker that says production', { ...dev, env: { ...devEnv, NODE_ENV_ELECTRON_VITE: 'production' } }],
    ['no URL', { ...dev, env: { NODE_ENV_ELECTRON_VITE: 'development' } }],
    ['a URL on another machine', { ...dev, env: { ...devEnv, ELECTRON_RENDERER_URL: 'https://attacker.example/' } }],
    [
      'a name that only looks local',
      { ...dev, env: { ...devEnv, ELECTRON_RENDERER_URL: 'http://127.attacker.example:5173/' } },
    ],
    ['a file URL', { ...dev, env: { ...devEnv, ELECTRON_RENDERER_URL: 'file:///tmp/index.html' } }],
    ['a URL with credentials', { ...dev, env: { ...devEnv, ELECTRON_RENDERER_URL: 'http://user:pw@localhost:5173/' } }],
    ['not a URL', { ...dev, env: { ...devEnv, ELECTRON_RENDERER_URL: 'localhost:5173' } }],
  ])('is ignored for %s', (_what, input) => {
    expect(devServerUrl(input)).toBeUndefined();
  });
});
