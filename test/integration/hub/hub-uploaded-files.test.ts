import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoPractice } from '../../../src-main/demo-practice/create-demo-practice';
import type { DeviceCredential } from '../../../src-main/hub/devices/devices';
import type { RunningHub } from '../../../src-main/hub/start-hub';
import { uploadedFileOf } from '../../../src-main/demo-practice/uploads/uploaded-files';
import { uploadRefId } from '../../../src-preload/contract/uploaded-files';
import { connectLaptopThroughHub } from '../../support/hub-enrolment';
import type { NodeApp } from '../../support/node-companion';
import { startRecordingLaptop } from '../../support/recording-laptop';
import { waitUntil } from '../../support/wait-for';
import { askHub, recordPartnerApiReads, sendHint } from './hub-laptop-requests';
import { useHubTestBed } from './hub-test-bed';

/**
 * A client's uploaded files through the hub: the hub follows the practice's signed storage URL once and keeps the
 * file, which every laptop gets at the API's own path — the practice's storage is asked once for all of them, and
 * no laptop ever sees the URL.
 */
const bed = useHubTestBed('hub-uploaded-files-');
let demo: DemoPractice;
let hub: RunningHub;
let laptops: DeviceCredential[];
let app: NodeApp;
/** Every URL the laptop's main fetched. */
const laptopRequests: string[] = [];
const { fetch: recordingFetch, readsOf } = recordPartnerApiReads();

beforeAll(async () => {
  demo = await bed.openDemo({ rateLimit: { enabled: false } });
  hub = await bed.startHub({
    mirrorEveryMs: 3_600_000,
    hintGapsMs: { device: 200, round: 200 },
    fetch: recordingFetch,
  });
  laptops = [await hub.devices.add('laptop 1'), await hub.devices.add('laptop 2')];
  app = await startRecordingLaptop(laptopRequests);
}, 240_000);

afterAll(async () => {
  await app?.close();
});

/** The first uploaded file of a requirement with this name, its API path and what the practice's storage holds. */
async function upload(name: string) {
  const practice = demo.runtime.practices[0]!;
  for (const [onboardingKey, entries] of practice.onboardingDocuments) {
    for (const entry of entries) {
      const requirement = entry.documents.find((d) => d.name === name && d.isUploaded);
      if (!requirement) continue;
      const file = await uploadedFileOf(practice, entry, requirement);
      return {
        path: `/onboardings/${onboardingKey}/entities/${entry.entityOnboardingId}/documents/${requirement.documentId}`,
        ref: {
          kind: 'upload' as const,
          id: uploadRefId({
            onboardingKey,
            entityOnboardingId: entry.entityOnboardingId,
            documentId: requirement.documentId,
          }),
        },
        entityKey: entry.entityKey!,
        file,
      };
    }
  }
  throw new Error(`No uploaded ${name}`);
}

const storageFetches = () => demo.runtime.storageLog.length;

describe('uploaded files through the hub', () => {
  it('follows the signed URL once for two laptops asking at once, and serves both the file itself, without the URL', async () => {
    for (const name of ['Bank statement', 'Photo identification']) {
      const u = await upload(name);
      const storageBefore = storageFetches();
      const [one, two] = await Promise.all([askHub(hub, u.path, laptops[0]!), askHub(hub, u.path, laptops[1]!)]);
      expect([one.status, two.status]).toEqual([200, 200]);
      expect(one.headers.get('content-type')).toBe(u.file.contentType);
      const [a, b] = [Buffer.from(await one.arrayBuffer()), Buffer.from(await two.arrayBuffer())];
      expect(a.equals(Buffer.from(u.file.bytes))).toBe(true);
      expect(b.equals(a)).toBe(true);
      // Asked again: what the hub keeps.
      expect(Buffer.from(await (await askHub(hub, u.path, laptops[1]!)).arrayBuffer()).equals(a)).toBe(true);
      expect(readsOf(u.path)).toBe(1);
      expect(storageFetches() - storageBefore).toBe(1);
      expect(demo.runtime.storageLog.at(-1)).toMatchObject({ status: 200, credentialsSent: false });
    }
    // The hub keeps the files and the client they belong to, never a signed URL.
    const kept = await hub.db.query<{ path: string; body: Uint8Array; entity_key: string | null }>(
      'SELECT path, body, entity_key FROM read_through',
    );
    for (const row of kept) {
      const body = Buffer.from(row.body).toString('latin1');
      expect(body).not.toContain('/_storage/');
      expect(body).not.toContain('sig=');
    }
    const statement = await upload('Bank statement');
    expect(kept.find((row) => row.path === statement.path)?.entity_key).toBe(statement.entityKey.toLowerCase());
  });

  it('reads the file again once a hint names its client', async () => {
    const u = await upload('Photo identification');
    expect((await askHub(hub, u.path, laptops[0]!)).status).toBe(200);
    const before = readsOf(u.path);
    const hint = await sendHint(hub, laptops[0]!, {
      resources: ['onboardings'],
      clientKeys: [u.entityKey.toLowerCase()],
    });
    expect(hint.status).toBe(202);
    await waitUntil('the kept file to go', async () => {
      const rows = await hub.db.query('SELECT 1 FROM read_through WHERE path = $1', [u.path]);
      return rows.length === 0;
    });
    expect((await askHub(hub, u.path, laptops[1]!)).status).toBe(200);
    expect(readsOf(u.path)).toBe(before + 1);
  });

  it('refuses a path that is not an upload’s, with no read', async () => {
    const u = await upload('Bank statement');
    expect((await askHub(hub, u.path.replace(/\/\d+$/, '/zip'), laptops[0]!)).status).toBe(400);
    expect((await askHub(hub, `${u.path}?sig=1`, laptops[0]!)).status).toBe(400);
  });

  it('a laptop’s main opens an uploaded photo ID through the hub, asking only the hub', async () => {
    const { practice } = await connectLaptopThroughHub(app, hub);
    const u = await upload('Photo identification');
    const before = laptopRequests.length;
    const opened = await app.companion.documents.open({
      practiceKey: practice.practiceKey,
      ref: u.ref,
      entityKey: u.entityKey,
    });
    expect(opened).toMatchObject({ ok: true, meta: { contentType: 'image/png' } });
    if (!opened.ok) throw new Error(opened.message);
    expect(Buffer.from(opened.bytesBase64, 'base64').equals(Buffer.from(u.file.bytes))).toBe(true);
    const asked = laptopRequests.slice(before);
    expect(asked.length).toBeGreaterThanOrEqual(1);
    expect(asked.filter((url) => !url.startsWith(`${hub.hubUrl}/`))).toEqual([]);
  }, 240_000);
});
