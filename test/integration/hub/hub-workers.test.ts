import { describe, expect, it } from 'vitest';
import type { WebhookDelivery } from '../../../src-preload/contract/partner-api';
import { createVirtualTimer } from '../../../src-main/request-budget/budget-timer';
import { createDeviceAllowance } from '../../../src-main/hub/devices/device-allowance';
import { createHintWorker } from '../../../src-main/hub/hints/hint-worker';
import { createInboxWorker } from '../../../src-main/hub/webhooks/inbox-worker';
import { createHubLog } from '../../../src-main/hub/watch/hub-log';
import { hubTestEngine, useHubDatabase } from './hub-database';

/**
 * The hub's workers as units: a migrated database, a virtual clock the test holds, and fakes for the Partner
 * API work (a mirror pass, a client's re-read). What the whole hub adds (HTTP, signals, leadership) is tried
 * in the hub-*.test.ts files; here, the rules of the rounds themselves, stepped exactly.
 */
const hub = useHubDatabase();
const { log } = createHubLog({ level: 'silent' });
const turns = async (n = 5) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
};
/** Until `done` says so, letting the database answer (real I/O) while the virtual clock stays where it is. */
async function until(what: string, done: () => boolean | Promise<boolean>): Promise<void> {
  for (const started = Date.now(); !(await done()); await turns())
    if (Date.now() - started > 10_000) throw new Error(`never: ${what}`);
}
const storeHint = (device: string, resources: string[], clientKeys: string[] = []) =>
  hub
    .db()
    .query('INSERT INTO hub_hints (device_id, resources, client_keys) VALUES ($1, $2::jsonb, $3::jsonb)', [
      device,
      JSON.stringify(resources),
      JSON.stringify(clientKeys),
    ]);
const storedHints = async () =>
  Number((await hub.db().query<{ n: string }>('SELECT count(*)::text AS n FROM hub_hints'))[0]!.n);

describe(`the hint worker, on ${hubTestEngine} and a virtual clock`, () => {
  it('gathers hints, then does one round per gap, however many devices send them', async () => {
    const clock = createVirtualTimer(Date.parse('2026-11-29T09:00:00Z'));
    clock.hold();
    const passes: { at: number; lists: readonly string[] }[] = [];
    const hints = createHintWorker(hub.db(), {
      mayWork: () => true,
      mirrorPass: async (lists) => void passes.push({ at: clock.now(), lists }),
      refreshClient: async () => undefined,
      clock,
      gapMs: 10_000,
      gatherMs: 200,
      log,
    });
    const start = clock.now();
    for (let device = 0; device < 10; device += 1) {
      await storeHint(`laptop-${device}`, ['leads']);
      hints.wake();
    }
    await turns();
    // Gathered first: nothing until the gather time has passed.
    expect(passes).toEqual([]);
    clock.advanceTo(start + 200);
    await until('the first round', () => passes.length === 1);
    await until('its hints deleted', async () => (await storedHints()) === 0);
    expect(passes).toEqual([{ at: start + 200, lists: ['leads'] }]);

    // More hints within the gap wait for it, whoever sends them, and share one round.
    for (let device = 0; device < 10; device += 1) {
      await storeHint(`laptop-${device}`, ['leads', 'contacts']);
      hints.wake();
    }
    clock.advanceTo(start + 5_000);
    await turns();
    expect(passes).toHaveLength(1);
    clock.advanceTo(start + 10_200);
    await until('the second round', () => passes.length === 2);
    expect(passes[1]).toEqual({ at: start + 10_200, lists: ['leads', 'contacts'] });
    await until('its hints deleted', async () => (await storedHints()) === 0);
    await hints.stop();
  });

  it("pays each device's hints from its own allowance: a flood from one device costs it, not the practice", async () => {
    const clock = createVirtualTimer(Date.parse('2026-11-29T10:00:00Z'));
    clock.hold();
    const allowance = createDeviceAllowance({ now: () => clock.now(), spend: { size: 3, refillEveryMs: 60_000 } });
    const passes: (readonly string[])[] = [];
    const refreshed: string[] = [];
    const held = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
    const notHeld = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
    const hints = createHintWorker(hub.db(), {
      mayWork: () => true,
      mirrorPass: async (lists) => void passes.push(lists),
      refreshClient: async (key) => void refreshed.push(key),
      holdsClient: async (key) => key === held,
      allowance,
      clock,
      gapMs: 10_000,
      gatherMs: 200,
      log,
    });
    for (let i = 0; i < 50; i += 1) await storeHint('noisy', ['bills'], [held, notHeld]);
    hints.wake();
    clock.advanceTo(clock.now() + 200);
    await until('the round', async () => (await storedHints()) === 0);
    // One round for fifty hints: the list once, each named client once (one the hub does not hold costs its
    // sender nothing: its refresh reads nothing, clients/client-reads.ts).
    expect(passes).toEqual([['bills']]);
    expect(refreshed.sort()).toEqual([held, notHeld]);
    // The flood spent the device's own allowance (three here), not the practice's requests.
    expect(allowance.ask('noisy').granted).toBe(false);
    expect(allowance.ask('quiet laptop').granted).toBe(true);
    await hints.stop();
  });

  it('does nothing while this process may not (a follower), and nothing after stop', async () => {
    const clock = createVirtualTimer(Date.parse('2026-11-29T11:00:00Z'));
    clock.hold();
    let leader = false;
    const passes: (readonly string[])[] = [];
    const hints = createHintWorker(hub.db(), {
      mayWork: () => leader,
      mirrorPass: async (lists) => void passes.push(lists),
      refreshClient: async () => undefined,
      clock,
      gapMs: 10_000,
      gatherMs: 200,
      log,
    });
    await storeHint('laptop', ['leads']);
    hints.wake();
    clock.advanceTo(clock.now() + 60_000);
    await turns();
    expect(passes).toEqual([]);
    expect(await storedHints()).toBe(1);
    leader = true;
    hints.wake();
    await hints.stop();
    clock.advanceTo(clock.now() + 60_000);
    await turns();
    expect(passes).toEqual([]);
    await hub.db().query('DELETE FROM hub_hints');
  });
});

describe(`the webhook inbox worker, on ${hubTestEngine}`, () => {
  const delivery = (n: number): WebhookDelivery => ({
    eventId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    event: 'eform.submitted',
    schemaVersion: 1,
    occurredOn: '2026-11-29T09:00:00.000Z',
    practiceKey: '33333333-3333-4333-8333-333333333333',
    isTest: false,
    data: { formKey: `form-${n}` },
  });
  const storeDelivery = (d: WebhookDelivery) =>
    hub
      .db()
      .query(
        `INSERT INTO webhook_inbox (event_id, event_key, payload, received_at) VALUES ($1, $2, $3::jsonb, now())`,
        [d.eventId, d.event, JSON.stringify(d)],
      );
  const unprocessed = async () =>
    Number(
      (
        await hub.db().query<{ n: string }>('SELECT count(*)::text AS n FROM webhook_inbox WHERE processed_at IS NULL')
      )[0]!.n,
    );

  it('does every stored delivery once, marks it after its work, and coalesces wakes during a round', async () => {
    const clock = createVirtualTimer(Date.parse('2026-11-29T12:00:00Z'));
    const done: string[] = [];
    let release: () => void = () => undefined;
    let first = true;
    // Each round reads the inbox once (a batch is far from full here): how many rounds there were.
    let rounds = 0;
    const db = hub.db();
    const counting = {
      query: <T>(sql: string, params?: readonly unknown[]) => {
        if (sql.includes('SELECT event_id')) rounds += 1;
        return db.query<T>(sql, params);
      },
      transaction: db.transaction.bind(db),
    } as typeof db;
    const inbox = createInboxWorker(counting, {
      mayWork: () => true,
      clock,
      log,
      work: async (d) => {
        // The first delivery's work is held: deliveries stored and signalled meanwhile wait for one more round.
        if (first) {
          first = false;
          await new Promise<void>((resolve) => (release = resolve));
        }
        done.push(d.eventId);
      },
    });
    await storeDelivery(delivery(1));
    inbox.wake();
    await until('the first round to begin', () => !first);
    for (let n = 2; n <= 6; n += 1) {
      await storeDelivery(delivery(n));
      inbox.wake();
    }
    // Marked only after its work: a hub that died now would leave it for the next leader.
    expect(await unprocessed()).toBe(6);
    release();
    await until('every delivery done', async () => (await unprocessed()) === 0);
    expect(done.sort()).toEqual([1, 2, 3, 4, 5, 6].map((n) => delivery(n).eventId));
    // The five wakes during the first round cost one more round, not five.
    expect(rounds).toBe(2);
    await inbox.stop();
  });

  it('starts a pass asked alongside in the same turn as the first batch, and leaves a failed round unmarked', async () => {
    const clock = createVirtualTimer(Date.parse('2026-11-29T13:00:00Z'));
    const order: string[] = [];
    let fail = true;
    const inbox = createInboxWorker(hub.db(), {
      mayWork: () => true,
      clock,
      log,
      work: async (d) => {
        order.push(`work ${d.eventId}`);
        if (fail) throw new Error('the practice did not answer');
      },
    });
    await storeDelivery(delivery(10));
    await expect(inbox.drain(async () => void order.push('catch-up pass'))).rejects.toThrow('did not answer');
    expect(order).toEqual(['catch-up pass', `work ${delivery(10).eventId}`]);
    expect(await unprocessed()).toBe(1);
    fail = false;
    await inbox.drain();
    expect(await unprocessed()).toBe(0);
    await inbox.stop();
  });
});
