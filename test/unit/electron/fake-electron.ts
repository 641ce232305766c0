import { EventEmitter } from 'node:events';
import { vi } from 'vitest';

/**
 * Just enough of Electron's main-process API to run the glue in Node and observe what it asks of
 * Electron: the options it creates windows with and the handlers it installs.
 */
export function createFakeElectron() {
  const windows: FakeBrowserWindow[] = [];
  const ipcHandlers = new Map<string, (event: unknown, ...args: unknown[]) => unknown>();
  const protocolHandlers = new Map<string, (request: Request) => Promise<Response>>();
  const app = Object.assign(new EventEmitter(), { getName: () => 'Practice Companion' });
  const permission = { request: undefined as unknown, check: undefined as unknown };

  class FakeBrowserWindow extends EventEmitter {
    readonly webContents = Object.assign(new EventEmitter(), { send: vi.fn() });
    loadedUrl: string | undefined;
    constructor(readonly options: Record<string, unknown>) {
      super();
      windows.push(this);
    }
    static getAllWindows = () => windows;
    loadURL = async (url: string) => void (this.loadedUrl = url);
    maximize = vi.fn();
    isDestroyed = () => false;
    isMinimized = () => false;
    isMaximized = () => false;
    getNormalBounds = () => ({ x: 10, y: 20, width: 1000, height: 700 });
    show = vi.fn();
  }

  const module = {
    app,
    BrowserWindow: FakeBrowserWindow,
    screen: { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] },
    ipcMain: {
      handle: (channel: string, handler: (event: unknown, ...args: unknown[]) => unknown) =>
        ipcHandlers.set(channel, handler),
    },
    protocol: {
      handle: (scheme: string, handler: (request: Request) => Promise<Response>) =>
        protocolHandlers.set(scheme, handler),
      registerSchemesAsPrivileged: vi.fn(),
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (handler: unknown) => (permission.request = handler),
        setPermissionCheckHandler: (handler: unknown) => (permission.check = handler),
      },
    },
  };
  return { module, windows, ipcHandlers, protocolHandlers, permission, app };
}
export type FakeElectron = ReturnType<typeof createFakeElectron>;
