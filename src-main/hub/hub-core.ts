import type { PartnerApiClient } from '../partner-api/partner-api-client';
import { repeatEvery, type BudgetTimer } from '../request-budget/budget-timer';
import { createSyncEngine } from '../sync/sync-engine';
import { createClientReads } from './clients/client-reads';
import { createHeldClientsBackstop } from './clients/held-clients-backstop';
import { LAPTOP_READ_PRIORITY } from './clients/read-through-kinds';
import type { ReadThroughDeps } from './clients/read-through';
import type { HubDatabase } from './db/database';
import { CHANGES_CHANNEL, INBOX_CHANNEL, type HubSignals } from './db/signals';
import { createDeviceAccess } from './devices/device-access';
import { createDeviceAllowance } from './devices/device-allowance';
import { createHintWorker } from './hints/hint-worker';
import { createChangeStream } from './http/change-stream';
import { createHubSyncSink, type HubSinkEvents } from './mirror/hub-sync-sink';
import { hubResources } from './mirror/hub-resources';
import { createLaptopPresence } from './mirror/laptop-presence';
import type { MirrorLeadership } from './mirror/mirror-leadership';
import { createMirrorLoop } from './mirror/mirror-loop';
import { latestChangeSeq } from './mirror/mirror-store';
import { createEventWork } from './webhooks/event-work';
import { createInboxWorker } from './webhooks/inbox-worker';
import type { HubLog } from './watch/hub-log';

export interface HubCoreDeps {
  db: HubDatabase;
  /** The practice's Partner API, its request budget and its `closing` signal already in it. */
  api: PartnerApiClient;
  /**
   * The practice's time: the backstop's cadence, what a device may spend, when a client was read. Virtual
   * in benchmarks and tests, so hours of cadence pass in moments.
   */
  clock: BudgetTimer;
  /**
   * The network's time: how often a follower tries to take over, a change stream's heartbeat, how long a
   * burst of deliveries or hints is gathered and the gap between hint rounds (they arrive over real time).
   * Always the wall clock in a running hub: a virtual clock would spin these while it jumps, or, held by a
   * benchmark, never wake them.
   */
  wallClock: BudgetTimer;
  /** Pokes between the processes of one database (LISTEN/NOTIFY on PostgreSQL, in-process on PGlite). */
  signals: HubSignals;
  /** Whether this process mirrors (one leader per Client ID on PostgreSQL; always on PGlite). */
  leadership: MirrorLeadership;
  log: HubLog;
  cadence: {
    /** The backstop pass while laptops are connected. */
    activeEveryMs: number;
    /** The backstop pass while none is. */
    idleEveryMs: number;
    /** How often a follower tries to take over the mirror: the longest a dead leader's gap lasts. */
    leaderPollMs: number;
    /** The gap between the leader's hint rounds, and how long it gathers hints before one (hint-worker.ts). */
    hintRoundMs?: number | undefined;
    hintGatherMs?: number | undefined;
  };
  /** A mirror page committed changes (tests and benchmarks watch them). */
  onChanged?: HubSinkEvents['onChanged'] | undefined;
  /** A read-through answered a laptop (the hub's metrics count them). */
  onServed?: ReadThroughDeps['onServed'];
}

/**
 * The hub's working parts, built in the order they depend on each other from what the process opened
 * (database, Partner API, signals, leadership) and two clocks: no HTTP, no files, no process. The HTTP layer
 * (http/hub-routes.ts) serves them; `startHub` opens what they need and the listener.
 *
 * Events that run the other way — a stream opening tells presence, presence tells the mirror — are wired
 * with `listen` after both ends exist, so nothing is called before it is built.
 */
export function createHubCore(deps: HubCoreDeps) {
  const { db, api, clock, signals, leadership, log } = deps;
  const now = () => clock.now();
  // Set by beginStopping(): from then on nothing starts a pass (a webhook or a lock won late would find the
  // database closing).
  let stopping = false;
  const mayWork = () => !stopping && leadership.isLeader();
  const reportAs = (message: string) => (error: unknown) => log.error({ err: error }, message);

  // Enrolled laptops, and what each has open here (a revocation on any process ends it).
  const devices = createDeviceAccess({ db, signals, log });
  // What laptops may make the hub spend of the Client ID's budget; the hub's own work is never counted.
  const allowance = createDeviceAllowance({ now });
  // Every process pokes its own laptops when any process's mirror commits (LISTEN/NOTIFY on a server).
  const announceChanges = async () => signals.send(CHANGES_CHANNEL, String(await latestChangeSeq(db)));
  const announce = () => void announceChanges().catch(reportAs('could not announce a change'));
  const changes = createChangeStream(db, { log, wallClock: deps.wallClock });
  signals.on(CHANGES_CHANNEL, () => changes.notify());

  const presence = createLaptopPresence({
    now,
    openStreams: () => changes.connections(),
    streaming: (device) => changes.streaming(device),
  });
  changes.listen({ opened: () => presence.streamOpened(), closed: () => presence.streamClosed() });
  const backstopEveryMs = () => presence.mirrorEveryMs(deps.cadence.activeEveryMs, deps.cadence.idleEveryMs);

  const sink = createHubSyncSink(db, {
    onChanged: (change) => {
      deps.onChanged?.(change);
      announce();
    },
  });
  // A client's proposals and statements, read when an event or a hint names the client or a laptop asks
  // for one not held yet; a statement's or bill's detail and PDFs read through and kept.
  const clients = createClientReads({
    db,
    api,
    allowance,
    now,
    clock: deps.wallClock,
    mayRead: mayWork,
    onChanged: announce,
    ...(deps.onServed ? { onServed: deps.onServed } : {}),
    log,
  });
  // The lists held per client change only where a webhook or a hint says so: re-read within a bound anyway.
  const heldClients = createHeldClientsBackstop({
    db,
    now,
    laptopsActive: () => presence.active(),
    nextTurnInMs: backstopEveryMs,
    reread: (resource, entityKey) => clients.rereadHeld(resource, entityKey),
    log,
  });
  const mirror = createMirrorLoop(createSyncEngine({ api, sink, resources: hubResources }), {
    // Passes nobody asked for share the tier of laptops' reads (read-through-kinds.ts), below webhook work.
    backstopPriority: LAPTOP_READ_PRIORITY,
    everyMs: backstopEveryMs,
    clock,
    mayMirror: mayWork,
    afterFullPass: () => void heldClients.turn(),
    log,
  });
  presence.listen({
    // A laptop back after an idle spell: the active cadence from now, and a pass at once if the last one is
    // older than that cadence (so what it reads next is at most one active interval old).
    returned: () => {
      mirror.reschedule();
      if (mirror.sinceLastPassMs() >= deps.cadence.activeEveryMs)
        void mirror.request('interactive').catch(reportAs('the catch-up pass for a returning laptop failed'));
    },
    // The last laptop on the change stream left: the idle interval counts from now.
    gone: () => mirror.reschedule(),
  });

  // Whichever process stored a delivery, the leader does its work: the payload is a summary, so what it
  // names is re-read from the Partner API (a client's proposals, else one coalesced pass for a burst).
  const inbox = createInboxWorker(db, {
    mayWork,
    work: createEventWork({
      readClientProposals: (entityKey) => clients.proposalAccepted(entityKey),
      mirrorPass: () => mirror.request('interactive'),
    }),
    clock,
    log,
  });
  // Laptops' hints, done by the leader whichever process stored them: one coalesced round per gap.
  const hints = createHintWorker(db, {
    mayWork,
    mirrorPass: (resources) => mirror.request('interactive', resources),
    refreshClient: (entityKey) => clients.refreshHeld(entityKey),
    holdsClient: (entityKey) => clients.holdsAny(entityKey),
    allowance,
    clock: deps.wallClock,
    log,
    ...(deps.cadence.hintRoundMs !== undefined ? { gapMs: deps.cadence.hintRoundMs } : {}),
    ...(deps.cadence.hintGatherMs !== undefined ? { gatherMs: deps.cadence.hintGatherMs } : {}),
  });
  signals.on(INBOX_CHANNEL, () => {
    inbox.wake();
    hints.wake();
  });
  // Signals sent while the listening connection was down are lost: re-check the sequence and the inbox.
  signals.onResumed(() => {
    changes.notify();
    inbox.wake();
    hints.wake();
  });

  // A new leader carries on from the cursors the last one committed, so a takeover re-reads nothing done;
  // the deliveries the last leader stored or took but never finished are done in the same pass. That catch-up
  // runs beside the leadership poll, never inside it: the poll keeps checking the lock's session (and waking
  // the workers for lost signals) while a paced pass takes minutes, and a stop never waits for the pass.
  let catchingUp: Promise<void> = Promise.resolve();
  async function takeOver(): Promise<void> {
    if (stopping) return;
    const wasLeader = leadership.isLeader();
    // While leading, the same call checks the lock's session is alive, so a cut session stops the mirror
    // at the next poll even when its connection never reported the cut.
    if (!(await leadership.tryLead()) || stopping) return;
    // Still leading: a delivery whose signal was lost (sent while the server was unreachable) waits at most a poll.
    hints.wake();
    if (wasLeader) return inbox.wake();
    log.info('leads the mirror: carries on from the committed cursors');
    catchingUp = (async () => {
      await inbox.drain(() => mirror.request('interactive'));
      // A leader that died between a commit and its signal left laptops unpoked: the sequence says all.
      await announceChanges();
    })();
    // A takeover's failure is reported here; a first start's fails the start (lead() waits for it).
    if (polled) catchingUp.catch(reportAs('the catch-up after taking over the mirror failed'));
  }
  let polled = false;
  const polling = new AbortController();
  let leaderPoll: Promise<void> = Promise.resolve();

  return {
    devices,
    allowance,
    changes,
    presence,
    mirror,
    clients,
    heldClients,
    inbox,
    hints,
    /** A delivery or a hint was stored: the mirror leader, whichever process it is, does its work. */
    wakeLeader: () => void signals.send(INBOX_CHANNEL),
    stopping: () => stopping,
    /**
     * Tries to lead at once and, leading, mirrors what the last leader left before answering (a first start
     * mirrors the practice before it serves); then tries every `leaderPollMs` on the wall clock (the mirror's
     * backstop starts apart).
     */
    async lead(): Promise<void> {
      await takeOver();
      await catchingUp;
      polled = true;
      leaderPoll = repeatEvery(deps.wallClock, deps.cadence.leaderPollMs, polling.signal, () =>
        takeOver().catch(reportAs('taking over the mirror failed')),
      );
    },
    /** Resolves once the mirror's pass and the held clients' turn under way are done. */
    async settled(): Promise<void> {
      await mirror.idle();
      await heldClients.idle();
    },
    /** Nothing starts from now: no takeover, no pass, no round; a try under way (not its catch-up) ends first. */
    async beginStopping(): Promise<void> {
      stopping = true;
      polling.abort();
      await leaderPoll;
    },
    /** The workers end what they do (the Partner API client's `closing` signal gives up their waits first). */
    async stop(): Promise<void> {
      await inbox.stop();
      await hints.stop();
      await mirror.stop();
      await heldClients.stop();
      await clients.stop();
      await catchingUp.catch(() => undefined);
    },
  };
}
export type HubCore = ReturnType<typeof createHubCore>;
