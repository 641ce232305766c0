import 'fake-indexeddb/auto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createPracticeProbe } from '../../../src-main/connectivity/practice-probe';
import { createDemoPractice, type DemoPractice } from '../../../src-main/demo-practice/create-demo-practice';
import { deletePracticeDb } from '../../../src-renderer/data/practice-db';
import { practiceDb } from '../../support/practice-db';
import { readEntries } from '../../../src-renderer/outbox/outbox-db';
import { createRendererStores } from '../../../src-renderer/stores/renderer-stores';
import { createRendererJobs } from '../../../src-renderer/app/renderer-jobs';
import { createPracticeDatabases } from '../../../src-renderer/data/practice-db';
import { startNodeApp, type NodeApp } from '../../support/node-companion';
import { waitFor } from '../../support/wait-for';

/** A hotel's sign-in page: every address, every method, answered 200 text/html. */
async function startCaptivePortal(): Promise<{ origin: string; hits: () => number; close: () => Promise<void> }> {
  let hits = 0;
  const server: Server = createServer((request, response) => {
    hits++;
    request.resume();
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      '<!doctype html><html><body><h1>Welcome to Harbour Hotel Wi-Fi</h1><p>Accept the terms to continue.</p></body></html>',
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    hits: () => hits,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** Main's fetch, routed to the portal while "captive" — as the hotel network does to every request. */
function routedFetch(portalOrigin: () => string | null): typeof globalThis.fetch {
  return (input, init) => {
    const origin = portalOrigin();
    if (!origin) return fetch(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input));
    return fetch(`${origin}${url.pathname}${url.search}`, init);
  };
}

const cleanups: (() => Promise<void> | void)[] = [];
const databases = createPracticeDatabases();
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('behind a captive portal (a real one on 127.0.0.1)', () => {
  it('says the practice is unreachable, keeps queued work unattempted, and recovers and sends by itself when the portal goes away', async () => {
    const portal = await startCaptivePortal();
    cleanups.push(portal.close);
    let captive = false;
    const app: NodeApp = await startNodeApp({
      demo: { seed: 21 },
      deps: {
        fetch: routedFetch(() => (captive ? portal.origin : null)),
        connectivityIntervalMs: 200,
        budgetLimits: { perMinute: 100_000, perHour: 1_000_000, perDay: 1_000_000 },
      },
    });
    cleanups.push(() => app.close());
    const connected = await app.companion.practice.connectDemo();
    if (!connected.ok) throw new Error(connected.message);
    const { practiceKey } = connected.practice;
    cleanups.push(() => deletePracticeDb(practiceKey));
    app.demo().configure({ rateLimit: { enabled: false } });

    // The renderer's side, as in the window: the connectivity store follows main's events, the outbox follows the store.
    const stores = createRendererStores();
    cleanups.push(app.companion.on('connectivity.changed', (state) => stores.connectivity.getState().setMain(state)));
    stores.connectivity.getState().setMain(await app.companion.connectivity.status());
    stores.practice.setState({ practices: [connected.practice], activePracticeKey: practiceKey });
    // The window's background jobs (the outbox among them), as its composition root builds them.
    const jobs = createRendererJobs({ companion: app.companion, databases, stores, onError: () => undefined });
    cleanups.push(jobs.start());
    app.services.connectivity.start();
    expect(stores.connectivity.getState().main).toMatchObject({ online: true, reason: 'ok' });

    // Into the hotel: the link stays up, every request gets the portal's page.
    captive = true;
    await waitFor(
      'main to notice the portal',
      () => stores.connectivity.getState().main?.reason,
      (reason) => reason === 'practice-unreachable',
    );
    expect(await app.companion.connectivity.status()).toMatchObject({ online: false, reason: 'practice-unreachable' });
    expect(portal.hits()).toBeGreaterThan(0); // the probe really went through the network, and the portal answered it

    const client = [...app.demo().runtime.practices[0]!.entities.values()].find((e) => !e.entityTerminated)!;
    const postsBefore = app.demo().runtime.requestLog.filter((r) => r.method !== 'GET').length;
    const entryId = await jobs.outbox.queue({
      operation: 'contact.create',
      payload: {
        params: { entityKey: client.entityKey },
        body: { contactName: 'Portal', contactSurname: 'Guest', email: 'portal.guest@example.com' },
      },
      summary: 'Add Portal Guest',
      entityKey: client.entityKey,
      dependsOn: [],
    });
    // Several probe intervals pass behind the portal; the outbox polls and is kicked, and spends nothing.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    jobs.outbox.kick('user');
    await waitFor(
      'the outbox to settle',
      () => stores.outbox.getState().draining,
      (draining) => !draining,
    );
    const waiting = (await readEntries(practiceDb(practiceKey))).entries.find((e) => e.id === entryId)!;
    expect(waiting).toMatchObject({ status: 'pending', attempts: 0 });
    expect(stores.connectivity.getState().main?.reason).toBe('practice-unreachable');

    // Out of the hotel: nobody presses anything.
    captive = false;
    await waitFor(
      'main to see the practice again',
      () => stores.connectivity.getState().main?.reason,
      (reason) => reason === 'ok',
    );
    const sent = await waitFor(
      'the queued entry to go out',
      async () => (await readEntries(practiceDb(practiceKey))).entries.find((e) => e.id === entryId)!,
      (entry) => entry.status === 'done',
    );
    expect(sent.attempts).toBe(1);
    const runtime = app.demo().runtime;
    expect(
      [...runtime.practices[0]!.contacts.values()].filter(
        (c) => c.contactName === 'Portal' && c.contactSurname === 'Guest',
      ),
    ).toHaveLength(1);
    expect(runtime.requestLog.filter((r) => r.method !== 'GET').length - postsBefore).toBe(1);
  }, 30_000);

  it('the probe costs no request budget: without credentials the practice answers 401 problem details and counts it against no Client ID', async () => {
    const demo: DemoPractice = await createDemoPractice({ seed: 21 });
    cleanups.push(() => demo.close());
    const practice = demo.practices[0]!;
    const probe = createPracticeProbe({ fetch, baseUrl: () => practice.baseUrl });
    // More probes than the per-minute limit: none is refused, so none was counted.
    for (let i = 0; i < 70; i++) expect(await probe()).toBe('answered');
    const probes = demo.runtime.requestLog.filter((r) => r.clientId === null);
    expect(probes).toHaveLength(70);
    expect(probes.every((r) => r.status === 401)).toBe(true);
    for (const p of demo.practices) {
      expect(demo.runtime.rateLimiter.countSince(p.readWrite.clientId, 86_400_000)).toBe(0);
      expect(demo.runtime.rateLimiter.countSince(p.readOnly.clientId, 86_400_000)).toBe(0);
    }
    const validate = await fetch(`${practice.baseUrl}/api/v1/auth/validate`, {
      headers: { 'X-Svc-Auth-ID': practice.readWrite.clientId, 'X-Svc-Auth-Key': practice.readWrite.secret },
    });
    expect(validate.status).toBe(200);
    expect(validate.headers.get('x-ratelimit-remaining')).toBe('59');
  });
});
