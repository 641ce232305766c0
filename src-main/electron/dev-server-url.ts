import { isLoopbackHost } from '../security/loopback';

/**
 * Whether the window loads the renderer from electron-vite's dev server instead of app://renderer,
 * and from where. Loading a URL from the environment hands the whole UI (and the bridge) to whatever
 * answers there, so every condition must hold:
 * - the app is not packaged;
 * - main was built by `electron-vite dev`: `import.meta.env.DEV` is replaced at build time, true only in
 *   a development-mode build, so no environment variable can switch it on in a built app
 *   (`electron-vite build` and `electron-vite preview` build in production mode);
 * - electron-vite dev's own marker is set (it sets NODE_ENV_ELECTRON_VITE=development before it starts
 *   Electron, and ELECTRON_RENDERER_URL once its server listens);
 * - the URL is http(s) on this machine (the dev server listens on localhost unless configured otherwise).
 * An unpackaged production build run with a forged ELECTRON_RENDERER_URL therefore still loads app://.
 */
export function devServerUrl(input: {
  isPackaged: boolean;
  builtForDev: boolean;
  env: Record<string, string | undefined>;
}): string | undefined {
  if (input.isPackaged || !input.builtForDev || input.env['NODE_ENV_ELECTRON_VITE'] !== 'development') return undefined;
  const raw = input.env['ELECTRON_RENDERER_URL'];
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    !isLoopbackHost(url.hostname) ||
    url.username ||
    url.password
  )
    return undefined;
  return raw;
}
