import { HEADER_SLACK_MS } from './budget-ledger';

/** No exchange takes longer (the API client's timeout is 30 s): a grant older than this was never answered. */
const FORGET_AFTER_MS = 60_000;

/**
 * How far back a response's headers may look: the server counted its window when the request arrived,
 * we compare when the response arrives, and sends that left the window in between would look like someone
 * else's. A fixed 5 s margin (HEADER_SLACK_MS) is safe but blind: every send of ours from those 5 s is
 * assumed still counted, and hides as many sends of other laptops from us (at 45 a minute, four of them).
 * So the margin is the age of the oldest grant not yet answered (responses mostly come back in the order
 * the requests went out; when they do not, that grant is older than the answered one, so the margin is
 * wider, never narrower), and at most HEADER_SLACK_MS. With nothing outstanding it is HEADER_SLACK_MS.
 */
export function createExchangeSlack() {
  const outstanding: number[] = []; // grant times, ascending

  const forget = (now: number): void => {
    let stale = 0;
    while (stale < outstanding.length && (outstanding[stale] as number) < now - FORGET_AFTER_MS) stale += 1;
    if (stale > 0) outstanding.splice(0, stale);
  };

  return {
    granted(at: number): void {
      forget(at);
      outstanding.push(at);
    },
    /** Grants not yet answered: sends the server may not have counted yet. */
    inFlight: (): number => outstanding.length,
    /** The margin for the response observed now (it answers the oldest outstanding grant). */
    answered(now: number): number {
      forget(now);
      const oldest = outstanding.shift();
      return oldest === undefined ? HEADER_SLACK_MS : Math.min(HEADER_SLACK_MS, Math.max(0, now - oldest));
    },
  };
}
