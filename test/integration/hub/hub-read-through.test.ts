import { beforeAll, describe, expect, it } from 'vitest';
import type { DemoPractice } from '../../../src-main/demo-practice/create-demo-practice';
import { createReadThrough, REFUSAL_TTL_MS } from '../../../src-main/hub/clients/read-through';
import { readThroughRoutes } from '../../../src-main/hub/clients/read-through-kinds';
import type { DeviceCredential } from '../../../src-main/hub/devices/devices';
import type { RunningHub } from '../../../src-main/hub/start-hub';
import type { PartnerApiClient } from '../../../src-main/partner-api/partner-api-client';
import { useHubTestBed } from './hub-test-bed';
import { askHub, recordPartnerApiReads, sendHint } from './hub-laptop-requests';
import { waitUntil } from '../../support/wait-for';

const bed = useHubTestBed('hub-read-through-test-');
let demo: DemoPractice;
let hub: RunningHub;
let laptops: DeviceCredential[];
const { fetch: recordingFetch, readsOf } = recordPartnerApiReads();

beforeAll(async () => {
  demo = await bed.openDemo({ rateLimit: { enabled: false }, seed: 5 });
  hub = await bed.startHub({
    mirrorEveryMs: 3_600_000,
    hintGapsMs: { device: 200, round: 200 },
    fetch: recordingFetch,
  });
  laptops = [await hub.devices.add('laptop 1'), await hub.devices.add('laptop 2')];
}, 180_000);

const ask = (path: string, laptop = laptops[0]!) => askHub(hub, path, laptop);

describe('reads the hub does not mirror', () => {
  it('reads a bill’s PDF once for two laptops asking at once and serves both the same bytes', async () => {
    const bill = [...demo.runtime.practices[0]!.bills.values()][0]!;
    const path = `/bills/${bill.billingId}/pdf`;
    const [one, two] = await Promise.all([ask(path, laptops[0]), ask(path, laptops[1])]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(one.headers.get('content-type')).toBe('application/pdf');
    const [a, b] = [Buffer.from(await one.arrayBuffer()), Buffer.from(await two.arrayBuffer())];
    expect(a.subarray(0, 5).toString()).toBe('%PDF-');
    expect(a.equals(b)).toBe(true);
    expect(readsOf(path)).toBe(1);
    // Kept: a later ask is served without a read.
    expect(Buffer.from(await (await ask(path, laptops[1])).arrayBuffer()).equals(a)).toBe(true);
    expect(readsOf(path)).toBe(1);
  });

  it('reads a statement’s detail and a bill’s detail once, served as the API’s JSON', async () => {
    const state = demo.runtime.practices[0]!;
    const statement = [...state.statements.values()][0]!;
    const bill = [...state.bills.values()][1]!;
    for (const [path, key, id] of [
      [`/statements/${statement.statementId}`, 'statementId', statement.statementId],
      [`/bills/${bill.billingId}`, 'billingId', bill.billingId],
      [`/statements/${statement.statementId}/pdf`, null, null],
    ] as const) {
      const answers = await Promise.all([ask(path, laptops[0]), ask(path, laptops[1])]);
      const bodies = await Promise.all(answers.map(async (answer) => Buffer.from(await answer.arrayBuffer())));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      expect(bodies[0]!.equals(bodies[1]!)).toBe(true);
      if (key) {
        expect(answers[0]!.headers.get('content-type')).toMatch(/^application\/json/);
        expect(JSON.parse(bodies[0]!.toString('utf8'))).toMatchObject({ [key]: id });
      }
      await ask(path);
      expect(readsOf(path)).toBe(1);
    }
  });

  it('passes the practice’s refusal on as its problem, and serves it to every laptop for a while', async () => {
    const path = '/bills/999999999/pdf';
    for (const laptop of [laptops[0]!, laptops[1]!, laptops[0]!]) {
      const answer = await ask(path, laptop);
      expect(answer.status).toBe(404);
      expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(await answer.json()).toMatchObject({ status: 404 });
    }
    // One request for all three: a record that does not exist costs the practice one read per REFUSAL_TTL_MS.
    expect(readsOf(path)).toBe(1);
    const [kept] = await hub.db.query<{ status: number; age: number }>(
      `SELECT status, extract(epoch FROM now() - read_at) AS age FROM read_through WHERE path = $1`,
      [path],
    );
    expect(Number(kept!.status)).toBe(404);
    // Past its time the refusal is asked again.
    await hub.db.query(`UPDATE read_through SET read_at = read_at - make_interval(secs => $2) WHERE path = $1`, [
      path,
      REFUSAL_TTL_MS / 1000 + 1,
    ]);
    expect((await ask(path)).status).toBe(404);
    expect(readsOf(path)).toBe(2);
    expect((await ask('/bills/not-a-number')).status).toBe(400);
  });

  it('serves a client’s statements through the hub, and reads its kept answers again when a hint names it', async () => {
    const state = demo.runtime.practices[0]!;
    const statement = [...state.statements.values()][1]!;
    const entityKey = statement.entityKey.toLowerCase();
    const list = `/statements/list?entityKey=${entityKey}`;
    const listed = (await (await ask(list)).json()) as { statementId: number }[];
    expect(listed.map((s) => s.statementId)).toContain(statement.statementId);
    await ask(list);
    expect(readsOf(list)).toBe(1);
    const detail = `/statements/${statement.statementId}`;
    await ask(detail);
    expect(readsOf(detail)).toBe(1);

    const hint = await sendHint(hub, laptops[0]!, { resources: ['bills'], clientKeys: [entityKey] });
    expect(hint.status).toBe(202);
    // The hint re-reads the client's statements (held), and its kept detail is read again when next asked.
    await waitUntil('the statements’ re-read', async () => readsOf(list) === 2);
    await waitUntil('the detail’s re-read', async () => {
      await ask(detail);
      return readsOf(detail) === 2;
    });
  });

  it('keeps at most its byte bound, dropping the least recently served', async () => {
    const pdf = (id: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(1_000, id)]);
    const api = {
      file: async (path: string) => ({ data: pdf(Number(/\d+/.exec(path)![0])), status: 200, serverDate: null }),
    } as unknown as PartnerApiClient;
    const files: string[] = [];
    const counting = {
      ...api,
      file: (path: string, ...rest: unknown[]) => (
        files.push(path),
        (api.file as (...a: unknown[]) => unknown)(path, ...rest)
      ),
    } as unknown as PartnerApiClient;
    const kept = createReadThrough({ db: hub.db, api: counting, mayRead: () => true, maxBytes: 2_500 });
    await hub.db.query('DELETE FROM read_through');
    const billPdf = readThroughRoutes().find((route) => route.name === 'bill PDF')!;
    const target = (id: number) => billPdf.target({ id: String(id) }, {})!;
    for (const id of [1, 2]) await kept.serve(target(id));
    await kept.serve(target(1)); // 1 is now the more recently served
    await kept.serve(target(3)); // past the bound: 2 goes
    const paths = await hub.db.query<{ path: string }>('SELECT path FROM read_through ORDER BY path');
    expect(paths.map((row) => row.path)).toEqual(['/bills/1/pdf', '/bills/3/pdf']);
    expect(files).toEqual(['/bills/1/pdf', '/bills/2/pdf', '/bills/3/pdf']);
  });
});
