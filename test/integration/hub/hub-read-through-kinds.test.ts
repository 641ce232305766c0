import { beforeAll, describe, expect, it } from 'vitest';
import type { DemoPractice } from '../../../src-main/demo-practice/create-demo-practice';
import type { DeviceCredential } from '../../../src-main/hub/devices/devices';
import type { RunningHub } from '../../../src-main/hub/start-hub';
import { useHubTestBed } from './hub-test-bed';
import { askHub, recordPartnerApiReads, sendHint } from './hub-laptop-requests';
import { waitUntil } from '../../support/wait-for';

/**
 * Every on-demand read a laptop makes, beyond a statement's and a bill's, read through the hub once: a
 * client's identity certificate and a lead's notes cost the practice one read for every laptop asking.
 */
const bed = useHubTestBed('hub-read-through-kinds-');
let demo: DemoPractice;
let hub: RunningHub;
let laptops: DeviceCredential[];
const { fetch: recordingFetch, reads, readsOf } = recordPartnerApiReads();

beforeAll(async () => {
  demo = await bed.openDemo({ rateLimit: { enabled: false }, seed: 5 });
  hub = await bed.startHub({
    mirrorEveryMs: 3_600_000,
    hintGapsMs: { device: 200, round: 200 },
    fetch: recordingFetch,
  });
  laptops = [await hub.devices.add('laptop 1'), await hub.devices.add('laptop 2')];
}, 180_000);

const ask = (path: string, laptop = laptops[0]!) => askHub(hub, path, laptop);
/** How many requests for this path the practice itself saw. */
const practiceSaw = (path: string) => demo.runtime.requestLog.filter((r) => r.url.endsWith(`/api/v1${path}`)).length;
const verifiedClient = () =>
  [...demo.runtime.practices[0]!.idVerifications].find(([, list]) => list.some((v) => v.result === 'verified'))![0];

describe('every read a laptop makes, read through the hub', () => {
  it('reads an identity certificate and a lead’s notes once for two laptops asking at once, same bytes', async () => {
    const certificate = `/id-verifications/entities/${verifiedClient().toLowerCase()}/certificate`;
    const [leadKey, notes] = [...demo.runtime.practices[0]!.leadNotes].find(([, n]) => n.length >= 1)!;
    const leadNotes = `/leads/${leadKey.toLowerCase()}/notes`;
    for (const path of [certificate, leadNotes]) {
      const [one, two] = await Promise.all([ask(path, laptops[0]), ask(path, laptops[1])]);
      expect([one.status, two.status]).toEqual([200, 200]);
      const [a, b] = [Buffer.from(await one.arrayBuffer()), Buffer.from(await two.arrayBuffer())];
      expect(a.equals(b)).toBe(true);
      // Asked again later: served from what the hub keeps.
      expect(Buffer.from(await (await ask(path, laptops[1])).arrayBuffer()).equals(a)).toBe(true);
      expect(readsOf(path)).toBe(1);
      expect(practiceSaw(path)).toBe(1);
      if (path === certificate) {
        expect(one.headers.get('content-type')).toBe('application/pdf');
        expect(a.subarray(0, 5).toString()).toBe('%PDF-');
      } else {
        expect(one.headers.get('content-type')).toMatch(/^application\/json/);
        expect((JSON.parse(a.toString('utf8')) as { noteID: number }[]).map((n) => n.noteID).sort()).toEqual(
          notes.map((n) => n.noteID).sort(),
        );
      }
    }
  });

  it('keeps one answer per normalised path and query, and refuses a query the laptop’s reader never sends', async () => {
    const practice = demo.runtime.practices[0]!;
    const guide = '/eforms/schema-guide';
    expect((await ask(guide)).status).toBe(200);
    expect((await ask(guide, laptops[1])).status).toBe(200);
    expect(readsOf(guide)).toBe(1);
    const proposal = [...practice.proposals.values()][0]!;
    // A key in capitals is the same record: one read, one kept answer, under the key the reader sends.
    expect((await ask(`/proposals/${proposal.proposalKey.toUpperCase()}`)).status).toBe(200);
    expect((await ask(`/proposals/${proposal.proposalKey.toLowerCase()}`)).status).toBe(200);
    expect(reads.filter((r) => r.toLowerCase() === `/proposals/${proposal.proposalKey.toLowerCase()}`)).toHaveLength(1);
    const [kept] = await hub.db.query<{ entity_key: string | null }>(
      'SELECT entity_key FROM read_through WHERE path = $1',
      [`/proposals/${proposal.proposalKey.toLowerCase()}`],
    );
    // The answer names its client, so a hint about that client drops it.
    expect(kept?.entity_key).toBe(proposal.entityKey.toLowerCase());
    expect((await ask(`${guide}?pageNumber=2`)).status).toBe(400);
    expect((await ask('/leads/not-a-key/notes')).status).toBe(400);
  });

  it('answers a read that is not a laptop’s with 404 and a sentence naming what it serves', async () => {
    const before = reads.length;
    const refused = await ask('/webhooks/events');
    expect(refused.status).toBe(404);
    const body = (await refused.json()) as { detail: string };
    expect(body.detail).toMatch(/^The hub does not serve GET \/api\/v1\/webhooks\/events\./);
    expect(body.detail).toContain('/leads/:leadKey/notes');
    expect(body.detail).toContain('/id-verifications/entities/:id/certificate');
    expect(reads.length).toBe(before);
  });

  it('reads a client’s certificate again once a hint names the client', async () => {
    const client = verifiedClient().toLowerCase();
    const certificate = `/id-verifications/entities/${client}/certificate`;
    expect((await ask(certificate)).status).toBe(200);
    const before = readsOf(certificate);
    expect(before).toBeGreaterThanOrEqual(1);
    await ask(certificate);
    expect(readsOf(certificate)).toBe(before);
    const hint = await sendHint(hub, laptops[0]!, { resources: ['entities'], clientKeys: [client] });
    expect(hint.status).toBe(202);
    await waitUntil('the kept certificate to go', async () => {
      const rows = await hub.db.query('SELECT 1 FROM read_through WHERE path = $1', [certificate]);
      return rows.length === 0;
    });
    expect((await ask(certificate)).status).toBe(200);
    expect(readsOf(certificate)).toBe(before + 1);
  });

  it('reads a lead’s notes again once a hint names only the lead (a note added: no list changed)', async () => {
    const [leadKey] = [...demo.runtime.practices[0]!.leadNotes].find(([, n]) => n.length >= 1)!;
    const leadNotes = `/leads/${leadKey.toLowerCase()}/notes`;
    expect((await ask(leadNotes, laptops[1])).status).toBe(200);
    const before = readsOf(leadNotes);
    const hint = await sendHint(hub, laptops[1]!, { resources: [], clientKeys: [leadKey.toLowerCase()] });
    expect(hint.status).toBe(202);
    await waitUntil('the kept notes to go', async () => {
      const rows = await hub.db.query('SELECT 1 FROM read_through WHERE path = $1', [leadNotes]);
      return rows.length === 0;
    });
    expect((await ask(leadNotes, laptops[1])).status).toBe(200);
    expect(readsOf(leadNotes)).toBe(before + 1);
    // A hint that names nothing is refused.
    const empty = await sendHint(hub, laptops[1]!, { resources: [], clientKeys: [] });
    expect(empty.status).toBe(400);
  });
});
