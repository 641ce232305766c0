import { closeScenario, runTypicalPack, startPackScenario, typicalClient } from '../support/meeting-pack-scenario';

const CLIENTS = 5;
const round = (value: number, digits = 1) => Number(value.toFixed(digits));

/**
 * A meeting pack for a typical client (bills with PDFs, statements, a proposal), as a user meets it:
 * the client is opened online (its lists read on demand), the panel's estimate is taken, then the pack
 * runs at prefetch priority against the demo practice (rate limiter on, contract limits). Actual
 * requests are counted by the server. Repeated for several typical clients to show the spread.
 */
export async function benchMeetingPack() {
  const scenario = await startPackScenario({ seed: 21 });
  try {
    const state = scenario.state();
    const first = typicalClient(scenario);
    const candidates = [
      first,
      ...[...state.entities.values()].filter(
        (e) =>
          e !== first &&
          !e.entityTerminated &&
          [...state.statements.values()].some((s) => s.entityKey === e.entityKey) &&
          [...state.proposals.values()].some((p) => p.entityKey === e.entityKey),
      ),
    ].slice(0, CLIENTS);
    const clients = [];
    for (const entity of candidates) {
      const started = performance.now();
      const { pack, estimatedRequests, serverRequests } = await runTypicalPack(scenario, entity);
      if (pack.state !== 'complete') throw new Error(`pack for ${entity.fullEntityName} ended ${pack.state}`);
      clients.push({
        estimatedRequests,
        actualRequests: serverRequests,
        errorPercent: round((100 * Math.abs(serverRequests - estimatedRequests)) / serverRequests),
        items: pack.items.length,
        wallSeconds: round((performance.now() - started) / 1000, 2),
      });
    }
    return {
      typical: clients[0]!,
      clients,
      worstErrorPercent: Math.max(...clients.map((c) => c.errorPercent)),
      responses429: scenario.app.demo().runtime.requestLog.filter((r) => r.status === 429).length,
    };
  } finally {
    await closeScenario(scenario);
  }
}
