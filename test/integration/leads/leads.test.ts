import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createNetworkSwitch } from '../../../src-main/browser-preview/network-switch';
import { nodeMainDeps } from '../../../src-main/browser-preview/node-pieces';
import { createMainServices, type MainServices } from '../../../src-main/compose';
import { createDemoPractice, type DemoPractice } from '../../../src-main/demo-practice/create-demo-practice';
import { createPartnerApiClient } from '../../../src-main/partner-api/partner-api-client';
import { createSyncEngine } from '../../../src-main/sync/sync-engine';
import { createMemorySyncSink } from '../../support/memory-sync-sink';
import { registryCaller } from '../../support/registry-caller';

let demo: DemoPractice | undefined;
let services: MainServices | undefined;
afterEach(async () => {
  await services?.dispose();
  await demo?.close();
  services = undefined;
  demo = undefined;
});

const writeHeaders = (practice: DemoPractice['practices'][number]) => ({
  'X-Svc-Auth-ID': practice.readWrite.clientId,
  'X-Svc-Auth-Key': practice.readWrite.secret,
  'Content-Type': 'application/json',
});

describe('leads through sync', () => {
  it('a full import brings every lead as the server has it; an incremental pass picks up a new lead and a new note', async () => {
    demo = await createDemoPractice({ rateLimit: { enabled: false }, seed: 9, pageSize: 5 });
    const practice = demo.practices[0]!;
    const state = demo.runtime.practices[0]!;
    const api = createPartnerApiClient({
      baseUrl: practice.baseUrl,
      credentials: () => practice.readWrite,
      fetch,
      sleep: async () => undefined,
    });
    const sink = createMemorySyncSink();
    const engine = createSyncEngine({ api, sink });
    const asServer = () => new Map([...state.leads].map(([key, lead]) => [key, JSON.stringify(lead)]));
    const local = () => new Map([...sink.table('leads')].map(([key, lead]) => [key, JSON.stringify(lead)]));

    await engine.runOnce();
    expect(state.leads.size).toBeGreaterThan(5); // more than one page, so paging is exercised
    expect(local()).toEqual(asServer());
    expect(sink.cursors['leads']).toMatchObject({ mode: 'incremental' });

    const base = `${practice.baseUrl}/api/v1`;
    const created = await (
      await fetch(`${base}/leads`, {
        method: 'POST',
        headers: writeHeaders(practice),
        body: JSON.stringify({ name: 'Imogen', surname: 'Newlead', companyName: 'Newlead Joinery' }),
      })
    ).json();
    const existing = [...state.leads.values()][0]!;
    const noted = await fetch(`${base}/leads/${existing.leadKey}/notes`, {
      method: 'POST',
      headers: writeHeaders(practice),
      body: JSON.stringify({ text: 'Asked for a call back.' }),
    });
    expect(noted.status).toBe(201);

    const before = demo.runtime.requestLog.length;
    await engine.runOnce();
    expect(local()).toEqual(asServer());
    expect(sink.table('leads').get(created.leadKey)).toMatchObject({
      name: 'Imogen',
      companyName: 'Newlead Joinery',
      statusName: 'New',
    });
    expect(sink.table('leads').get(existing.leadKey)).toMatchObject({ noteCount: existing.noteCount });
    // Incremental: the two changed leads fit one page; a second, empty page proves the list ended (the
    // page size is never carried over from an earlier pass).
    expect(demo.runtime.requestLog.slice(before).filter((r) => r.operationId === 'listLeads')).toHaveLength(2);
  });
});

describe("a lead's notes through practice.read (main side)", () => {
  async function start() {
    const network = createNetworkSwitch(fetch);
    services = createMainServices({
      ...nodeMainDeps({ dataDir: mkdtempSync(join(tmpdir(), 'leads-')), network }),
      startDemo: async () => (demo = await createDemoPractice({})),
    });
    const call = registryCaller(services.handlers);
    const { practice } = await call('practice.connectDemo');
    return { call, network, practiceKey: practice.practiceKey as string, state: demo!.runtime.practices[0]! };
  }

  const notesOf = (app: Awaited<ReturnType<typeof start>>, leadKey: string, practiceKey = app.practiceKey) =>
    app.call('practice.read', { practiceKey, request: { kind: 'leads.notes', leadKey }, priority: 'interactive' });

  it("answers a lead's notes as the server has them, and a reason with a sentence for an unknown lead, no network, or another practice", async () => {
    const app = await start();
    const [leadKey, notes] = [...app.state.leadNotes].find(([, n]) => n.length >= 2)!;
    const before = demo!.runtime.requestLog.length;
    expect(await notesOf(app, leadKey)).toEqual({
      ok: true,
      data: notes,
      rejected: 0,
      serverDate: expect.any(String),
      requests: 1,
    });
    expect(demo!.runtime.requestLog.slice(before).map((r) => r.operationId)).toEqual(['listLeadNotes']);

    expect(await notesOf(app, '00000000-0000-4000-8000-000000000001')).toMatchObject({
      ok: false,
      problem: 'not-found',
    });
    expect(await notesOf(app, leadKey, '00000000-0000-4000-8000-000000000002')).toMatchObject({
      ok: false,
      problem: 'not-connected',
    });

    app.network.setOnline(false);
    expect(await notesOf(app, leadKey)).toMatchObject({
      ok: false,
      problem: 'offline',
      message: expect.stringMatching(/^The practice server could not be reached\. What is on this laptop is shown\.$/),
    });
  });

  it('refuses a lead key that is not a UUID before anything is sent', async () => {
    const app = await start();
    await expect(notesOf(app, '../entities/list')).rejects.toThrow(/invalid-payload/);
  });
});
