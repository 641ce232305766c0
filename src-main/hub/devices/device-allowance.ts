/** A token bucket's rule: how many it holds, and how often one comes back. */
export interface BucketRule {
  size: number;
  refillEveryMs: number;
}

/**
 * Partner API requests one device may make the hub spend on reads it asks for (a read-through, a list or
 * client its hint names): a meeting pack's fifty reads at once, then one a minute. Answers the hub already
 * keeps cost nothing and are never counted.
 */
export const DEVICE_SPEND: BucketRule = { size: 60, refillEveryMs: 60_000 };
/**
 * Asks that may find nothing: a record the practice says does not exist, a client key the hub has never
 * seen, a hint whose re-read changed nothing. Each costly ask holds one until its answer shows it was worth
 * it (then it is given back), so at most this many are in flight, and a device whose asks keep finding
 * nothing gets one more try every five minutes. A laptop asks for what the hub served it, so it rarely
 * spends one (a record deleted at the practice meanwhile, a hint whose change another pass found first).
 */
export const DEVICE_TRUST: BucketRule = { size: 6, refillEveryMs: 5 * 60_000 };

/** A bucket of tokens that come back at a steady rate, up to its size (a rate with a burst). */
export class TokenBucket {
  private tokens: number;
  private countedAt: number;

  constructor(
    private readonly rule: BucketRule,
    now: number,
  ) {
    this.tokens = rule.size;
    this.countedAt = now;
  }

  private refill(now: number): void {
    const elapsed = Math.max(0, now - this.countedAt);
    this.tokens = Math.min(this.rule.size, this.tokens + elapsed / this.rule.refillEveryMs);
    this.countedAt = now;
  }

  /** How long until `n` tokens are there (0: now). */
  waitFor(n: number, now: number): number {
    this.refill(now);
    const missing = Math.min(n, this.rule.size) - this.tokens;
    return missing <= 1e-9 ? 0 : Math.ceil(missing * this.rule.refillEveryMs);
  }

  take(n: number, now: number): void {
    this.refill(now);
    this.tokens -= n;
  }

  /** Takes up to `n`, never below empty: strikes keep a device waiting for the next token, not for days. */
  takeUpTo(n: number, now: number): void {
    this.refill(now);
    this.tokens = Math.max(0, this.tokens - n);
  }

  give(n: number, now: number): void {
    this.refill(now);
    this.tokens = Math.min(this.rule.size, this.tokens + n);
  }
}

/** What the hub learnt from an ask it paid for: worth it (a record, a change), or wasted (nothing there). */
export type AskOutcome = 'useful' | 'wasted';

export type AllowanceAnswer =
  { granted: true; settle(outcome: AskOutcome): void } | { granted: false; retryAfterMs: number };

/** A device asked for more than its allowance: the hub answers 429 with Retry-After and spends nothing. */
export class DeviceThrottledError extends Error {
  constructor(readonly retryAfterMs: number) {
    super(
      `This laptop has asked the hub for more than it may read from the practice for now; ` +
        `try again in ${Math.max(1, Math.ceil(retryAfterMs / 1000))} s.`,
    );
  }
}

/**
 * How much of the practice's request budget each device may make the hub spend. The budget is the hub's:
 * webhook work and the mirror's passes never ask here; only what a laptop asks for does. Kept in the memory
 * of the process that spends (the mirror leader): a new leader starts every device with full buckets, which
 * bounds a device's cost to one bucket more per takeover.
 */
export function createDeviceAllowance(deps: { now: () => number; spend?: BucketRule; trust?: BucketRule }) {
  const spendRule = deps.spend ?? DEVICE_SPEND;
  const trustRule = deps.trust ?? DEVICE_TRUST;
  const devices = new Map<string, { spend: TokenBucket; trust: TokenBucket }>();

  function bucketsOf(device: string) {
    let buckets = devices.get(device);
    if (!buckets) {
      const now = deps.now();
      buckets = { spend: new TokenBucket(spendRule, now), trust: new TokenBucket(trustRule, now) };
      devices.set(device, buckets);
    }
    return buckets;
  }

  return {
    /**
     * Before the hub spends `cost` requests for this device: granted (settle it with what the answer was),
     * or how long the device must wait. Nothing is taken when refused.
     */
    ask(device: string, cost = 1): AllowanceAnswer {
      const now = deps.now();
      const { spend, trust } = bucketsOf(device);
      const waitMs = Math.max(trust.waitFor(1, now), spend.waitFor(cost, now));
      if (waitMs > 0) return { granted: false, retryAfterMs: waitMs };
      spend.take(cost, now);
      trust.take(1, now);
      let settled = false;
      return {
        granted: true,
        settle(outcome) {
          if (settled) return;
          settled = true;
          if (outcome === 'useful') trust.give(1, deps.now());
        },
      };
    },
    /** The device asked for something that does not exist and the hub knew it without a request. */
    strike(device: string): void {
      bucketsOf(device).trust.takeUpTo(1, deps.now());
    },
    /** The same as `ask`, throwing DeviceThrottledError when refused. */
    require(device: string, cost = 1): { settle(outcome: AskOutcome): void } {
      const answer = this.ask(device, cost);
      if (!answer.granted) throw new DeviceThrottledError(answer.retryAfterMs);
      return answer;
    },
  };
}
export type DeviceAllowance = ReturnType<typeof createDeviceAllowance>;
