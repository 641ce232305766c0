import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { packIdFor } from '../../../src-renderer/meeting-packs/pack-runner';
import {
  closeScenario,
  runTypicalPack,
  startPackScenario,
  typicalClient,
  type PackScenario,
} from '../../support/meeting-pack-scenario';

let s: PackScenario | undefined;
afterEach(async () => {
  await closeScenario(s);
  s = undefined;
});

describe('meeting packs against the demo practice (rate limiter on, contract hourly and daily limits)', () => {
  it('fetches everything for a typical client within budget: complete, pinned, no 429, estimate within 10%', async () => {
    s = await startPackScenario({ seed: 11 });
    const entity = typicalClient(s);
    const { pack, estimatedRequests, serverRequests } = await runTypicalPack(s, entity);

    expect(pack.state).toBe('complete');
    expect(pack.items.filter((i) => i.state === 'failed' || i.state === 'waiting')).toEqual([]);
    expect(s.app.demo().runtime.requestLog.filter((r) => r.status === 429)).toEqual([]);
    expect(Math.abs(serverRequests - estimatedRequests) / serverRequests).toBeLessThanOrEqual(0.1);
    expect(pack.actualRequests).toBe(serverRequests);

    // Everything is on this laptop: every bill (all time, not just the synced year) with its detail, and each PDF pinned.
    const state = s.state();
    const bills = [...state.bills.values()].filter((b) => b.entityKey === entity.entityKey);
    expect(await s.db.bills.where('entityKey').equals(entity.entityKey).count()).toBe(bills.length);
    expect((await s.db.billDetails.bulkGet(bills.map((b) => b.billingId))).every(Boolean)).toBe(true);
    const statements = [...state.statements.values()].filter((st) => st.entityKey === entity.entityKey);
    expect((await s.db.statementDetails.bulkGet(statements.map((st) => st.statementId))).every(Boolean)).toBe(true);
    const proposals = [...state.proposals.values()].filter((p) => p.entityKey === entity.entityKey);
    expect((await s.db.proposalDetails.bulkGet(proposals.map((p) => p.proposalKey))).every(Boolean)).toBe(true);
    const payments = [...state.payments.values()].filter((p) => p.entityKey === entity.entityKey);
    expect(await s.db.payments.where('entityKey').equals(entity.entityKey).count()).toBe(payments.length);

    const cached = await s.app.companion.documents.list({ practiceKey: s.practiceKey });
    const pinned = cached.documents.filter((d) => d.pinnedBy.includes(packIdFor(entity.entityKey)));
    const withPdf = bills.filter((b) => b.statusName !== 'Draft').length + statements.length;
    const verified = (state.idVerifications.get(entity.entityKey) ?? []).some((v) => v.result === 'verified') ? 1 : 0;
    expect(pinned.length).toBe(withPdf + verified);
    // A draft bill is planned as "nothing to fetch", never requested.
    const draftRequests = s.app
      .demo()
      .runtime.requestLog.filter((r) =>
        bills.some((b) => b.statusName === 'Draft' && r.url.includes(`/bills/${b.billingId}/pdf`)),
      );
    expect(draftRequests).toEqual([]);
  }, 120_000);

  it('offline mid-pack: waits for a connection, then resumes without fetching twice', async () => {
    s = await startPackScenario({ seed: 11 });
    const entity = typicalClient(s);
    s.app.network.setOnline(false);
    const first = await runTypicalPack(s, entity);
    expect(first.pack.state).toBe('waiting-for-connection');
    s.app.network.setOnline(true);
    // The renderer resumes packs when main reports the connection back (its probe), as here.
    expect(await s.app.companion.connectivity.status()).toMatchObject({ online: true });
    const log = s.app.demo().runtime.requestLog;
    const before = log.length;
    const { runPack } = await import('../../../src-renderer/meeting-packs/pack-runner');
    const resumed = await runPack(s.ctx('prefetch'), packIdFor(entity.entityKey));
    expect(resumed?.state).toBe('complete');
    const urls = log.slice(before).map((r) => r.url);
    expect(new Set(urls).size).toBe(urls.length); // nothing fetched twice
  }, 60_000);

  it("never sends a request for a practice that is not the active one, and only with the owning practice's credentials", async () => {
    s = await startPackScenario({ seed: 11 });
    const entity = typicalClient(s);
    const log = s.app.demo().runtime.requestLog;
    const before = log.length;
    const otherPractice = crypto.randomUUID();
    const read = await s.app.companion.practice.read({
      practiceKey: otherPractice,
      request: { kind: 'proposals.list', entityKey: entity.entityKey },
      priority: 'interactive',
    });
    expect(read).toMatchObject({ ok: false, problem: 'not-connected' });
    const doc = await s.app.companion.documents.fetch({
      practiceKey: otherPractice,
      ref: { kind: 'idCertificate', id: entity.entityKey },
      entityKey: entity.entityKey,
      priority: 'prefetch',
    });
    expect(doc).toMatchObject({ ok: false, problem: 'not-connected' });
    expect(log.length).toBe(before);

    // A client of the demo's second practice, asked through the first: the server's 404, never its data.
    const second = s.app.demo().runtime.practices[1]!;
    const foreign = [...second.entities.values()][0]!;
    const foreignRead = await s.app.companion.practice.read({
      practiceKey: s.practiceKey,
      request: { kind: 'statements.list', entityKey: foreign.entityKey },
      priority: 'interactive',
    });
    expect(foreignRead.ok === false || (foreignRead.data as unknown[]).length === 0).toBe(true);
    const practiceOne = s.app.demo().practices[0]!.readWrite.clientId;
    expect(log.every((r) => r.clientId === null || r.clientId === practiceOne)).toBe(true);
  }, 60_000);
});
