import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClientReadContext } from '../../../../src-renderer/client-data/client-reads';
import { deletePracticeDb, type PracticeDb } from '../../../../src-renderer/data/practice-db';
import { practiceDb } from '../../../support/practice-db';
import { estimatePack } from '../../../../src-renderer/meeting-packs/pack-plan';
import {
  createPack,
  listAverages,
  packInputs,
  retryFailed,
  runPack,
} from '../../../../src-renderer/meeting-packs/pack-runner';
import { packProgress, progressText } from '../../../../src-renderer/meeting-packs/pack-progress';
import { requirementsOf, seedClient, world, type FakeClient } from './fake-read-layer';

vi.mock('../../../../src-renderer/client-data/client-reads', async (original) => ({
  ...(await original<object>()),
  ...(await import('./fake-read-layer')).fakeReads,
}));

let db: PracticeDb | null = null;
afterEach(async () => {
  db?.close();
  if (db) await deletePracticeDb(db.practiceKey);
  db = null;
  world.client = null;
  world.faults.clear();
  world.reads = [];
});

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function aClient(sizes: {
  proposals: string[];
  statements: number;
  bills: string[];
  schedules: number;
  onboardings: number;
  verified: boolean;
  /** Files uploaded to each onboarding (default one). */
  uploaded?: number;
}): FakeClient {
  return {
    entityKey: uuid(1),
    proposals: sizes.proposals.map((statusName, i) => ({ proposalKey: uuid(100 + i), name: `P${i}`, statusName })),
    statements: Array.from({ length: sizes.statements }, (_, i) => ({
      statementId: 200 + i,
      statementNumber: `S${i}`,
    })),
    bills: sizes.bills.map((statusName, i) => ({
      billingId: 300 + i,
      billNumber: `INV-${i}`,
      statusName,
      billDate: `2026-0${1 + (i % 9)}-01`,
    })),
    schedules: Array.from({ length: sizes.schedules }, (_, i) => ({ recurringBillingId: 400 + i, name: `R${i}` })),
    onboardings: Array.from({ length: sizes.onboardings }, (_, i) => ({
      onboardingKey: uuid(500 + i),
      onboardingID: i + 1,
      uploaded: sizes.uploaded ?? 1,
    })),
    verified: sizes.verified,
  };
}

const typical = () =>
  aClient({
    proposals: ['Accepted', 'Renewed'],
    statements: 1,
    bills: ['Paid', 'Draft'],
    schedules: 1,
    onboardings: 1,
    verified: false,
  });

let n = 0;
async function start(client: FakeClient, listsRead = true) {
  db = practiceDb(uuid(9000 + ++n));
  world.client = client;
  await seedClient(db, client, listsRead);
  const ctx: ClientReadContext = {
    companion: {} as ClientReadContext['companion'],
    db,
    practiceKey: db.practiceKey,
    priority: 'prefetch',
    now: () => new Date('2026-11-26T10:00:00Z'),
  };
  const estimate = estimatePack(await packInputs(db, client.entityKey), await listAverages(db));
  const pack = await createPack(
    db,
    { entityKey: client.entityKey, fullEntityName: 'Jane Smith' },
    new Date(),
    estimate,
  );
  return { ctx, estimate, packId: pack.packId };
}

const noPause = { sleep: async () => undefined, online: () => true };

describe('a meeting pack plans every read an offline action needs', () => {
  it('reads the renewal preview of each proposal that can be renewed, and each onboarding’s documents', async () => {
    const { ctx, packId } = await start(typical());
    const pack = (await runPack(ctx, packId, noPause))!;
    const client = world.client!;
    expect(world.reads).toContain(`renewPreview:${client.proposals[0]!.proposalKey}`);
    // Renew is not offered on a renewed proposal: its preview is not read.
    expect(world.reads).not.toContain(`renewPreview:${client.proposals[1]!.proposalKey}`);
    expect(world.reads).toContain(`onboardingDocuments:${client.onboardings[0]!.onboardingKey}`);
    expect(pack.items.find((i) => i.kind === 'renewPreview')).toMatchObject({
      state: 'done',
      label: 'Renewal preview of “P0”',
    });
    expect(pack.state).toBe('complete');
    // The practice's eForm schema guide (the custom eForm form checks against it) comes with the first pack only.
    expect(world.reads).toContain('schemaGuide');
    const again = (await packInputs(db!, client.entityKey)).schemaGuideStored;
    expect(again).toBe(true);
  });

  it('the estimate stored is the one shown, and equals the requests the run makes when the lists are known', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          proposals: fc.array(fc.constantFrom('Accepted', 'Renewed', 'Sent'), { maxLength: 4 }),
          statements: fc.integer({ min: 0, max: 3 }),
          bills: fc.array(fc.constantFrom('Paid', 'Draft', 'Approved'), { maxLength: 5 }),
          schedules: fc.integer({ min: 0, max: 2 }),
          onboardings: fc.integer({ min: 0, max: 2 }),
          verified: fc.boolean(),
          uploaded: fc.integer({ min: 0, max: 3 }),
        }),
        async (sizes) => {
          const { ctx, estimate, packId } = await start(aClient(sizes));
          expect(estimate.approximate).toBe(false);
          const pack = (await runPack(ctx, packId, noPause))!;
          expect(pack.estimatedRequests).toBe(estimate.requests);
          expect(pack.actualRequests).toBe(estimate.requests);
          db?.close();
          await deletePracticeDb(db!.practiceKey);
          db = null;
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe('the files a client uploaded come with the pack', () => {
  it('reads each onboarding’s documents with the lists, then fetches every file they name, pinned for the pack', async () => {
    const client = aClient({
      proposals: [],
      statements: 0,
      bills: [],
      schedules: 0,
      onboardings: 2,
      verified: true,
      uploaded: 2,
    });
    const { ctx, estimate, packId } = await start(client, false);
    const pack = (await runPack(ctx, packId, noPause))!;
    const uploads = pack.items.filter((i) => i.kind === 'upload');
    expect(uploads.map((i) => [i.label, i.state])).toEqual([
      ['Upload 60010 from the client (upload-60010.pdf)', 'done'],
      ['Upload 60011 from the client (upload-60011.pdf)', 'done'],
      ['Upload 60020 from the client (upload-60020.pdf)', 'done'],
      ['Upload 60021 from the client (upload-60021.pdf)', 'done'],
    ]);
    // Each onboarding's documents are read before any file: they are what names the files.
    const firstFile = world.reads.findIndex((k) => k.startsWith('upload:'));
    expect(world.reads.slice(0, firstFile).filter((k) => k.startsWith('onboardingDocuments:'))).toHaveLength(2);
    expect(pack.state).toBe('complete');
    // Documents never read here: counted at one file per onboarding (no other onboarding was read), and said to be approximate.
    expect(estimate).toMatchObject({ approximate: true });
    const inputs = await packInputs(db!, client.entityKey);
    expect(inputs.uploads).toMatchObject({ unreadOnboardings: 0 });
    expect(inputs.uploads.known).toHaveLength(4);
  });

  it('reads an onboarding synced after the pack was made with the lists, and fetches the files it names', async () => {
    const client = aClient({
      proposals: [],
      statements: 0,
      bills: [],
      schedules: 0,
      onboardings: 1,
      verified: false,
      uploaded: 2,
    });
    const late = client.onboardings.splice(0);
    const { ctx, packId } = await start(client);
    // The first import brings the client's onboarding once the pack is already made.
    client.onboardings.push(...late);
    await db!.onboardings.bulkPut(late.map((o) => ({ ...o, entityKey: client.entityKey })) as never[]);
    const pack = (await runPack(ctx, packId, noPause))!;
    expect(world.reads).toContain(`onboardingDocuments:${late[0]!.onboardingKey}`);
    expect(pack.items.filter((i) => i.kind === 'upload' && i.state === 'done')).toHaveLength(2);
    expect(pack.state).toBe('complete');
  });

  it('counts the files exactly when the onboarding’s documents were read on this laptop before', async () => {
    const client = aClient({
      proposals: [],
      statements: 0,
      bills: [],
      schedules: 0,
      onboardings: 1,
      verified: false,
      uploaded: 3,
    });
    const { ctx, estimate, packId } = await start(client);
    expect(estimate.approximate).toBe(false);
    const pack = (await runPack(ctx, packId, noPause))!;
    expect(pack.items.filter((i) => i.kind === 'upload' && i.state === 'done')).toHaveLength(3);
    expect(pack.actualRequests).toBe(estimate.requests);
  });

  it('counts an onboarding never read at the files uploaded per onboarding read on this laptop', async () => {
    const client = aClient({
      proposals: [],
      statements: 0,
      bills: [],
      schedules: 0,
      onboardings: 1,
      verified: false,
      uploaded: 0,
    });
    db = practiceDb(uuid(9500));
    world.client = client;
    await seedClient(db, client, false);
    // Two other onboardings read here: four files and two files, three on average.
    for (const [key, uploaded] of [
      [uuid(700), 4],
      [uuid(701), 2],
    ] as const)
      await db.reports.put({
        name: `onboardingDocuments:${key}`,
        data: requirementsOf(client, { onboardingKey: key, onboardingID: 9, uploaded }),
        fetchedAt: '2026-11-26T10:00:00Z',
      });
    const averages = await listAverages(db);
    expect(averages.uploadsPerOnboarding).toBe(3);
    const inputs = await packInputs(db, client.entityKey);
    expect(inputs.uploads.unreadOnboardings).toBe(1);
    const known = estimatePack({ ...inputs, uploads: { known: [], unreadOnboardings: 0 } }, averages).requests;
    expect(estimatePack(inputs, averages).requests - known).toBe(3);
  });
});

describe('progress numbers never jump', () => {
  it('reads the lists as "k of 4", then counts every planned item, an empty one included', async () => {
    const { ctx, packId } = await start(typical(), false);
    const seen: string[] = [];
    const totals = new Set<number>();
    const observe = (changes: object, _key: unknown, obj: object) => {
      const p = packProgress({ ...obj, ...changes } as Parameters<typeof packProgress>[0]);
      seen.push(progressText(p));
      if (p.phase === 'items') totals.add(p.total);
    };
    db!.meetingPacks.hook('updating', observe);
    const pack = (await runPack(ctx, packId, noPause))!;
    db!.meetingPacks.hook('updating').unsubscribe(observe);
    // The four money lists and the one onboarding's documents, which name the files the client uploaded.
    expect(seen).toContain("Reading the client's lists (2 of 5)");
    // One total for the whole items phase, though the identity certificate turned out to be nothing.
    expect(totals.size).toBe(1);
    const final = packProgress(pack);
    expect(final).toMatchObject({ settled: final.total, none: 2 });
    expect(progressText(final)).toMatch(/^(\d+) of \1 items on this laptop \(2 with nothing to fetch\)$/);
  });
});

describe('a pack that stops says which item and why', () => {
  it('stopped mid-run: every item not fetched is listed with a reason, and the pack resumes later', async () => {
    const { ctx, packId } = await start(typical());
    const stop = new AbortController();
    let reads = 0;
    const counting = {
      ...ctx,
      onRequest: () => {
        if (++reads === 9) stop.abort();
      },
    };
    const pack = (await runPack(counting, packId, { ...noPause, signal: stop.signal }))!;
    const notDone = pack.items.filter((i) => i.state !== 'done' && i.state !== 'none');
    expect(notDone.length).toBeGreaterThan(0);
    expect(packProgress(pack).missing.map((i) => i.key)).toEqual(notDone.map((i) => i.key));
    for (const item of notDone) expect(item.message).toMatch(/fetching stopped/);
    expect(pack.state).toBe('fetching');
    const resumed = (await runPack(ctx, packId, noPause))!;
    expect(resumed.state).toBe('complete');
    expect(packProgress(resumed).missing).toEqual([]);
  });

  it('a failure that may pass is tried again after a pause that the item shows; a refusal fails at once', async () => {
    const { ctx, packId } = await start(typical());
    const client = world.client!;
    const preview = `renewPreview:${client.proposals[0]!.proposalKey}`;
    const busy = {
      ok: false as const,
      problem: 'failed' as const,
      message: 'The practice is busy (503).',
      retryable: true,
    };
    world.faults.set(preview, [busy, busy]);
    world.faults.set(`bill:${client.bills[0]!.billingId}`, [
      { ok: false, problem: 'failed', message: 'The practice refused the request (403).' },
    ]);
    const pauses: number[] = [];
    const shown: (string | null | undefined)[] = [];
    const sleep = async (ms: number) => {
      pauses.push(ms);
      shown.push((await db!.meetingPacks.get(packId))!.items.find((i) => i.key === preview)?.nextTryAt);
    };
    const pack = (await runPack(ctx, packId, { online: () => true, sleep, retryDelaysMs: [1000, 5000] }))!;
    expect(pauses).toEqual([1000, 5000]);
    expect(shown).toEqual(['2026-11-26T10:00:01.000Z', '2026-11-26T10:00:05.000Z']);
    expect(pack.items.find((i) => i.key === preview)).toMatchObject({ state: 'done', tries: 3 });
    expect(world.reads.filter((k) => k === preview)).toHaveLength(3);
    const refused = pack.items.find((i) => i.key === `bill:${client.bills[0]!.billingId}`)!;
    expect(refused).toMatchObject({ state: 'failed', message: 'The practice refused the request (403).' });
    expect(pack.state).toBe('incomplete');
    expect(packProgress(pack).missing).toEqual([refused]);

    await retryFailed(db!, packId);
    expect((await runPack(ctx, packId, noPause))!.state).toBe('complete');
  });

  it('after its tries, a failure that may pass is failed with its reason', async () => {
    const { ctx, packId } = await start(typical());
    const key = `statementPdf:${world.client!.statements[0]!.statementId}`;
    const busy = {
      ok: false as const,
      problem: 'failed' as const,
      message: 'Too many requests (429).',
      retryable: true,
    };
    world.faults.set(key, [busy, busy, busy]);
    const pack = (await runPack(ctx, packId, noPause))!;
    expect(pack.items.find((i) => i.key === key)).toMatchObject({
      state: 'failed',
      message: 'Too many requests (429).',
    });
    expect(pack.state).toBe('incomplete');
  });

  it('offline: the item that met it and every item after it say they wait for a connection', async () => {
    const { ctx, packId } = await start(typical());
    world.faults.set('bills', [{ ok: false, problem: 'offline', message: 'No connection.' }]);
    const pack = (await runPack(ctx, packId, { sleep: async () => undefined, online: () => false }))!;
    expect(pack.state).toBe('waiting-for-connection');
    const waiting = pack.items.filter((i) => i.state === 'waiting');
    expect(waiting.map((i) => i.message)).toEqual([
      'No connection.',
      'Not fetched yet: waiting for a connection.',
      'Not fetched yet: waiting for a connection.',
    ]);
    expect(waiting.map((i) => i.kind)).toEqual(['bills', 'payments', 'onboardingDocuments']);
  });
});
