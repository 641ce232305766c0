import { randomUUID } from 'node:crypto';
import type { DeviceCredential } from '../../src-main/hub/devices/devices';
import type { Poke } from '../../src-main/hub/http/change-stream';
import { HUB_CHANGES_PATH } from '../../src-preload/contract/live-updates';
import { WEBHOOK_PATH } from '../../src-main/hub/webhooks/webhook-path';
import { signDelivery } from '../../src-main/partner-api/webhook-signature';
import type { BudgetTimer } from '../../src-main/request-budget/budget-timer';

export const percentile = (values: readonly number[], p: number): number | null => {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? null;
};

/**
 * Signed deliveries POSTed at the hub's webhook URL, as the practice sends them (`sha256=` HMAC over
 * timestamp + "." + raw body, a fresh event id each), `concurrency` at a time: ms from sending to the answer.
 * They are real events of the hub's practice, so each new one also sets the mirror's re-read going.
 */
export async function webhookAcks(options: {
  webhookUrl: string;
  secret: string;
  practiceKey: string;
  timer: BudgetTimer;
  deliveries: number;
  concurrency: number;
}): Promise<{ ms: number[]; statuses: Record<string, number> }> {
  const ms: number[] = [];
  const statuses: Record<string, number> = {};
  async function deliver(): Promise<void> {
    const eventId = randomUUID();
    const body = JSON.stringify({
      eventId,
      event: 'eform.submitted',
      schemaVersion: 1,
      occurredOn: new Date(options.timer.now()).toISOString(),
      practiceKey: options.practiceKey,
      isTest: false,
      data: { formKey: randomUUID() },
    });
    const timestamp = String(Math.floor(options.timer.now() / 1000));
    const started = performance.now();
    const response = await fetch(options.webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-svc-timestamp': timestamp,
        'x-svc-signature': signDelivery(options.secret, timestamp, body),
        'x-svc-event-id': eventId,
      },
      body,
    });
    await response.arrayBuffer();
    ms.push(performance.now() - started);
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
  }
  for (let sent = 0; sent < options.deliveries; sent += options.concurrency)
    await Promise.all(Array.from({ length: Math.min(options.concurrency, options.deliveries - sent) }, deliver));
  return { ms, statuses };
}
export const webhookUrlOf = (hubUrl: string) => `${hubUrl}${WEBHOOK_PATH}`;

/** A connected laptop's view of the hub's change stream: the pokes it has received, in order. */
export async function openChangeStream(hubUrl: string, device: DeviceCredential) {
  const controller = new AbortController();
  const response = await fetch(`${hubUrl}${HUB_CHANGES_PATH}`, {
    headers: { 'X-Svc-Auth-ID': device.id, 'X-Svc-Auth-Key': device.token },
    signal: controller.signal,
  });
  if (!response.ok || !response.body) throw new Error(`the change stream answered ${response.status}`);
  const pokes: { at: number; poke: Poke }[] = [];
  let ready = false;
  let buffer = '';
  const reading = (async () => {
    const decoder = new TextDecoder();
    const reader = response.body!.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      buffer += decoder.decode(chunk.value, { stream: true });
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const message = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (/^event: ready$/m.test(message)) ready = true;
        const data = /^event: poke\ndata: (.*)$/m.exec(message)?.[1];
        if (data) pokes.push({ at: performance.now(), poke: JSON.parse(data) as Poke });
      }
    }
  })().catch(() => undefined);
  for (const start = performance.now(); !ready; await new Promise((r) => setTimeout(r, 20)))
    if (performance.now() - start > 10_000) throw new Error('the change stream never said ready');
  return {
    /** The first poke received at or after `since` (performance.now()) that `matches`, or null after `ms`. */
    async next(since: number, matches: (poke: Poke) => boolean, ms: number, pump?: () => void) {
      for (const deadline = performance.now() + ms; performance.now() < deadline;) {
        const found = pokes.find((p) => p.at >= since && matches(p.poke));
        if (found) return found;
        pump?.();
        await new Promise((r) => setTimeout(r, 10));
      }
      return null;
    },
    async close() {
      controller.abort();
      await reading;
    },
  };
}
export type ChangeStreamView = Awaited<ReturnType<typeof openChangeStream>>;

/**
 * The laptop's own step after a poke: re-read what it names and show it in its local copy. Main does not
 * relay pokes to a laptop's sync yet, so the benchmark's default does nothing and says so; once main relays
 * them, this is the one step to wire (a laptop's sync engine + ingest reading the poke's lists).
 */
export type LaptopReread = ((poke: Poke) => Promise<void>) & { wired: boolean };
export const rereadNotWired: LaptopReread = Object.assign(async () => undefined, { wired: false });

/**
 * What a connected laptop reads after a poke, as its window does (`src-renderer/sync/live-updates.ts`):
 * each named client's proposals when the poke names `proposals` (its `practice.read` through the hub), and
 * the changes of each other list named (its sync pass of those lists: one page asking for what changed in
 * the last minute). The requests go to the hub with a device's credentials; storing the answer in the
 * laptop's IndexedDB is left out (a few milliseconds, measured by the import figures).
 */
export function rereadFromHub(hubUrl: string, device: DeviceCredential): LaptopReread {
  const get = async (path: string) => {
    const response = await fetch(`${hubUrl}/api/v1${path}`, {
      headers: { 'X-Svc-Auth-ID': device.id, 'X-Svc-Auth-Key': device.token },
    });
    if (!response.ok) throw new Error(`the hub answered ${response.status} for ${path}`);
    await response.json();
  };
  const reread = async (poke: Poke) => {
    const since = new Date(Date.now() - 60_000).toISOString();
    const reads: Promise<void>[] = [];
    for (const list of poke.lists) {
      if (list === 'proposals')
        for (const client of poke.clients ?? []) reads.push(get(`/proposals/list?entityKey=${client}`));
      else if (['entities', 'contacts', 'onboardings', 'leads'].includes(list))
        reads.push(get(`/${list}/list?lastUpdated=${encodeURIComponent(since)}&pageNumber=1`));
    }
    await Promise.all(reads);
  };
  return Object.assign(reread, { wired: true });
}

/**
 * A client's action at the practice → signed delivery → hub's ack and re-read → mirror changed → poke on the
 * change stream → the laptop's re-read. Each sample's latency is the real time it took plus any virtual time
 * the hub's request budget made its re-read wait (the demo and the hub's budget share a virtual clock, on
 * which such a wait costs no real time). A sample with no matching poke within `timeoutMs` is a miss; after
 * `giveUpAfter` misses in a row the rest are not tried.
 */
export async function actionToLaptop<T>(options: {
  stream: ChangeStreamView;
  timer: BudgetTimer;
  samples: readonly T[];
  act: (sample: T) => void;
  matches: (sample: T, poke: Poke) => boolean;
  reread: LaptopReread;
  timeoutMs: number;
  giveUpAfter: number;
  /** Before each sample: lets the practice's clock move on (client actions come minutes apart, not at once). */
  before?: () => void;
  /** While waiting: moves a held virtual clock for the hub's request budget (test/support/virtual-clock-driver.ts). */
  pump?: () => void;
}): Promise<{ ms: number[]; tried: number; missed: number; virtualWaitMs: number }> {
  const ms: number[] = [];
  let tried = 0;
  let missed = 0;
  let missedInARow = 0;
  let virtualWaitMs = 0;
  for (const sample of options.samples) {
    if (missedInARow >= options.giveUpAfter) break;
    tried += 1;
    options.before?.();
    const started = performance.now();
    const virtualStart = options.timer.now();
    options.act(sample);
    const poked = await options.stream.next(
      started,
      (poke) => options.matches(sample, poke),
      options.timeoutMs,
      options.pump,
    );
    if (!poked) {
      missed += 1;
      missedInARow += 1;
      continue;
    }
    missedInARow = 0;
    await options.reread(poked.poke);
    const waited = options.timer.now() - virtualStart;
    virtualWaitMs += waited;
    ms.push(performance.now() - started + waited);
  }
  return { ms, tried, missed, virtualWaitMs };
}
