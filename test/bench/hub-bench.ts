import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { enrolmentCode } from '../../src-main/hub/devices/devices';
import { createHubSyncSink } from '../../src-main/hub/mirror/hub-sync-sink';
import { readSecrets } from '../../src-main/hub/secrets-file';
import { startHub } from '../../src-main/hub/start-hub';
import { hubResources } from '../../src-main/hub/mirror/hub-resources';
import { createDemoPractice } from '../../src-main/demo-practice/create-demo-practice';
import { createVirtualTimer } from '../../src-main/request-budget/budget-timer';
import { DEFAULT_LIMITS } from '../../src-main/request-budget/request-budget';
import { clockOf, createVirtualTimeFetch } from '../support/virtual-time-http';
import { hostileDevice } from './hub-hostile-bench';
import { importOnLaptops, ingestFixture } from './hub-laptops';
import { driveVirtualClock } from '../support/virtual-clock-driver';
import { importMinimum } from './import-minimum';
import { lowerBoundMs } from './lower-bound';
import {
  actionToLaptop,
  openChangeStream,
  percentile,
  rereadFromHub,
  webhookAcks,
  webhookUrlOf,
  type LaptopReread,
} from './hub-live-bench';

const LAPTOPS = 10;
const HOUR_MS = 3_600_000;
const IDLE_HOURS = 3;
const round = (value: number | null, digits = 1) => (value === null ? null : Number(value.toFixed(digits)));
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
/**
 * The practice hub with the large practice (20,000 clients), in one run:
 * 1. the hub's own first import, on PGlite (or the PostgreSQL database given), through its real start (`startHub`), with the demo's limiter at
 *    the contract's default limits; the hub's request budget, the demo's clock and the webhook replay window
 *    share one virtual clock, so the import is paced exactly as the limits impose, in minutes of real time;
 * 2. ten laptops, each its own process (main with Node pieces, the renderer's ingest into fake IndexedDB,
 *    the app's default request budget), enrolled, then importing from the hub at the same instant; then one
 *    laptop alone ingesting the same pages from a file;
 * 3. an hour on: signed deliveries at the hub's webhook URL; clients' actions at the practice through to a
 *    connected laptop's change stream, then its re-read from the hub (`rereadFromHub`);
 * 4. no laptop connected: the hub's backstop passes, each after its interval on the virtual clock.
 */
export async function benchHub(options: {
  quick?: boolean;
  log?: (line: string) => void;
  reread?: LaptopReread;
  /** The practice's size: 'large' for the figures; 'small' only to try the harness itself. */
  size?: 'small' | 'large';
  /** A fresh, empty PostgreSQL database for the hub (bench-postgres.ts); PGlite in the data folder without it. */
  databaseUrl?: string;
}) {
  const log = options.log ?? (() => undefined);
  const quick = options.quick ?? false;
  const loadAtStart = loadavg();
  const timer = createVirtualTimer(Date.now());
  const demo = await createDemoPractice({
    size: options.size ?? 'large',
    seed: 7,
    clock: clockOf(timer),
    rateLimit: { enabled: true, ...DEFAULT_LIMITS },
  });
  const state = demo.runtime.practices[0]!;
  const practice = demo.practices[0]!;
  const http = createVirtualTimeFetch(timer);
  const dataDir = mkdtempSync(join(tmpdir(), 'hub-bench-'));
  const fixture = join(dataDir, 'laptop-pages.json');
  let hub: Awaited<ReturnType<typeof startHub>> | undefined;
  try {
    log('hub: first import of the large practice (virtual time, default limits)…');
    const importWall = performance.now();
    const virtualStart = timer.now();
    hub = await startHub({
      dataDir,
      ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
      partnerApi: { baseUrl: practice.baseUrl, ...practice.readWrite },
      fetch: http.fetch,
      timer,
      subscribeWebhooks: true,
      // No backstop pass while the laptops import and the live figures are taken; the idle hours below use
      // the hub's own cadence.
      mirrorEveryMs: 24 * HOUR_MS,
      // Its warnings and errors only: an access line for each of the laptops' thousands of requests is no figure.
      log: { level: 'warn' },
    });
    // From here the bench moves the clock itself (test/support/virtual-clock-driver.ts).
    const clock = driveVirtualClock(timer, hub);
    const advance = clock.advance;
    const hubImportWallSeconds = (performance.now() - importWall) / 1000;
    const hubImportSimulatedMinutes = (timer.now() - virtualStart) / 60_000;
    const hubImportRequests = http.log.length;
    const hubImportByPath: Record<string, number> = {};
    for (const { url } of http.log) {
      const path = new URL(url).pathname;
      hubImportByPath[path] = (hubImportByPath[path] ?? 0) + 1;
    }
    // Fixed calls: /auth/validate, and the subscription (the event list, one per key, one test delivery).
    const fixedCalls = 1 + (hub.webhooks.subscriptions > 0 ? hub.webhooks.subscriptions + 2 : 0);
    const minimum = importMinimum({
      state,
      cursors: await createHubSyncSink(hub.db).loadCursors(),
      pageSize: demo.runtime.options.pageSize,
      resources: hubResources,
      fixedCalls,
    });
    const hubImportMinimumRequests = minimum.minimumRequests;
    log(`hub: import ${hubImportRequests} requests (minimum ${hubImportMinimumRequests}), ${hubImportWallSeconds} s`);

    const devices = await Promise.all(Array.from({ length: LAPTOPS }, (_, i) => hub!.devices.add(`Laptop ${i + 1}`)));
    const practiceLogBefore = demo.runtime.requestLog.length;
    log(`hub: ${LAPTOPS} laptops importing from the hub at once…`);
    const loadBeforeLaptops = loadavg();
    const { importSeconds, laptops } = await importOnLaptops({
      hubUrl: hub.hubUrl,
      enrolmentCodes: devices.map((device) => enrolmentCode(device)),
      fixtureOut: fixture,
    });
    const loadAfterLaptops = loadavg();
    const laptopPartnerApiRequests =
      demo.runtime.requestLog.slice(practiceLogBefore).filter((r) => r.clientId !== practice.readWrite.clientId)
        .length + laptops.reduce((n, l) => n + l.elsewhere, 0);
    const everyClient = laptops.every((l) => l.clients === state.entities.size);
    log(`hub: laptops done in ${importSeconds} s; one laptop alone ingesting the same pages from a file…`);
    const fixtureIngest = await ingestFixture(fixture);

    // A working day after the import: the hour's window the import filled has passed.
    await advance(HOUR_MS);
    const secret = Object.values(readSecrets(dataDir).webhooks)[0];
    if (!secret) throw new Error('the hub has no webhook subscription');
    log('hub: signed deliveries at the webhook URL…');
    const delivery = { webhookUrl: webhookUrlOf(hub.hubUrl), secret, practiceKey: hub.practice.practiceKey, timer };
    // One at a time (a practice's events as they come), then bursts of five at once.
    const oneByOne = await webhookAcks({ ...delivery, deliveries: quick ? 30 : 150, concurrency: 1 });
    const bursts = await webhookAcks({ ...delivery, deliveries: quick ? 20 : 50, concurrency: 5 });
    const ackMs = [...oneByOne.ms, ...bursts.ms];
    const statuses = { ...oneByOne.statuses };
    for (const [status, n] of Object.entries(bursts.statuses)) statuses[status] = (statuses[status] ?? 0) + n;
    await clock.until(hub.mirror.request());

    const watcher = await hub.devices.add('Connected laptop');
    const stream = await openChangeStream(hub.hubUrl, watcher);
    const reread = options.reread ?? rereadFromHub(hub.hubUrl, watcher);
    // One client action a minute: back to back on a still virtual clock, a dozen re-reads would share one
    // budget minute, which no practice's clients do.
    const aMinuteLater = () => timer.advanceTo(timer.now() + 60_000);
    log('hub: clients submit forms and accept proposals; a connected laptop listens…');
    const forms = [...state.onboardings.values()]
      .filter((o) => {
        const form = state.eforms.get(o.formKey);
        return form?.status === 'sent' && !form.stackKey && o.statusID !== 3 && o.statusID !== 4;
      })
      .slice(0, quick ? 5 : 20);
    const formToLaptop = await actionToLaptop({
      stream,
      timer,
      samples: forms,
      act: (onboarding) => demo.submitForm(onboarding.formKey),
      matches: (onboarding, poke) =>
        poke.lists.includes('onboardings') &&
        (!onboarding.entityKey || poke.clients === null || poke.clients.includes(onboarding.entityKey)),
      reread,
      timeoutMs: 10_000,
      giveUpAfter: 3,
      before: aMinuteLater,
      pump: clock.pump,
    });
    const proposals = [...state.proposals.values()].filter((p) => p.statusName === 'Sent').slice(0, quick ? 5 : 20);
    const proposalToLaptop = await actionToLaptop({
      stream,
      timer,
      samples: proposals,
      act: (proposal) => demo.acceptProposal(proposal.proposalKey),
      // The accepted proposal itself, not the bills it raised (those arrive with the hourly billing tier).
      matches: (proposal, poke) =>
        poke.lists.includes('proposals') && (poke.clients === null || poke.clients.includes(proposal.entityKey)),
      reread,
      timeoutMs: 10_000,
      giveUpAfter: 2,
      before: aMinuteLater,
      pump: clock.pump,
    });
    log('hub: a hostile device for ten virtual minutes while clients accept proposals…');
    const hostile = await hostileDevice({ hub, demo, timer, log: http.log, stream, reread, quick, clock });
    await stream.close();
    // The hub hears the stream close when its socket does: a moment, not a tail.
    for (let i = 0; i < 100 && hub.laptops.active(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
    await clock.until(hub.mirror.request());

    log(`hub: ${IDLE_HOURS} idle hours, no laptop connected…`);
    const idleFrom = http.log.length;
    // The hub's own schedule on the virtual clock: the laptop on the change stream left with its stream,
    // so the idle cadence from now (a laptop polling without the stream would keep ten minutes of the active one).
    // Minute by minute, the hub's own timer decides when it passes.
    for (let elapsed = 0; elapsed < IDLE_HOURS * HOUR_MS; elapsed += 60_000) await advance(60_000);
    const idleRequests = http.log.length - idleFrom;
    clock.release();

    const seconds = laptops.map((l) => l.seconds);
    const answers = laptops.flatMap((l) => l.hubAnswerMs);
    return {
      engine: hub.db.engine,
      clients: state.entities.size,
      laptops: laptops.length,
      laptopPartnerApiRequests,
      importSeconds: round(importSeconds),
      everyLaptopHasEveryClient: everyClient,
      laptopFixtureIngestSeconds: round(fixtureIngest.seconds),
      fixture: { records: fixtureIngest.records, pages: fixtureIngest.pages },
      perLaptop: {
        slowestSeconds: round(Math.max(...seconds)),
        fastestSeconds: round(Math.min(...seconds)),
        hubRequests: laptops[0]!.hubRequests,
        // The laptop's request budget applies the Partner API's default limits to the hub too: the soonest
        // its last request could go out under them.
        budgetBoundSeconds: round(lowerBoundMs([], 0, laptops[0]!.hubRequests) / 1000),
        clients: laptops.map((l) => l.clients),
        // Where a laptop's import time goes: waiting for the hub's answers (ten laptops at once) vs ingest.
        hubAnswerP50Ms: round(percentile(answers, 50), 0),
        hubAnswerP95Ms: round(percentile(answers, 95), 0),
        hubAnswerSumSeconds: round(laptops[0]!.hubAnswerMs.reduce((a, b) => a + b, 0) / 1000),
        failedResources: laptops[0]!.failed,
      },
      hubImportRequests,
      hubImportMinimumRequests,
      hubImportRatio: round(hubImportRequests / hubImportMinimumRequests, 4),
      // Without the page size (the contract does not show it), every list's end must be seen.
      hubImportProvenEndMinimumRequests: minimum.provenEndMinimumRequests,
      hubImportProvenEndRatio: round(hubImportRequests / minimum.provenEndMinimumRequests, 4),
      hubImportSimulatedMinutes: round(hubImportSimulatedMinutes),
      hubImportWallSeconds: round(hubImportWallSeconds),
      hubImportByPath,
      webhookAckP99Ms: round(percentile(ackMs, 99)),
      webhookAckP50Ms: round(percentile(ackMs, 50)),
      webhookAckOneByOneP99Ms: round(percentile(oneByOne.ms, 99)),
      webhookAckBurstsP99Ms: round(percentile(bursts.ms, 99)),
      webhookDeliveries: ackMs.length,
      webhookStatuses: statuses,
      webhookTestArrived: hub.webhooks.testArrived,
      webhookToLaptopP95Ms: round(percentile(proposalToLaptop.ms, 95), 0),
      webhookToLaptop: {
        what: 'proposal accepted at the practice → the hub’s poke naming proposals for that client',
        tried: proposalToLaptop.tried,
        arrived: proposalToLaptop.ms.length,
        laptopRereadWired: reread.wired,
      },
      formToPoke: {
        what: 'form submitted at the practice → the hub’s poke naming onboardings',
        p95Ms: round(percentile(formToLaptop.ms, 95), 0),
        p50Ms: round(percentile(formToLaptop.ms, 50), 0),
        tried: formToLaptop.tried,
        arrived: formToLaptop.ms.length,
        virtualWaitMs: formToLaptop.virtualWaitMs,
        laptopRereadWired: reread.wired,
      },
      hostile: {
        ...hostile,
        acceptedToLaptopP95Ms: round(hostile.acceptedToLaptopP95Ms, 0),
      },
      hubIdleRequestsPerHour: round(idleRequests / IDLE_HOURS),
      idleHours: IDLE_HOURS,
      responses429: demo.runtime.requestLog.filter((r) => r.status === 429).length,
      load: {
        atStart: loadAtStart,
        beforeLaptops: loadBeforeLaptops,
        afterLaptops: loadAfterLaptops,
        atEnd: loadavg(),
      },
    };
  } finally {
    await hub?.close();
    await demo.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
