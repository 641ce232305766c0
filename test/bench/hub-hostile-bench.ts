import type { DemoPractice } from '../../src-main/demo-practice/create-demo-practice';
import type { DeviceCredential } from '../../src-main/hub/devices/devices';
import type { RunningHub } from '../../src-main/hub/start-hub';
import type { VirtualTimer } from '../../src-main/request-budget/budget-timer';
import type { ExchangeRecord } from '../support/virtual-time-http';
import { actionToLaptop, percentile, type ChangeStreamView, type LaptopReread } from './hub-live-bench';

const MINUTES = 10;
const BURSTS_PER_MINUTE = 12;
const LISTS = ['entities', 'contacts', 'leads', 'onboardings', 'bills', 'payments', 'users'];

/**
 * A hostile enrolled device for ten virtual minutes, beside a well-behaved laptop on the change stream: each
 * minute, twelve bursts of bills that do not exist (detail and PDF), random client keys' proposals and
 * statements, and hints naming every list and random clients; a hundred change streams at the start. Each
 * minute a client accepts a proposal at the practice; its way to the good laptop is timed as in the live
 * figures. What the hostile device caused is every Partner API request of the window but the accepted
 * clients' proposal reads (the hub's own webhook work; its backstop does not run in the window).
 */
export async function hostileDevice(options: {
  hub: RunningHub;
  demo: DemoPractice;
  timer: VirtualTimer;
  log: readonly ExchangeRecord[];
  stream: ChangeStreamView;
  reread: LaptopReread;
  quick: boolean;
  /** The held virtual clock, moved for the hub's request budget while waiting (test/support/virtual-clock-driver.ts). */
  clock: { pump: () => void; until: <T>(promise: Promise<T>) => Promise<T> };
}) {
  const { hub, demo, timer } = options;
  const state = demo.runtime.practices[0]!;
  const hostile: DeviceCredential = await hub.devices.add('Hostile laptop');
  const headers = { 'X-Svc-Auth-ID': hostile.id, 'X-Svc-Auth-Key': hostile.token };
  const statuses: Record<string, number> = {};
  const note = async (response: Response) => {
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    await response.body?.cancel();
  };
  const ask = (path: string, init: RequestInit = {}) =>
    fetch(`${hub.hubUrl}${path}`, { ...init, headers: { ...headers, ...(init.headers ?? {}) } }).then(note, () => {
      statuses.failed = (statuses.failed ?? 0) + 1;
    });
  let missing = 990_000_000;
  const burst = () => {
    const asks: Promise<void>[] = [];
    for (let i = 0; i < 5; i++) {
      missing += 1;
      asks.push(ask(`/api/v1/bills/${missing}`), ask(`/api/v1/bills/${missing}/pdf`));
      asks.push(ask(`/api/v1/proposals/list?entityKey=${crypto.randomUUID()}`));
      asks.push(ask(`/api/v1/statements/list?entityKey=${crypto.randomUUID()}`));
      asks.push(
        ask('/hub/v1/hints', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ resources: LISTS, clientKeys: [crypto.randomUUID()] }),
        }),
      );
    }
    return Promise.all(asks);
  };

  const streams = await options.clock.until(
    Promise.all(
      Array.from({ length: 100 }, () =>
        fetch(`${hub.hubUrl}/hub/v1/changes`, { headers }).then(async (response) => {
          statuses[`stream ${response.status}`] = (statuses[`stream ${response.status}`] ?? 0) + 1;
          if (response.status !== 200) await response.body?.cancel();
          return response;
        }),
      ),
    ),
  );
  const from = options.log.length;
  const minutes = options.quick ? 3 : MINUTES;
  // Proposals the live figures did not accept.
  const proposals = [...state.proposals.values()].filter((p) => p.statusName === 'Sent').slice(-minutes);
  const floods: Promise<unknown>[] = [];
  const accepted = await actionToLaptop({
    stream: options.stream,
    timer,
    samples: proposals,
    // A minute passes; the device floods that minute's bursts while the client accepts.
    before: () => {
      timer.advanceTo(timer.now() + 60_000);
      floods.push(
        (async () => {
          for (let i = 0; i < BURSTS_PER_MINUTE; i++) await burst();
        })(),
      );
    },
    act: (proposal) => demo.acceptProposal(proposal.proposalKey),
    matches: (proposal, poke) =>
      poke.lists.includes('proposals') && (poke.clients === null || poke.clients.includes(proposal.entityKey)),
    reread: options.reread,
    pump: options.clock.pump,
    timeoutMs: 10_000,
    giveUpAfter: 3,
  });
  await options.clock.until(Promise.all(floods));
  // The hints' rounds the flood stored, done before counting.
  await options.clock.until(new Promise((resolve) => setTimeout(resolve, 1_500)));
  for (const response of streams) if (response.status === 200) await response.body?.cancel().catch(() => undefined);
  const acceptedClients = new Set(proposals.map((p) => p.entityKey.toLowerCase()));
  const window = options.log.slice(from);
  const caused = window.filter((r) => {
    const url = new URL(r.url);
    const entityKey = url.searchParams.get('entityKey')?.toLowerCase();
    return !(url.pathname.endsWith('/proposals/list') && entityKey && acceptedClients.has(entityKey));
  });
  return {
    virtualMinutes: minutes,
    asks: Object.entries(statuses).reduce((n, [key, count]) => n + (key.startsWith('stream') ? 0 : count), 0),
    answers: statuses,
    partnerApiRequests: caused.length,
    causedPaths: caused.map((r) => new URL(r.url).pathname.replace(/^.*\/api\/v1/, '')),
    responses429: window.filter((r) => r.status === 429).length,
    acceptedToLaptopP95Ms: percentile(accepted.ms, 95),
    accepted: { tried: accepted.tried, arrived: accepted.ms.length },
  };
}
