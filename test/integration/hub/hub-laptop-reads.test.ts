import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoPractice } from '../../../src-main/demo-practice/create-demo-practice';
import type { RunningHub } from '../../../src-main/hub/start-hub';
import { connectLaptopThroughHub } from '../../support/hub-enrolment';
import type { NodeApp } from '../../support/node-companion';
import { startRecordingLaptop } from '../../support/recording-laptop';
import { useHubTestBed } from './hub-test-bed';

/**
 * A laptop connected through the hub, in the meeting: its own reader opens a lead's notes and a client's
 * identity certificate, and the practice sees those requests only from the hub.
 */
const bed = useHubTestBed('hub-laptop-reads-');
let demo: DemoPractice;
let hub: RunningHub;
let app: NodeApp;
/** Every URL the laptop's main fetched. */
const laptopRequests: string[] = [];
/** Every Partner API path (below /api/v1) the hub sent the practice. */
const hubReads: string[] = [];

beforeAll(async () => {
  demo = await bed.openDemo({ port: 0 });
  demo.configure({ rateLimit: { enabled: false } });
  hub = await bed.startHub({
    mirrorEveryMs: 3_600_000,
    fetch: (input, init) => {
      hubReads.push(new URL(input instanceof Request ? input.url : String(input)).pathname.replace(/^.*\/api\/v1/, ''));
      return fetch(input, init);
    },
  });
  app = await startRecordingLaptop(laptopRequests);
}, 240_000);

afterAll(async () => {
  await app?.close();
});

describe('a laptop through the hub reads on demand', () => {
  it('opens a lead’s notes and an identity certificate through the hub, never from the practice', async () => {
    const { practice } = await connectLaptopThroughHub(app, hub);
    const state = demo.runtime.practices[0]!;
    const [leadKey, notes] = [...state.leadNotes].find(([, n]) => n.length >= 1)!;
    const [verifiedKey] = [...state.idVerifications].find(([, list]) => list.some((v) => v.result === 'verified'))!;
    const practiceRequestsBefore = demo.runtime.requestLog.length;
    const hubReadsBefore = hubReads.length;
    const laptopRequestsBefore = laptopRequests.length;

    const read = await app.companion.practice.read({
      practiceKey: practice.practiceKey,
      request: { kind: 'leads.notes', leadKey },
      priority: 'interactive',
    });
    expect(read).toMatchObject({ ok: true, rejected: 0 });
    if (!read.ok) throw new Error(read.message);
    expect((read.data as { noteID: number }[]).map((n) => n.noteID).sort()).toEqual(notes.map((n) => n.noteID).sort());
    const certificate = await app.companion.documents.open({
      practiceKey: practice.practiceKey,
      ref: { kind: 'idCertificate', id: verifiedKey },
      entityKey: verifiedKey,
    });
    expect(certificate).toMatchObject({ ok: true, meta: { ref: { kind: 'idCertificate', id: verifiedKey } } });

    // The practice saw each read once, from the hub; the laptop asked only the hub.
    const newHubReads = hubReads.slice(hubReadsBefore);
    expect(newHubReads).toContain(`/leads/${leadKey.toLowerCase()}/notes`);
    expect(newHubReads).toContain(`/id-verifications/entities/${verifiedKey.toLowerCase()}/certificate`);
    expect(demo.runtime.requestLog.length - practiceRequestsBefore).toBe(newHubReads.length);
    const laptopAsked = laptopRequests.slice(laptopRequestsBefore);
    expect(laptopAsked.length).toBeGreaterThanOrEqual(2);
    expect(laptopAsked.filter((url) => !url.startsWith(`${hub.hubUrl}/`))).toEqual([]);
  }, 240_000);
});
