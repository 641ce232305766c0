import { startNodeApp, unlimitedBudget, type NodeApp } from './node-companion';

/**
 * A laptop's main, composed in Node with a budget that never holds it back, that notes every URL it fetches
 * into `requests`: the hub's tests prove with it that a laptop asked the hub and nothing else.
 */
export function startRecordingLaptop(requests: string[]): Promise<NodeApp> {
  return startNodeApp({
    deps: { budgetLimits: unlimitedBudget },
    wrapFetch: (fetch) => (input, init) => {
      requests.push(input instanceof Request ? input.url : String(input));
      return fetch(input, init);
    },
  });
}
