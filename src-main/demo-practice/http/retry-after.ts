import type { DemoOptions } from '../options';

/** Retry-After as delta-seconds (default) or an HTTP date, per options (contract: units not shown). */
export function retryAfterHeader(options: Pick<DemoOptions, 'retryAfterUnit'>, nowMs: number, seconds: number): string {
  return options.retryAfterUnit === 'http-date' ? new Date(nowMs + seconds * 1000).toUTCString() : String(seconds);
}
