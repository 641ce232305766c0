/** Time is injected so tests and benchmarks can run on virtual time. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };
