import type { BenchFigures } from './run-bench';

/** [name, measured, target or '', met (null when there is no target)] */
export type Row = [string, string, string, boolean | null];

/** What the webhook bench measured, the same on either engine. */
interface WebhookAck {
  webhookAckP99Ms: number | null;
  webhookAckP50Ms: number | null;
  webhookAckOneByOneP99Ms: number | null;
  webhookAckBurstsP99Ms: number | null;
  webhookStatuses: Record<string, number>;
  webhookDeliveries: number;
}

/** The webhook acknowledgement's row: its p99 within `targetMs`, and every delivery answered 200. */
function webhookAckRow(name: string, ack: WebhookAck, targetMs: number): Row {
  return [
    name,
    `${ack.webhookAckP99Ms} ms (p50 ${ack.webhookAckP50Ms} ms; one by one p99 ${ack.webhookAckOneByOneP99Ms} ms, in bursts of five ${ack.webhookAckBurstsP99Ms} ms; answers ${JSON.stringify(ack.webhookStatuses)})`,
    `≤ ${targetMs} ms, every delivery 200`,
    ack.webhookAckP99Ms !== null &&
      ack.webhookAckP99Ms <= targetMs &&
      ack.webhookStatuses['200'] === ack.webhookDeliveries,
  ];
}

/** The table `npm run bench` prints: each figure worded, with its target and whether it was met. */
export function benchRows(figures: BenchFigures): Row[] {
  const {
    demoPractice,
    sync,
    hub,
    hubPostgres,
    pokeTrip,
    outbox,
    model,
    meetingPack,
    renderer,
    rendererBundle,
    pdf,
    modelTargetRuns,
  } = figures;
  const rows: Row[] = [];
  if (demoPractice)
    rows.push(
      [
        'demoPractice.generateLargeMs',
        `${demoPractice.generateLargeMs} ms (${demoPractice.largeClients} clients)`,
        '',
        null,
      ],
      ['demoPractice.entitiesPage.p50Ms', `${demoPractice.entitiesPage.p50Ms} ms`, '', null],
      [
        'demoPractice.entitiesPage.p95Ms',
        `${demoPractice.entitiesPage.p95Ms} ms (page of ${demoPractice.entitiesPage.pageSize})`,
        '',
        null,
      ],
    );
  if (sync) {
    const full = sync.fullImport;
    rows.push(
      [
        'sync.fullImport.requests',
        `${full.requests} (minimum ${full.minimumRequests}, ${full.records} records)`,
        `≤ ${full.minimumRequests + full.lists}`,
        full.requests <= full.minimumRequests + full.lists,
      ],
      ['sync.fullImport.responses429', `${full.responses429}`, '0', full.responses429 === 0],
      [
        'sync.fullImport.simulatedSeconds',
        `${full.simulatedSeconds} s (lower bound ${full.lowerBoundSeconds} s, ×${full.ratioToLowerBound}; wall ${full.wallSeconds} s)`,
        '≤ 1.05 × lower bound',
        full.simulatedSeconds <= 1.05 * full.lowerBoundSeconds,
      ],
      [
        'sync.incrementalNoChange.requests',
        `${sync.incrementalNoChange.requests} for ${sync.incrementalNoChange.resources} resources five minutes on (minimum ${sync.incrementalNoChange.minimumRequests}: the lastUpdated lists; the other tiers rest)`,
        `≤ ${sync.incrementalNoChange.minimumRequests + 3}`,
        sync.incrementalNoChange.requests <= sync.incrementalNoChange.minimumRequests + 3,
      ],
      [
        'sync.firstIncremental.requests',
        `${sync.firstIncremental.requests} (the sync right after the import: billing lists that finished over an hour before are due)`,
        '',
        null,
      ],
      [
        'sync.hourlyRefresh.requests',
        `${sync.hourlyRefresh.requests} an hour on (minimum ${sync.hourlyRefresh.minimumRequests}: the lists and the billing tier — debtor reports, bills and payments from the day before)`,
        `≤ ${sync.hourlyRefresh.minimumRequests + 3}`,
        sync.hourlyRefresh.requests <= sync.hourlyRefresh.minimumRequests + 3,
      ],
      [
        'sync.steadyState.idleRequestsPerHour',
        `${sync.steadyState.idleRequestsPerHour} (one laptop, ${sync.steadyState.hours} h away from the window)`,
        '≤ 20',
        sync.steadyState.idleRequestsPerHour <= 20,
      ],
      [
        'sync.steadyState.activeRequestsPerHour',
        `${sync.steadyState.activeRequestsPerHour} (${sync.steadyState.hours} h at the window)`,
        '≤ 60',
        sync.steadyState.activeRequestsPerHour <= 60,
      ],
      [
        'sync.steadyState.freshnessSeconds',
        `${sync.steadyState.freshnessSeconds} s (worst, server change → local copy, while active)`,
        '≤ 300',
        sync.steadyState.freshnessSeconds <= 300,
      ],
      [
        'sync.team.responses429',
        `${sync.team.responses429} (${sync.team.laptops} laptops, ${sync.team.hours} h, one Client ID)`,
        '0',
        sync.team.responses429 === 0,
      ],
      [
        'sync.team.interactiveWaitP95Ms',
        `${sync.team.interactiveWaitP95Ms} ms (${sync.team.interactiveRequests} interactive requests)`,
        '≤ 2000',
        sync.team.interactiveWaitP95Ms <= 2000,
      ],
      [
        'sync.team.importSeconds',
        `${sync.team.importSeconds} s (bound the others' use leaves: ${sync.team.importBoundSeconds} s)`,
        '≤ 1.2 × bound',
        sync.team.importSeconds <= 1.2 * sync.team.importBoundSeconds,
      ],
      ['sync.team.converged', `${sync.team.converged}`, 'true', sync.team.converged],
    );
  }
  if (hub)
    rows.push(
      [
        'sync.hub.laptops',
        `${hub.laptops} importing at once (${hub.clients} clients; every laptop has every client: ${hub.everyLaptopHasEveryClient})`,
        '≥ 10',
        hub.laptops >= 10 && hub.everyLaptopHasEveryClient,
      ],
      [
        'sync.hub.laptopPartnerApiRequests',
        `${hub.laptopPartnerApiRequests} (the demo practice's log and each laptop's own)`,
        '0',
        hub.laptopPartnerApiRequests === 0,
      ],
      [
        'sync.hub.importSeconds',
        `${hub.importSeconds} s (one laptop ingesting the same ${hub.fixture.records} records from a file: ${hub.laptopFixtureIngestSeconds} s; hub answers p50 ${hub.perLaptop.hubAnswerP50Ms} ms, p95 ${hub.perLaptop.hubAnswerP95Ms} ms)`,
        '≤ 120 s',
        hub.importSeconds !== null && hub.importSeconds <= 120 && hub.everyLaptopHasEveryClient,
      ],
      [
        'sync.hub.hubImportRequests',
        `${hub.hubImportRequests} (minimum ${hub.hubImportMinimumRequests} with the page size known, ×${hub.hubImportRatio}; ${hub.hubImportProvenEndMinimumRequests} with every end seen, ×${hub.hubImportProvenEndRatio}; ${hub.hubImportSimulatedMinutes} simulated min, wall ${hub.hubImportWallSeconds} s)`,
        '≤ 1.01 × minimum',
        hub.hubImportRequests <= 1.01 * hub.hubImportMinimumRequests,
      ],
      webhookAckRow('sync.hub.webhookAckP99Ms', hub, 200),
      [
        'sync.hub.webhookToLaptopP95Ms',
        `${hub.webhookToLaptopP95Ms ?? 'none'} ms (${hub.webhookToLaptop.arrived} of ${hub.webhookToLaptop.tried} accepted proposals poked; form submitted → poke p95 ${hub.formToPoke.p95Ms} ms, ${hub.formToPoke.arrived} of ${hub.formToPoke.tried}; laptop's re-read ${hub.webhookToLaptop.laptopRereadWired ? 'included' : 'not wired yet'})`,
        '≤ 5000 ms',
        hub.webhookToLaptopP95Ms !== null &&
          hub.webhookToLaptopP95Ms <= 5000 &&
          hub.webhookToLaptop.arrived === hub.webhookToLaptop.tried,
      ],
      [
        'sync.hub.hubIdleRequestsPerHour',
        `${hub.hubIdleRequestsPerHour} (no laptop connected, ${hub.idleHours} h on the virtual clock)`,
        '≤ 15',
        hub.hubIdleRequestsPerHour !== null && hub.hubIdleRequestsPerHour <= 15,
      ],
      [
        'sync.hub.hostile',
        `${hub.hostile.partnerApiRequests} Partner API requests caused in ${hub.hostile.virtualMinutes} virtual min by ${hub.hostile.asks} asks (${JSON.stringify(hub.hostile.answers)}); ${hub.hostile.responses429} × 429 from the practice; accepted proposal → laptop p95 ${hub.hostile.acceptedToLaptopP95Ms ?? 'none'} ms (${hub.hostile.accepted.arrived} of ${hub.hostile.accepted.tried})`,
        '≤ 10 requests, 0 × 429, p95 ≤ 5000 ms',
        hub.hostile.partnerApiRequests <= 10 &&
          hub.hostile.responses429 === 0 &&
          hub.hostile.acceptedToLaptopP95Ms !== null &&
          hub.hostile.acceptedToLaptopP95Ms <= 5000 &&
          hub.hostile.accepted.arrived === hub.hostile.accepted.tried,
      ],
      ['sync.hub.responses429', `${hub.responses429}`, '0', hub.responses429 === 0],
    );
  if (pokeTrip)
    rows.push([
      'sync.hub.pokeTrip',
      `p50 ${pokeTrip.p50Ms} ms, p95 ${pokeTrip.p95Ms} ms form submitted → stored in IndexedDB (${pokeTrip.trips} trips; poke → stored p50 ${pokeTrip.pokeToStoredP50Ms} ms, p95 ${pokeTrip.pokeToStoredP95Ms} ms); bridge crossings per trip ${JSON.stringify(pokeTrip.crossingsPerTrip)}`,
      // The poke, the run's progress (start, the list running, done, idle) and nothing the window has to ask for.
      '≤ 5 crossings beside the pages and their acks',
      pokeTrip.overheadCrossings <= 5,
    ]);
  if (hubPostgres && 'unavailable' in hubPostgres)
    rows.push(['sync.hub.onPostgres', `not measured: ${hubPostgres.unavailable}`, 'measured', false]);
  else if (hubPostgres)
    rows.push(
      [
        'sync.hub.importSecondsPostgres',
        `${hubPostgres.importSeconds} s for ${hubPostgres.laptops} laptops (PostgreSQL ${hubPostgres.postgresVersion}, durable; every laptop has every client: ${hubPostgres.everyLaptopHasEveryClient}; hub answers p50 ${hubPostgres.perLaptop.hubAnswerP50Ms} ms, p95 ${hubPostgres.perLaptop.hubAnswerP95Ms} ms; the hub's own import wall ${hubPostgres.hubImportWallSeconds} s)`,
        '≤ 30 s',
        hubPostgres.importSeconds !== null && hubPostgres.importSeconds <= 30 && hubPostgres.everyLaptopHasEveryClient,
      ],
      webhookAckRow('sync.hub.webhookAckP99MsPostgres', hubPostgres, 50),
      [
        'sync.hub.responses429Postgres',
        `${hubPostgres.responses429}; hostile device ${hubPostgres.hostile.partnerApiRequests} requests`,
        '0',
        hubPostgres.responses429 === 0,
      ],
    );
  if (outbox)
    rows.push(
      [
        'outbox.drainSeconds',
        `${outbox.drainSeconds} s for ${outbox.writes} writes (lower bound ${outbox.lowerBoundSeconds} s; ${outbox.requests} requests; wall ${outbox.wallSeconds} s)`,
        '≤ 1.1 × lower bound',
        outbox.drainSeconds <= 1.1 * outbox.lowerBoundSeconds,
      ],
      ['outbox.responses429', `${outbox.responses429}`, '0', outbox.responses429 === 0],
    );
  if (model)
    rows.push(
      [
        'model.runs',
        `${model.runs} (${model.corpusRuns} seeds that once failed, then fresh from base seed ${model.baseSeed}; ${model.wallSeconds} s wall)`,
        `≥ ${modelTargetRuns}`,
        model.runs >= modelTargetRuns,
      ],
      [
        'model.failures',
        `${model.failures}${model.failures > 0 ? ` (seeds ${model.failedSeeds.map((f) => f.seed).join(', ')})` : ''}; ${model.faultsStruck} of ${model.faultsInjected} faults struck`,
        '0',
        model.failures === 0,
      ],
    );
  if (meetingPack)
    rows.push(
      [
        'meetingPack.typical',
        `estimated ${meetingPack.typical.estimatedRequests}, actual ${meetingPack.typical.actualRequests} requests (error ${meetingPack.typical.errorPercent}%; ${meetingPack.typical.items} items, ${meetingPack.typical.wallSeconds} s wall)`,
        'estimate within 10%',
        meetingPack.typical.errorPercent <= 10,
      ],
      [
        'meetingPack.worstOfClients',
        `worst error ${meetingPack.worstErrorPercent}% over ${meetingPack.clients.length} typical clients; ${meetingPack.responses429} × 429`,
        'within 10%, no 429',
        meetingPack.worstErrorPercent <= 10 && meetingPack.responses429 === 0,
      ],
    );
  if (renderer) {
    const { ingest, search, coldStart, memory } = renderer;
    rows.push(
      [
        'renderer.ingest.recordsPerSecond',
        `${ingest.recordsPerSecond} records/s (pages of 100 with cursor, median of ${ingest.runs.length})`,
        `≥ ${ingest.target}`,
        ingest.met,
      ],
      [
        'renderer.search.p95Ms',
        `${search.p95Ms} ms (p50 ${search.p50Ms} ms, ${search.samples} keystrokes, ${renderer.clients} clients)`,
        `≤ ${search.target} ms`,
        search.met,
      ],
      [
        'renderer.search.p95Ms100k',
        `${search.p95Ms100k} ms (p50 ${search.p50Ms100k} ms, ${search.samples100k} keystrokes, ${search.clients100k} clients)`,
        `≤ ${search.target100k} ms`,
        search.met100k,
      ],
      [
        'renderer.coldStart.ms',
        `${coldStart.ms} ms (median of ${coldStart.runs.length} launches, ${renderer.clients} clients stored) = ${coldStart.floorRatio} × floor`,
        `≤ ${coldStart.floorRatioTarget} × floor (${Math.round(coldStart.floorRatioTarget * coldStart.floorMs)} ms)`,
        coldStart.floorRatio <= coldStart.floorRatioTarget,
      ],
      [
        'renderer.coldStart.floorMs',
        `${coldStart.floorMs} ms (median of ${coldStart.floorRunsMs.length}: a fresh browser paints one line from the same server)`,
        'the reference',
        null,
      ],
      [
        'renderer.coldStart.ratio',
        `${coldStart.ratio} (${coldStart.ms} ms with ${renderer.clients} clients / ${coldStart.emptyMs} ms with none, connected)`,
        `≤ ${coldStart.ratioTarget}`,
        coldStart.ratio <= coldStart.ratioTarget,
      ],
      [
        'renderer.memory.rendererHeapMB',
        `${memory.rendererHeapMB} MB (JS heap after GC, after browsing)`,
        `≤ ${memory.target} MB`,
        memory.met,
      ],
    );
  }
  if (rendererBundle)
    rows.push([
      'renderer.bundle.initialJsKB',
      `${rendererBundle.initialJsKB} KB at start (${rendererBundle.initialFiles.length} files; ${rendererBundle.totalJsKB} KB of JS in all, ${rendererBundle.chunks} files)`,
      `≤ ${rendererBundle.target} KB`,
      rendererBundle.met,
    ]);
  if (pdf)
    rows.push(
      [
        'pdf.firstPageMs',
        `p95 ${pdf.firstPage.p95Ms} ms, median ${pdf.firstPage.p50Ms} ms (two-page bill, ${pdf.firstPage.runsMs.length} opens, worker running)`,
        `p95 ≤ ${pdf.firstPage.target} ms`,
        pdf.firstPage.met,
      ],
      [
        'pdf.firstPageMs.firstOpen',
        `p95 ${pdf.firstOpen.p95Ms} ms, median ${pdf.firstOpen.p50Ms} ms (${pdf.firstOpen.runsMs.length} fresh pages, nothing warmed)`,
        `p95 ≤ ${pdf.firstOpen.target} ms`,
        pdf.firstOpen.met,
      ],
      [
        'pdf.firstPageMs.firstOpenPrepared',
        `p95 ${pdf.firstOpenPrepared.p95Ms} ms, median ${pdf.firstOpenPrepared.p50Ms} ms (fresh pages after the app's warm-up, which took ${pdf.firstOpenPrepared.warmUpP50Ms} ms)`,
        `p95 ≤ ${pdf.firstOpenPrepared.target} ms`,
        pdf.firstOpenPrepared.met,
      ],
    );
  return rows;
}
