import { describe, expect, it } from 'vitest';
import { submitForm } from '../../../src-main/demo-practice/routes/demo-control';
import { HELD_CLIENT_BOUND_MS } from '../../../src-main/hub/clients/held-clients-backstop';
import { DEFAULT_IDLE_MIRROR_EVERY_MS, DEFAULT_MIRROR_EVERY_MS } from '../../../src-main/hub/start-hub';
import { createVirtualTimer } from '../../../src-main/request-budget/budget-timer';
import { clockOf, createVirtualTimeFetch } from '../../support/virtual-time-http';
import { openChangeStream } from './change-stream-reader';
import { hubTestEngine } from './hub-database';
import { askHub } from './hub-laptop-requests';
import { useHubTestBed } from './hub-test-bed';

/**
 * Webhooks are a hint: with none delivered for a whole (virtual) day, every change the practice made reaches
 * the hub — and the laptops it pokes — within its documented bound (docs/hub.md, "When a webhook is lost"):
 * a held client's accepted proposal within an hour while laptops are connected and a day while none is; a
 * submitted form's onboarding within the backstop pass's interval.
 */
const bed = useHubTestBed('hub-bounds-');
const MINUTE = 60_000;

interface Change {
  what: string;
  at: number;
  bound: number;
  seen: (hubRecord: (resource: string, key: string) => Promise<Record<string, unknown> | null>) => Promise<boolean>;
  seenAt?: number;
}

describe(`a day without webhooks, on ${hubTestEngine}`, () => {
  it('brings every change to the hub within its bound, connected and not', async () => {
    const timer = createVirtualTimer(Date.parse('2026-11-02T07:00:00.000Z'));
    const demo = await bed.openDemo({ seed: 5, clock: clockOf(timer), rateLimit: { enabled: true } });
    const http = createVirtualTimeFetch(timer);
    // Not subscribed: the practice delivers nothing to this hub all day.
    const hub = await bed.startHub({ fetch: http.fetch, timer });
    const state = demo.runtime.practices[0]!;
    // From here the test moves the clock, one minute at a time, once the hub's work of the minute is done.
    const release = timer.hold();
    const hubRecord = async (resource: string, key: string) => {
      const [row] = await hub.db.query<{ record: unknown }>(
        'SELECT record FROM mirror_records WHERE resource = $1 AND key = $2',
        [resource, key],
      );
      if (!row) return null;
      return (typeof row.record === 'string' ? JSON.parse(row.record) : row.record) as Record<string, unknown>;
    };
    const changes: Change[] = [];
    let minute = 0;
    async function step(): Promise<void> {
      timer.advanceTo(timer.now() + MINUTE);
      minute += 1;
      for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
      // A pass waiting in the request budget for a later minute is left to it.
      await Promise.race([hub.settled(), new Promise((resolve) => setTimeout(resolve, 1_000))]);
      for (const change of changes.filter((c) => c.seenAt === undefined))
        if (await change.seen(hubRecord)) change.seenAt = timer.now();
    }

    // A laptop opens six clients with proposals waiting for acceptance: the hub holds their proposals.
    const laptop = await hub.devices.add('Laptop');
    const sent = [...state.proposals.values()].filter((p) => p.statusName === 'Sent');
    const clients = [...new Set(sent.map((p) => p.entityKey.toLowerCase()))].slice(0, 6);
    expect(clients).toHaveLength(6);
    const asked = Promise.all(clients.map((key) => askHub(hub, `/proposals/list?entityKey=${key}`, laptop)));
    let answered = false;
    void asked.then(() => (answered = true));
    while (!answered) await step();
    expect((await asked).map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const stream = await openChangeStream(hub.hubUrl, laptop);

    const acceptOne = (clientIndex: number, bound: number) => {
      const proposal = sent.find((p) => p.entityKey.toLowerCase() === clients[clientIndex] && p.statusName === 'Sent')!;
      demo.acceptProposal(proposal.proposalKey);
      changes.push({
        what: `proposal ${proposal.proposalKey} accepted`,
        at: timer.now(),
        bound,
        seen: async (record) =>
          (await record('proposals', proposal.proposalKey.toLowerCase()))?.statusName === 'Accepted',
      });
    };
    const forms = [...state.onboardings.values()].filter((o) => {
      const form = state.eforms.get(o.formKey);
      return form?.status === 'sent' && !form.stackKey && o.statusID !== 3 && o.statusID !== 4;
    });
    const submitOne = (index: number, bound: number) => {
      const onboarding = forms[index]!;
      submitForm(demo.runtime, onboarding.formKey);
      changes.push({
        what: `form of onboarding ${onboarding.onboardingKey} submitted`,
        at: timer.now(),
        bound,
        seen: async (record) => Number((await record('onboardings', onboarding.onboardingKey))?.statusID) === 3,
      });
    };

    // Three hours with the laptop connected: changes at odd minutes, each due within the connected bound.
    const connected = { proposals: HELD_CLIENT_BOUND_MS.active, onboardings: DEFAULT_MIRROR_EVERY_MS + MINUTE };
    for (let at = 0; at < 3 * 60; at++) {
      if (at === 7) acceptOne(0, connected.proposals);
      if (at === 20) submitOne(0, connected.onboardings);
      if (at === 71) acceptOne(1, connected.proposals);
      if (at === 133) submitOne(1, connected.onboardings);
      if (at === 151) acceptOne(2, connected.proposals);
      await step();
    }
    stream.close();
    // No laptop for the rest of the day: the idle bounds.
    const away = { proposals: HELD_CLIENT_BOUND_MS.idle, onboardings: DEFAULT_IDLE_MIRROR_EVERY_MS + MINUTE };
    for (let at = 3 * 60; at < 27 * 60 && changes.some((c) => c.seenAt === undefined || at < 6 * 60); at++) {
      if (at === 3 * 60 + 30) acceptOne(3, away.proposals);
      if (at === 4 * 60 + 10) submitOne(2, away.onboardings);
      if (at === 5 * 60 + 45) acceptOne(4, away.proposals);
      await step();
    }
    release();

    const late = changes.map((c) => ({
      what: c.what,
      minutes: c.seenAt === undefined ? null : (c.seenAt - c.at) / MINUTE,
      boundMinutes: c.bound / MINUTE,
    }));
    expect(late.filter((c) => c.minutes === null || c.minutes > c.boundMinutes)).toEqual([]);
    expect(changes).toHaveLength(8);
    // While it was connected, the laptop was poked about each client whose proposal the hub found accepted.
    for (const client of clients.slice(0, 3))
      expect(stream.pokes.some((poke) => poke.lists.includes('proposals') && poke.clients?.includes(client))).toBe(
        true,
      );
    // And all of it within the practice's limits.
    expect(http.log.filter((r) => r.status === 429)).toEqual([]);
    expect(minute).toBeGreaterThan(6 * 60);
  }, 300_000);
});
