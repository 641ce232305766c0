import { lookup as dnsLookup } from 'node:dns/promises';
import type { Clock } from '../../clock';
import type { DemoOptions } from '../options';
import { loopbackTarget, type LookupAll } from './loopback-target';
import { signDelivery } from '../../partner-api/webhook-signature';

export interface DeliveryAttempt {
  eventId: string;
  subscriptionId: number;
  attempt: number;
  at: string;
  /** HTTP status, or null when the request failed (timeout, refused, blocked). */
  status: number | null;
  error: string | null;
}

interface Job {
  eventId: string;
  event: string;
  subscriptionId: number;
  url: string;
  secret: string;
  body: string;
  attempt: number;
  onResult: (status: number | null, at: string) => void;
}

/**
 * Delivers signed events and retries failures on a schedule. Every attempt of an event carries the
 * same X-Svc-Event-Id and byte-identical body; each attempt is signed with its own timestamp.
 */
export function createWebhookDeliverer(deps: {
  clock: Clock;
  settings: () => DemoOptions['webhooks'];
  fetch?: typeof globalThis.fetch;
  lookup?: LookupAll;
}) {
  const doFetch = deps.fetch ?? globalThis.fetch;
  const lookup = deps.lookup ?? ((hostname: string) => dnsLookup(hostname, { all: true }));
  const attempts: DeliveryAttempt[] = [];
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let inFlight = 0;
  let idleWaiters: (() => void)[] = [];
  let stopped = false;

  const settleIfIdle = (): void => {
    if (inFlight === 0 && timers.size === 0) {
      for (const resolve of idleWaiters) resolve();
      idleWaiters = [];
    }
  };

  async function attempt(job: Job): Promise<void> {
    inFlight++;
    const settings = deps.settings();
    const at = deps.clock.now();
    const timestamp = String(Math.floor(at.getTime() / 1000));
    let status: number | null = null;
    let error: string | null = null;
    try {
      let url = new URL(job.url);
      if (!settings.allowExternalHosts) {
        const target = await loopbackTarget(url, lookup);
        if ('refused' in target)
          throw new Error(`blocked: the demo practice only delivers to this machine (${target.refused})`);
        url = target.url;
      }
      const response = await doFetch(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Svc-Event': job.event,
          'X-Svc-Event-Id': job.eventId,
          'X-Svc-Timestamp': timestamp,
          'X-Svc-Signature': signDelivery(job.secret, timestamp, job.body),
        },
        body: job.body,
        signal: AbortSignal.timeout(settings.timeoutMs),
        redirect: 'manual',
      });
      status = response.status;
      await response.arrayBuffer().catch(() => undefined);
    } catch (caught) {
      error = caught instanceof Error ? caught.message : String(caught);
    } finally {
      inFlight--;
    }
    attempts.push({
      eventId: job.eventId,
      subscriptionId: job.subscriptionId,
      attempt: job.attempt,
      at: at.toISOString(),
      status,
      error,
    });
    job.onResult(status, at.toISOString());

    const ok = status !== null && status >= 200 && status < 300;
    const blocked = error?.startsWith('blocked:') ?? false;
    const delay = settings.retryScheduleMs[job.attempt];
    if (!ok && !blocked && delay !== undefined && !stopped) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        void attempt({ ...job, attempt: job.attempt + 1 });
      }, delay);
      timers.add(timer);
    }
    settleIfIdle();
  }

  return {
    /** Queues the first attempt now; the API answer never waits for the receiver. */
    deliver(job: Omit<Job, 'attempt'>): void {
      if (stopped) return;
      void attempt({ ...job, attempt: 0 });
    },
    attempts: (): readonly DeliveryAttempt[] => attempts,
    /** Resolves when no attempt is running or scheduled (tests). */
    idle(): Promise<void> {
      return new Promise((resolve) => {
        idleWaiters.push(resolve);
        settleIfIdle();
      });
    },
    stop(): void {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      settleIfIdle();
    },
  };
}
export type WebhookDeliverer = ReturnType<typeof createWebhookDeliverer>;
