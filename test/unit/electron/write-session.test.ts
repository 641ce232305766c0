import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * Electron's pieces with a fake `electron` whose net.fetch and write session both reach the real demo practice
 * on 127.0.0.1, each writing down what it was asked: which requests went through net.fetch (the default
 * session), which through the write session, and when the write session's connections were closed.
 */
const electron = vi.hoisted(() => {
  const state = {
    log: [] as string[],
    partitions: [] as string[],
    permissionAnswers: [] as boolean[],
    /** The sessions given the hub certificate check. */
    certificateChecks: [] as string[],
  };
  const dir = { userData: '' };
  const describe = (input: string | URL | Request, init?: RequestInit) =>
    `${init?.method ?? 'GET'} ${new URL(String(input instanceof Request ? input.url : input)).pathname}`;
  const writeSession = {
    closeAllConnections: async () => void state.log.push('write session: close all connections'),
    fetch: async (input: string | Request, init?: RequestInit) => {
      state.log.push(`write session: ${describe(input, init)}`);
      return fetch(input, init);
    },
    setPermissionRequestHandler: (handler: (c: unknown, p: string, callback: (ok: boolean) => void) => void) =>
      handler({}, 'persistent-storage', (ok) => state.permissionAnswers.push(ok)),
    setPermissionCheckHandler: (handler: (c: unknown, p: string) => boolean) =>
      state.permissionAnswers.push(handler({}, 'persistent-storage')),
    setCertificateVerifyProc: () => void state.certificateChecks.push('write session'),
  };
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
        isOnline: () => true,
        fetch: async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
          state.log.push(`net.fetch: ${describe(input, init)}`);
          return fetch(input, init);
        },
      },
      session: {
        defaultSession: { setCertificateVerifyProc: () => void state.certificateChecks.push('default session') },
        fromPartition: (partition: string) => {
          state.partitions.push(partition);
          return writeSession;
        },
      },
      safeStorage: { isAsyncEncryptionAvailable: async () => false, getSelectedStorageBackend: () => 'basic_text' },
      shell: { openPath: async () => '' },
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
  Object.assign(electron.state, { log: [], partitions: [], permissionAnswers: [], certificateChecks: [] });
});

async function connectedApp() {
  electron.dir.userData = mkdtempSync(join(tmpdir(), 'electron-write-session-'));
  const { electronMainDeps } = await import('../../../src-main/electron/electron-pieces');
  const { createMainServices } = await import('../../../src-main/compose');
  const services = createMainServices(electronMainDeps());
  dispose = () => services.dispose();
  const connected = await services.session.connectDemo();
  if (!connected.ok) throw new Error(connected.message);
  return { services, practiceKey: connected.practice.practiceKey };
}

describe('Electron glue: the write session', () => {
  it('is an in-memory session of its own that denies every permission', async () => {
    electron.dir.userData = mkdtempSync(join(tmpdir(), 'electron-write-session-'));
    const { electronMainDeps } = await import('../../../src-main/electron/electron-pieces');
    electronMainDeps();
    expect(electron.state.partitions).toEqual(['practice-writes']); // no "persist:": nothing on disk
    expect(electron.state.permissionAnswers).toEqual([false, false]);
    // A pinned hub's certificate is checked on every session main sends through.
    expect(electron.state.certificateChecks.sort()).toEqual(['default session', 'write session']);
  });

  it('sends an outbox write through the write session after closing its connections, and reads through net.fetch', async () => {
    const { services, practiceKey } = await connectedApp();
    electron.state.log = [];

    const sent = await services.handlers['outbox.send']({
      practiceKey,
      entryId: crypto.randomUUID(),
      operation: 'lead.create',
      payload: { params: {}, body: { name: 'Fresh', surname: 'Connection' } },
    });
    expect(sent).toMatchObject({ kind: 'done', result: { leadKey: expect.any(String) } });
    const leadKey = (sent as { result: { leadKey: string } }).result.leadKey;
    const read = await services.handlers['practice.read']({
      practiceKey,
      request: { kind: 'leads.notes', leadKey },
      priority: 'interactive',
    });

    expect(read).toMatchObject({ ok: true });
    const writes = electron.state.log.filter((line) => line.startsWith('write session'));
    expect(writes).toEqual(['write session: close all connections', 'write session: POST /anz/api/v1/leads']);
    expect(electron.state.log.filter((line) => line.includes('POST'))).toEqual([
      'write session: POST /anz/api/v1/leads',
    ]);
    expect(electron.state.log).toContain(`net.fetch: GET /anz/api/v1/leads/${leadKey}/notes`);
  }, 20_000);
});
