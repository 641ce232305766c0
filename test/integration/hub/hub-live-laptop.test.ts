import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DemoPractice } from '../../../src-main/demo-practice/create-demo-practice';
import { acceptProposal, submitForm } from '../../../src-main/demo-practice/routes/demo-control';
import { signDelivery } from '../../../src-main/partner-api/webhook-signature';
import { readSecrets } from '../../../src-main/hub/secrets-file';
import type { RunningHub } from '../../../src-main/hub/start-hub';
import { WEBHOOK_PATH } from '../../../src-main/hub/webhooks/webhook-path';
import type { SyncPoke } from '../../../src-preload/contract/live-updates';
import { readClientProposals } from '../../../src-renderer/client-data/client-reads';
import { watchLiveUpdates } from '../../../src-renderer/sync/live-updates';
import { createPracticeDatabases } from '../../../src-renderer/data/practice-db';
import { watchSyncEvents } from '../../../src-renderer/sync/sync-events';
import { freshPractice } from '../../support/fresh-renderer-root';
import { connectLaptopThroughHub } from '../../support/hub-enrolment';
import type { NodeApp } from '../../support/node-companion';
import { startRecordingLaptop } from '../../support/recording-laptop';
import { syncIntoDexie } from '../../support/sync-into-dexie';
import { waitFor } from '../../support/wait-for';
import { useHubTestBed } from './hub-test-bed';

/**
 * A client accepts a proposal at the practice: the practice's signed webhook reaches the hub, the hub
 * re-reads that client's proposals and pokes the laptop over its change stream, and the laptop's window
 * shows the proposal Accepted within seconds with an OS notification naming the client and the proposal.
 */
const bed = useHubTestBed('hub-live-laptop-');
let demo: DemoPractice;
let hub: RunningHub;
let app: NodeApp;
let practiceKey = '';
const databases = createPracticeDatabases();
const notes: { title: string; body: string; entityKey: string }[] = [];
const pokes: SyncPoke[] = [];
const laptopRequests: string[] = [];
const stops: (() => void)[] = [];
/** The runs the window asked main for (`sync.start` crossing the bridge). */
const windowStarts: string[][] = [];
let windowPractice: ReturnType<typeof freshPractice>['practice'];

// The window's practice store keeps its pause in localStorage (none in Node).
const stored = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (key: string) => stored.get(key) ?? null,
  setItem: (key: string, value: string) => void stored.set(key, value),
  removeItem: (key: string) => void stored.delete(key),
});

beforeAll(async () => {
  demo = await bed.openDemo({ port: 0, rateLimit: { enabled: false } });
  hub = await bed.startHub({ subscribeWebhooks: true, mirrorEveryMs: 3_600_000 });
  expect(hub.webhooks.testArrived).toBe(true);
  app = await startRecordingLaptop(laptopRequests);
  practiceKey = (await connectLaptopThroughHub(app, hub)).practice.practiceKey;
  // What the hub does not serve yet (billing windows, reports) fails by name; the clients arrive.
  await syncIntoDexie(app.companion, practiceKey).catch(() => undefined);
  // The window's parts that matter here: stores synced pages, follows the hub's pokes.
  const deps = { companion: app.companion, databases };
  const counted = {
    ...app.companion,
    sync: {
      ...app.companion.sync,
      start: (input: Parameters<typeof app.companion.sync.start>[0]) => {
        windowStarts.push(input.lists ?? ['(due)']);
        return app.companion.sync.start(input);
      },
    },
  };
  const { stores, practice } = freshPractice(counted, databases);
  windowPractice = practice;
  await practice.refresh();
  stops.push(
    watchSyncEvents({ ...deps, practice: stores.practice, notify: () => undefined }),
    watchLiveUpdates({
      ...deps,
      practice: stores.practice,
      liveStatus: stores.liveStatus,
      syncLists: (lists) => practice.syncLists(lists),
    }),
    app.companion.on('sync.poke', (poke) => pokes.push(poke)),
    app.services.onProposalAccepted((note) => notes.push(note)),
  );
}, 240_000);

afterAll(async () => {
  for (const stop of stops) stop();
  await app?.close();
});

const state = () => demo.runtime.practices[0]!;
/** Sent proposals of distinct clients (a client may accept one). */
function sentProposals(count: number) {
  const byClient = new Map<string, { proposalKey: string; entityKey: string; name: string }>();
  for (const p of state().proposals.values())
    if (p.statusName === 'Sent' && !byClient.has(p.entityKey))
      byClient.set(p.entityKey, { proposalKey: p.proposalKey, entityKey: p.entityKey, name: p.name });
  const found = [...byClient.values()].slice(0, count);
  expect(found).toHaveLength(count);
  return found;
}
/** A form sent on its own (no stack) whose onboarding is not yet awaiting approval: submitting it moves the onboarding. */
function sentFormWithOnboarding() {
  const form = [...state().eforms.values()].find(
    (f) =>
      f.status === 'sent' &&
      !f.stackKey &&
      [...state().onboardings.values()].some((o) => o.formKey === f.formKey && o.statusID !== 3),
  )!;
  return { form, onboarding: [...state().onboardings.values()].find((o) => o.formKey === form.formKey)! };
}
const storedStatus = async (proposalKey: string) =>
  (await databases.of(practiceKey).proposals.get(proposalKey))?.statusName;

describe('live updates from the practice hub', () => {
  let opened: { proposalKey: string; entityKey: string; name: string };
  let unopened: { proposalKey: string; entityKey: string; name: string };

  it('opens the change stream through the session, and says live updates are on', async () => {
    await waitFor(
      'live updates on',
      () => app.services.session.liveStatus().state,
      (s) => s === 'on',
    );
    expect(await app.companion.sync.liveStatus()).toEqual({ practiceKey, state: 'on' });
    expect(laptopRequests.some((url) => url === `${hub.hubUrl}/hub/v1/changes`)).toBe(true);
  });

  it('reads a client’s proposals through the hub, which reads them through once and then serves them', async () => {
    [opened, unopened] = sentProposals(2) as [typeof opened, typeof unopened];
    const ctx = {
      companion: app.companion,
      db: databases.of(practiceKey),
      practiceKey,
      priority: 'interactive' as const,
      now: () => new Date(),
    };
    const before = demo.runtime.requestLog.length;
    expect(await readClientProposals(ctx, opened.entityKey)).toEqual({ ok: true });
    expect(await storedStatus(opened.proposalKey)).toBe('Sent');
    // The hub read it through once (its own credentials); the second read is the mirror's.
    const reads = () =>
      demo.runtime.requestLog
        .slice(before)
        .filter((r) => r.url.includes(`/proposals/list?entityKey=${opened.entityKey}`));
    expect(reads()).toHaveLength(1);
    expect(await readClientProposals(ctx, opened.entityKey)).toEqual({ ok: true });
    expect(reads()).toHaveLength(1);
    expect(laptopRequests.filter((url) => !url.startsWith(`${hub.hubUrl}/`))).toEqual([]);
  });

  it('shows a proposal accepted at the practice as Accepted within seconds, with a notification', async () => {
    const before = demo.runtime.requestLog.length;
    const started = Date.now();
    acceptProposal(demo.runtime, opened.proposalKey);
    await waitFor(
      'Accepted on the laptop',
      () => storedStatus(opened.proposalKey),
      (s) => s === 'Accepted',
      5_000,
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    const client = state().entities.get(opened.entityKey)!;
    await waitFor(
      'a notification',
      () => notes.length,
      (n) => n === 1,
      2_000,
    );
    expect(notes[0]).toEqual({
      title: `${client.fullEntityName} accepted a proposal`,
      body: `“${opened.name}” is now Accepted.`,
      entityKey: opened.entityKey,
    });
    // The poke named that client and the list; the hub's work was one targeted read, not a mirror pass.
    expect(pokes.at(-1)).toMatchObject({
      practiceKey,
      lists: ['proposals'],
      clients: [opened.entityKey.toLowerCase()],
    });
    const hubReads = demo.runtime.requestLog.slice(before).map((r) => r.url.split('?')[0]);
    expect(hubReads.filter((url) => url?.endsWith('/proposals/list'))).toHaveLength(1);
    expect(hubReads.filter((url) => url?.endsWith('/entities/list'))).toHaveLength(0);
  }, 20_000);

  it('announces a proposal of a client this window never opened too', async () => {
    acceptProposal(demo.runtime, unopened.proposalKey);
    await waitFor(
      'Accepted on the laptop',
      () => storedStatus(unopened.proposalKey),
      (s) => s === 'Accepted',
      5_000,
    );
    await waitFor(
      'a second notification',
      () => notes.length,
      (n) => n === 2,
      2_000,
    );
    expect(notes[1]?.body).toBe(`“${unopened.name}” is now Accepted.`);
  }, 20_000);

  it('raises no notification about another client while the window is shown to a client', async () => {
    const [shown, other] = sentProposals(2);
    await app.companion.clientFacing.enter({ practiceKey, entityKey: shown!.entityKey, userKey: null, newPin: '2468' });
    acceptProposal(demo.runtime, other!.proposalKey);
    // The window still shows the truth; only the OS notification naming someone else is held back.
    await waitFor(
      'Accepted on the laptop',
      () => storedStatus(other!.proposalKey),
      (s) => s === 'Accepted',
      5_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(notes).toHaveLength(2);
    expect((await app.companion.clientFacing.exit({ pin: '2468' })).accepted).toBe(true);
  }, 20_000);

  it('changes nothing for a forged, stale or replayed delivery', async () => {
    const secret = Object.values(readSecrets(bed.dataDir).webhooks)[0]!;
    const [next] = sentProposals(1);
    // The practice's own event for a proposal accepted earlier, sent again (a replay); the others are
    // about a proposal still Sent, so any re-read they caused would be visible in the practice's log.
    const [received] = await hub.db.query<{ event_id: string; payload: unknown }>(
      `SELECT event_id, payload FROM webhook_inbox WHERE event_key = 'proposal.accepted' ORDER BY received_at LIMIT 1`,
    );
    const replayBody = JSON.stringify(
      typeof received!.payload === 'string' ? JSON.parse(received!.payload) : received!.payload,
    );
    const fresh = JSON.stringify({
      eventId: crypto.randomUUID(),
      event: 'proposal.accepted',
      schemaVersion: 4,
      occurredOn: new Date().toISOString(),
      practiceKey: state().profile.practiceKey,
      isTest: false,
      data: { proposalKey: next!.proposalKey, entityKey: next!.entityKey, statusName: 'Accepted' },
    });
    const post = (body: string, key: string, timestamp: number, eventId: string) =>
      fetch(`${hub.hubUrl}${WEBHOOK_PATH}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'X-Svc-Event': 'proposal.accepted',
          'X-Svc-Event-Id': eventId,
          'X-Svc-Timestamp': String(timestamp),
          'X-Svc-Signature': signDelivery(key, String(timestamp), body),
        },
        body,
      });
    const now = Math.floor(Date.now() / 1000);
    const requestsBefore = demo.runtime.requestLog.length;
    const pokesBefore = pokes.length;
    const freshId = (JSON.parse(fresh) as { eventId: string }).eventId;
    expect((await post(fresh, 'not-the-secret', now, freshId)).status).toBe(401);
    expect((await post(fresh, secret, now - 3_600, freshId)).status).toBe(401);
    const replay = await post(replayBody, secret, now, received!.event_id);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toMatchObject({ reason: 'already received' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(demo.runtime.requestLog.slice(requestsBefore)).toEqual([]);
    expect(pokes.length).toBe(pokesBefore);
    expect(notes).toHaveLength(2);
    expect(await storedStatus(next!.proposalKey)).toBeUndefined();
  }, 20_000);

  it('syncs a list the hub pokes from main: the window only stores the pages, and asks for no run', async () => {
    const { form, onboarding } = sentFormWithOnboarding();
    const storedOnboarding = () => databases.of(practiceKey).onboardings.get(onboarding.onboardingKey);
    expect((await storedOnboarding())?.statusID).not.toBe(3);
    const startsBefore = windowStarts.length;
    const pokesBefore = pokes.length;
    const requestsBefore = laptopRequests.length;
    submitForm(demo.runtime, form.formKey);
    await waitFor(
      'the submitted form’s onboarding stored on the laptop',
      async () => (await storedOnboarding())?.statusID,
      (status) => status === 3,
      10_000,
    );
    const poked = pokes.slice(pokesBefore).find((poke) => poke.lists.includes('onboardings'));
    expect(poked).toMatchObject({ listsSyncing: true });
    // The bridge was crossed by the poke and the pages (each acknowledged), not by a run the window asked for.
    expect(windowStarts.slice(startsBefore)).toEqual([]);
    // Main read on from the cursors the window acknowledged, not from those its last run started with (none).
    const onboardingReads = laptopRequests.slice(requestsBefore).filter((url) => url.includes('/onboardings/list'));
    expect(onboardingReads.length).toBeGreaterThan(0);
    for (const url of onboardingReads) expect(url).toContain('lastUpdated=');
  }, 20_000);

  it('starts nothing for a poke while the user has paused the sync, and carries on from the window’s cursors after', async () => {
    const { form, onboarding } = sentFormWithOnboarding();
    await windowPractice.pause();
    const pokesBefore = pokes.length;
    const requestsBefore = laptopRequests.length;
    submitForm(demo.runtime, form.formKey);
    await waitFor(
      'the poke naming the onboardings',
      () => pokes.slice(pokesBefore).find((poke) => poke.lists.includes('onboardings')),
      (poke) => poke !== undefined,
      10_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    // Paused: main did not run the lists, and told the window so (which, paused, starts nothing either).
    expect(pokes.slice(pokesBefore).every((poke) => !poke.listsSyncing)).toBe(true);
    expect(laptopRequests.slice(requestsBefore).filter((url) => url.includes('/onboardings/list'))).toEqual([]);
    await windowPractice.resume();
    await waitFor(
      'the onboarding stored once the user resumed',
      async () => (await databases.of(practiceKey).onboardings.get(onboarding.onboardingKey))?.statusID,
      (status) => status === 3,
      10_000,
    );
  }, 30_000);

  it('stops the stream on sign-out', async () => {
    await app.companion.practice.signOut({ practiceKey });
    expect(app.services.session.liveStatus()).toEqual({ practiceKey: null, state: 'off' });
    const streams = () => laptopRequests.filter((url) => url.endsWith('/hub/v1/changes')).length;
    const opened = streams();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(streams()).toBe(opened);
  });
});
