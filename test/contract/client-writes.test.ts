import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemo, type TestDemo } from './support/demo';

let t: TestDemo;
beforeAll(async () => {
  t = await startDemo();
});
afterAll(() => t.demo.close());

const activeClient = () => [...t.state().entities.values()].find((e) => !e.entityTerminated && e.entityEmail)!;
const userKey = () => [...t.state().users.keys()][0]!;

describe('Contacts of a client (contract: list, create, update)', () => {
  it('creates a contact that the practice-wide list then shows, and updates it', async () => {
    const entity = activeClient();
    const created = await t.call('POST', `/entities/${entity.entityKey}/contacts`, {
      body: { contactName: 'Mere', contactSurname: 'Ngata', email: 'mere@example.com', position: 'Director' },
    });
    expect(created.status).toBe(201);
    const list = (await t.call('GET', `/contacts/list?entityKey=${entity.entityKey}`)).json;
    expect(list.map((c: any) => c.entityContactID)).toContain(created.json.entityContactID);
    const updated = await t.call('PUT', `/entities/${entity.entityKey}/contacts/${created.json.entityContactID}`, {
      body: { position: 'Chair', isDeleted: true },
    });
    expect(updated.json).toMatchObject({ position: 'Chair', isDeleted: true });
    expect(updated.json.updatedOn >= created.json.updatedOn).toBe(true);
    const visible = (await t.call('GET', `/entities/${entity.entityKey}/contacts`)).json;
    expect(visible.map((c: any) => c.entityContactID)).not.toContain(created.json.entityContactID);
  });

  it('answers 404 for a contact of another client', async () => {
    const [a, b] = [...t.state().entities.values()];
    const contactOfA = [...t.state().contacts.values()].find((c) => c.entityKey === a!.entityKey)!;
    expect(
      (
        await t.call('PUT', `/entities/${b!.entityKey}/contacts/${contactOfA.entityContactID}`, {
          body: { position: 'x' },
        })
      ).status,
    ).toBe(404);
  });
});

describe('Leads (contract: list, detail, notes, create, convert-to-client → Active client)', () => {
  it('creates a lead, adds a note, converts it to an Active client that appears in entities/list', async () => {
    const lead = await t.call('POST', '/leads', {
      body: { name: 'Priya', surname: 'Raman', email: 'priya@example.com', source: 'Referral' },
    });
    expect(lead.status).toBe(201);
    const note = await t.call('POST', `/leads/${lead.json.leadKey}/notes`, { body: { text: 'Met at the seminar.' } });
    expect(note.status).toBe(201);
    const detail = (await t.call('GET', `/leads/${lead.json.leadKey}`)).json;
    expect(detail.notes.map((n: any) => n.text)).toEqual(['Met at the seminar.']);
    expect(detail.noteCount).toBe(1);
    const converted = await t.call('POST', `/leads/${lead.json.leadKey}/convert-to-client`, { body: {} });
    expect(converted.status).toBe(200);
    const entities = (await t.call('GET', `/entities/list?email=priya%40example.com`)).json;
    expect(entities).toEqual([
      expect.objectContaining({
        entityKey: converted.json.entityKey,
        entityTerminated: false,
        fullEntityName: 'Priya Raman',
      }),
    ]);
    expect((await t.call('POST', `/leads/${lead.json.leadKey}/convert-to-client`, { body: {} })).status).toBe(409);
    expect((await t.call('GET', '/leads/list')).json.length).toBeGreaterThan(0);
  });
});

describe('Onboardings (contract: recipients PATCH, custom fields PUT, complete, documents)', () => {
  const openOnboarding = () =>
    [...t.state().onboardings.values()].find(
      (o) => o.statusID === 2 && (t.state().onboardingDocuments.get(o.onboardingKey)?.[0]?.documents.length ?? 0) > 1,
    )!;

  it('adds, changes and removes recipients', async () => {
    const onboarding = openOnboarding();
    const added = await t.call('PATCH', `/onboardings/${onboarding.onboardingKey}/recipients`, {
      body: { userKey: userKey(), recipients: [{ name: 'Tane', surname: 'Walker', email: 'tane@example.com' }] },
    });
    expect(added.status).toBe(200);
    const newcomer = added.json.recipients.find((r: any) => r.email === 'tane@example.com');
    expect(newcomer).toBeTruthy();
    const changed = await t.call('PATCH', `/onboardings/${onboarding.onboardingKey}/recipients`, {
      body: { userKey: userKey(), recipients: [{ recipientKey: newcomer.recipientKey, mobile: '021 123 4567' }] },
    });
    expect(changed.json.recipients.find((r: any) => r.recipientKey === newcomer.recipientKey).mobile).toBe(
      '021 123 4567',
    );
    const removed = await t.call('PATCH', `/onboardings/${onboarding.onboardingKey}/recipients`, {
      body: { userKey: userKey(), recipients: [{ recipientKey: newcomer.recipientKey, remove: true }] },
    });
    expect(removed.json.recipients.some((r: any) => r.recipientKey === newcomer.recipientKey)).toBe(false);
  });

  it("stores recipients' access to the onboarding's clients; an id that is not one of its clients is refused before any edit", async () => {
    const onboarding = openOnboarding();
    const path = `/onboardings/${onboarding.onboardingKey}/recipients`;
    const clientId = t.state().onboardingDocuments.get(onboarding.onboardingKey)![0]!.entityOnboardingId;
    const existing = onboarding.recipients[0]!;
    const result = await t.call('PATCH', path, {
      body: {
        userKey: userKey(),
        recipients: [
          { name: 'Aroha', email: 'aroha@example.com', access: [{ entityOnboardingId: clientId, canEdit: true }] },
          { recipientKey: existing.recipientKey, access: [{ entityOnboardingId: clientId, canEdit: false }] },
        ],
      },
    });
    expect(result.status).toBe(200);
    const added = result.json.recipients.find((r: any) => r.email === 'aroha@example.com');
    expect(t.state().recipientAccess.get(added.recipientKey)).toEqual(new Map([[clientId, true]]));
    expect(t.state().recipientAccess.get(existing.recipientKey)).toEqual(new Map([[clientId, false]]));

    // A client of another onboarding: 400 naming the id; the valid edit before it is not applied either.
    const otherClientId = [...t.state().onboardingDocuments.entries()].find(
      ([key]) => key !== onboarding.onboardingKey,
    )![1][0]!.entityOnboardingId;
    const recipientsBefore = structuredClone(t.state().onboardings.get(onboarding.onboardingKey)!.recipients);
    const refused = await t.call('PATCH', path, {
      body: {
        userKey: userKey(),
        recipients: [
          { name: 'Rawiri', email: 'rawiri@example.com', access: [{ entityOnboardingId: clientId, canEdit: true }] },
          { recipientKey: existing.recipientKey, access: [{ entityOnboardingId: otherClientId, canEdit: true }] },
        ],
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.json.detail).toContain(String(otherClientId));
    expect(t.state().onboardings.get(onboarding.onboardingKey)!.recipients).toEqual(recipientsBefore);
    expect(t.state().recipientAccess.get(existing.recipientKey)).toEqual(new Map([[clientId, false]]));
    expect([...t.state().recipientAccess.values()].filter((rights) => rights.has(otherClientId))).toEqual([]);
  });

  it('refuses a PATCH with any bad edit before applying any: a new recipient without an email (400), a removal of a stranger (404)', async () => {
    const onboarding = openOnboarding();
    const path = `/onboardings/${onboarding.onboardingKey}/recipients`;
    const existing = t.state().onboardings.get(onboarding.onboardingKey)!.recipients[0]!;
    const before = structuredClone(t.state().onboardings.get(onboarding.onboardingKey)!.recipients);
    const noEmail = await t.call('PATCH', path, {
      body: {
        userKey: userKey(),
        recipients: [{ recipientKey: existing.recipientKey, name: 'Changed' }, { name: 'Hemi' }],
      },
    });
    expect(noEmail.status).toBe(400);
    expect(noEmail.json.detail).toBe('recipients[1].email: A new recipient needs an email address.');
    const stranger = await t.call('PATCH', path, {
      body: {
        userKey: userKey(),
        recipients: [
          { recipientKey: existing.recipientKey, name: 'Changed' },
          { recipientKey: crypto.randomUUID(), remove: true },
        ],
      },
    });
    expect(stranger.status).toBe(404);
    expect(t.state().onboardings.get(onboarding.onboardingKey)!.recipients).toEqual(before);
  });

  it('sets custom fields for a client of the onboarding', async () => {
    const onboarding = openOnboarding();
    const clientId = t.state().onboardingDocuments.get(onboarding.onboardingKey)![0]!.entityOnboardingId;
    const result = await t.call('PUT', `/onboardings/${onboarding.onboardingKey}/clients/${clientId}/custom-fields`, {
      body: { userKey: userKey(), fields: [{ customFieldID: 2, value: '30 June' }] },
    });
    expect(result.json).toContainEqual({ customFieldID: 2, label: 'Financial year end', value: '30 June' });
    expect(
      (
        await t.call('PUT', `/onboardings/${onboarding.onboardingKey}/clients/${clientId}/custom-fields`, {
          body: { userKey: userKey(), fields: [{ customFieldID: 999, value: 'x' }] },
        })
      ).status,
    ).toBe(400);
  });

  it('removes a requested document, and gives uploaded files by signed URL and as a zip', async () => {
    const onboarding = openOnboarding();
    const [entry] = (await t.call('GET', `/onboardings/${onboarding.onboardingKey}/documents`)).json;
    const target = entry.documents[entry.documents.length - 1];
    const removed = await t.call(
      'DELETE',
      `/onboardings/${onboarding.onboardingKey}/documents/${target.documentId}?userKey=${userKey()}`,
    );
    expect(removed.status).toBe(200);
    expect(removed.json[0].documents.map((d: any) => d.documentId)).not.toContain(target.documentId);

    const withUpload = [...t.state().onboardingDocuments.entries()].find(([, entries]) =>
      entries[0]!.documents.some((d) => d.isUploaded),
    )!;
    const [key, [uploadedEntry]] = withUpload as [string, any[]];
    const doc = uploadedEntry.documents.find((d: any) => d.isUploaded);
    const signed = await t.call(
      'GET',
      `/onboardings/${key}/entities/${uploadedEntry.entityOnboardingId}/documents/${doc.documentId}`,
    );
    expect(signed.json.url).toMatch(/\/_storage\//);
    const file = await fetch(signed.json.url);
    expect(file.status).toBe(200);
    expect(new TextDecoder().decode((await file.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    // A different first hex digit (a fixed '0' would be no change for one signature in sixteen).
    const tampered = await fetch(
      signed.json.url.replace(/sig=([0-9a-f])/, (_: string, c: string) => `sig=${c === '0' ? '1' : '0'}`),
    );
    expect(tampered.status).toBe(403);
    const zip = await t.call('GET', `/onboardings/${key}/entities/${uploadedEntry.entityOnboardingId}/documents/zip`);
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    expect([...zip.bytes.slice(0, 2)]).toEqual([0x50, 0x4b]);
  });

  it('completes an onboarding, which excludeCompleted then omits', async () => {
    const onboarding = openOnboarding();
    const result = await t.call('POST', `/onboardings/${onboarding.onboardingKey}/complete`, {
      body: { userKey: userKey(), approverUserKey: userKey(), paused: false, engagementKey: onboarding.engagementKey },
    });
    expect(result.json).toMatchObject({ statusID: 4, statusName: 'Completed' });
    expect(result.json.completedOn).toBeTruthy();
    const open = (
      await t.call('GET', `/onboardings/list?excludeCompleted=true&searchFilter=${onboarding.onboardingID}`)
    ).json;
    expect(open.map((o: any) => o.onboardingKey)).not.toContain(onboarding.onboardingKey);
    expect(
      (
        await t.call('POST', `/onboardings/${onboarding.onboardingKey}/complete`, {
          body: {
            userKey: userKey(),
            approverUserKey: userKey(),
            paused: false,
            engagementKey: onboarding.engagementKey,
          },
        })
      ).status,
    ).toBe(409);
  });
});
