import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createNetworkSwitch } from '../../src-main/browser-preview/network-switch';
import { nodeMainDeps } from '../../src-main/browser-preview/node-pieces';
import { createMainServices } from '../../src-main/compose';
import { createIpcRegistry } from '../../src-main/ipc/registry';
import { appInfoSchema } from '../../src-preload/contract/app-info';

describe('main services composed from Node pieces', () => {
  it('answers app.info through the registry with paths that are safe to show', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'compose-'));
    const services = createMainServices(nodeMainDeps({ dataDir, network: createNetworkSwitch(fetch) }));
    const registry = createIpcRegistry<null>({ handlers: services.handlers, isTrustedSender: () => true });
    const reply = await registry.dispatch(null, { method: 'app.info', input: {} });
    expect(reply.ok).toBe(true);
    const info = appInfoSchema.parse((reply as { value: unknown }).value);
    expect(info).toMatchObject({
      name: 'Practice Companion',
      runtime: 'browser-preview',
      paths: { userData: dataDir },
    });
  });

  it('reports the network switch through connectivity and makes fetch fail while offline', async () => {
    const network = createNetworkSwitch(async () => new Response('ok'));
    const services = createMainServices(nodeMainDeps({ dataDir: mkdtempSync(join(tmpdir(), 'compose-')), network }));
    const seen: boolean[] = [];
    services.events.connect((_event, payload) => seen.push((payload as { online: boolean }).online));
    expect((await services.handlers['connectivity.status']({})).online).toBe(true);
    network.setOnline(false);
    expect((await services.handlers['connectivity.status']({})).online).toBe(false);
    // Failed before any connection existed, in Node's shape: the outbox may send it again.
    await expect(network.fetch('http://127.0.0.1:1/')).rejects.toMatchObject({
      cause: { syscall: 'connect', message: expect.stringMatching(/offline/) },
    });
    expect(seen).toEqual([false]);
    await services.dispose();
  });
});
