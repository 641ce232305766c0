import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemo, type TestDemo } from './support/demo';

let t: TestDemo;
beforeAll(async () => {
  t = await startDemo();
});
afterAll(() => t.demo.close());

const activeClient = () => [...t.state().entities.values()].find((e) => !e.entityTerminated && e.entityEmail)!;
const terminatedClient = () => [...t.state().entities.values()].find((e) => e.entityTerminated)!;
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

describe('Proposals (contract: duplicate and renew create Drafts copying pricing, billings and jobs; renew marks the original Renewed)', () => {
  const accepted = () =>
    [...t.state().proposals.values()].find(
      (p) => p.statusName === 'Accepted' && p.pricing.jobs.length > 0 && p.pricing.services.length > 0,
    )!;

  it('duplicates into a Draft with the same pricing, billings and jobs', async () => {
    const source = accepted();
    const copy = await t.call('POST', `/proposals/${source.proposalKey}/duplicate`, { body: { userKey: userKey() } });
    expect(copy.status).toBe(201);
    const pricing = (await t.call('GET', `/proposals/${copy.json.proposalKey}/pricing`)).json;
    expect(pricing.statusName).toBe('Draft');
    expect(pricing.services).toEqual(source.pricing.services);
    expect(pricing.jobs).toEqual(source.pricing.jobs);
    expect(pricing.invoices).toEqual(source.pricing.invoices);
    expect((await t.call('GET', `/proposals/${source.proposalKey}`)).json.statusName).toBe('Accepted');
  });

  it('renews into a Draft after the preview, with the chosen signatory, and marks the original Renewed', async () => {
    const source = accepted();
    const preview = (await t.call('GET', `/proposals/${source.proposalKey}/renew-preview`)).json;
    const signatory = preview.signatories[0];
    const renewed = await t.call('POST', `/proposals/${source.proposalKey}/renew`, {
      body: { userKey: userKey(), signatoryContactID: signatory.contactID },
    });
    expect(renewed.status).toBe(201);
    const detail = (await t.call('GET', `/proposals/${renewed.json.proposalKey}`)).json;
    expect(detail).toMatchObject({
      statusName: 'Draft',
      renewedFromKey: source.proposalKey,
      signatoryName: signatory.name,
      startsOn: preview.startsOn,
    });
    expect(detail.pricing.services).toEqual(source.pricing.services);
    expect((await t.call('GET', `/proposals/${source.proposalKey}`)).json.statusName).toBe('Renewed');
  });

  it('replaces services and external projects, flagging billing review on an accepted proposal', async () => {
    const source = accepted();
    const service = t.state().services[0]!;
    const put = await t.call('PUT', `/proposals/${source.proposalKey}/services`, {
      body: { userKey: userKey(), services: [{ serviceID: service.serviceID, quantity: 2 }] },
    });
    expect(put.json.pricing.services).toHaveLength(1);
    expect(put.json.pricing.servicesTotal).toBeCloseTo(put.json.pricing.services[0].lineTotal, 2);
    const projects = await t.call('PUT', `/proposals/${source.proposalKey}/external-projects`, {
      body: {
        userKey: userKey(),
        externalProjects: [
          {
            id: 1,
            remove: false,
            name: 'Year end',
            budget: 1000,
            budgetUnits: 'AUD',
            normalBillingRate: 200,
            hoursPerDay: 7.5,
            billingPeriod: 'Monthly',
            currency: 'AUD',
            isIr35: false,
            includeUnbilledTimeInProfitability: true,
            startsOn: '2026-12-01T00:00:00Z',
            endsOn: '2027-11-30T00:00:00Z',
          },
        ],
      },
    });
    expect(projects.json).toMatchObject({ billingNeedsReview: true, section: null });
  });

  it('creates adhoc and from-template Drafts, but only for an Active client', async () => {
    const services = (await t.call('GET', '/proposals/services')).json;
    expect(services.some((s: any) => s.parentServiceID !== null)).toBe(true);
    const adhoc = await t.call('POST', '/proposals', {
      body: {
        userKey: userKey(),
        entityKey: activeClient().entityKey,
        name: 'Advice',
        services: [{ serviceID: services[0].serviceID }],
        pmJobs: [{ templateID: 301, name: 'Advice meeting' }],
      },
    });
    expect(adhoc.status).toBe(201);
    const templates = (await t.call('GET', '/proposals/templates')).json;
    const fromTemplate = await t.call('POST', '/proposals/from-template', {
      body: { userKey: userKey(), templateID: templates[0].templateID, entityKey: activeClient().entityKey },
    });
    expect(fromTemplate.json.statusName).toBe('Draft');
    expect(
      (
        await t.call('POST', '/proposals', {
          body: {
            userKey: userKey(),
            entityKey: terminatedClient().entityKey,
            name: 'x',
            services: [{ serviceID: services[0].serviceID }],
          },
        })
      ).status,
    ).toBe(400);
    for (const catalog of [
      'pm-job-templates',
      'pm-job-categories',
      'pm-staff',
      'dms-job-templates',
      'dms-job-states',
    ]) {
      expect((await t.call('GET', `/proposals/${catalog}`)).json.length, catalog).toBeGreaterThan(0);
    }
  });
});

describe('Adhoc bills (contract: Active client only; with a connected ledger each line needs an account or sale item plus tax)', () => {
  it('needs an Active client', async () => {
    const result = await t.call('POST', '/bills', {
      body: {
        entityKey: terminatedClient().entityKey,
        dueDate: '2027-01-31',
        sendBill: false,
        syncNow: false,
        lines: [{ description: 'Advice', quantity: 1, unitPrice: 100, saleItemCode: 'ADV-HR', extTaxID: 'OUTPUT' }],
      },
    });
    expect(result.status).toBe(400);
    expect(result.json.message).toMatch(/not Active/);
  });

  it('with a connected ledger refuses a line without account or sale item, or without tax', async () => {
    const base = { entityKey: activeClient().entityKey, dueDate: '2027-01-31', sendBill: false, syncNow: false };
    expect(
      (
        await t.call('POST', '/bills', {
          body: { ...base, lines: [{ description: 'Advice', quantity: 1, unitPrice: 100, extTaxID: 'OUTPUT' }] },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await t.call('POST', '/bills', {
          body: { ...base, lines: [{ description: 'Advice', quantity: 1, unitPrice: 100, saleItemCode: 'ADV-HR' }] },
        })
      ).status,
    ).toBe(400);
    const account = t.state().ledger.accounts.find((a) => a.type === 'REVENUE')!;
    const ok = await t.call('POST', '/bills', {
      body: {
        ...base,
        lines: [
          {
            description: 'Advice',
            quantity: 2,
            unitPrice: 100,
            extAccountID: account.extAccountID,
            extTaxID: 'OUTPUT',
          },
        ],
      },
    });
    expect(ok.status).toBe(201);
    const detail = (await t.call('GET', `/bills/${ok.json.billingId}`)).json;
    expect(detail).toMatchObject({
      source: 'adhoc',
      engagementKey: null,
      externalId: null,
      subtotal: 200,
      taxTotal: 20,
      total: 220,
      amountDue: 220,
    });
  });

  it('without a ledger accepts plain lines', async () => {
    const client = [...t.state(1).entities.values()].find((e) => !e.entityTerminated)!;
    const ok = await t.call('POST', '/bills', {
      practice: 1,
      body: {
        entityKey: client.entityKey,
        dueDate: '2027-01-31',
        sendBill: true,
        syncNow: false,
        lines: [{ description: 'Advice', quantity: 1, unitPrice: 100 }],
      },
    });
    expect(ok.status).toBe(201);
  });
});

describe('Identity (contract: send with optional AML; standalone AML standard or extensive; certificate PDF)', () => {
  it('sends a verification with AML, bills it, and runs an extensive AML check', async () => {
    const entity = activeClient();
    const credits = t.state().wallet.idCheckCredits;
    const sent = await t.call('POST', '/id-verifications/send', {
      body: { entityKey: entity.entityKey, includeAml: true },
    });
    expect(sent.status).toBe(201);
    expect(sent.json).toMatchObject({ statusName: 'Sent', includeAml: true });
    const aml = await t.call('POST', '/id-verifications/aml-checks', {
      body: { entityKey: entity.entityKey, kind: 'extensive' },
    });
    expect(aml.json).toMatchObject({ kind: 'extensive', result: 'clear' });
    expect(t.state().wallet.idCheckCredits).toBe(credits - 2 - 2);
  });

  it('answers 400 without identity credits', async () => {
    const uk = t.state(1);
    const saved = uk.wallet.idCheckCredits;
    uk.wallet.idCheckCredits = 0;
    try {
      const client = [...uk.entities.values()].find((e) => !e.entityTerminated && e.entityEmail)!;
      const result = await t.call('POST', '/id-verifications/aml-checks', {
        practice: 1,
        body: { entityKey: client.entityKey, kind: 'standard' },
      });
      expect(result.status).toBe(400);
      expect(result.json.message).toMatch(/Insufficient/);
    } finally {
      uk.wallet.idCheckCredits = saved;
    }
  });

  it('serves the certificate PDF for a verified client and 404 otherwise', async () => {
    const verified = [...t.state().idVerifications.entries()].find(([, list]) =>
      list.some((v) => v.result === 'verified'),
    )![0];
    const pdf = await t.call('GET', `/id-verifications/entities/${verified}/certificate`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const unverified = [...t.state().entities.keys()].find(
      (key) =>
        !t
          .state()
          .idVerifications.get(key)
          ?.some((v) => v.result === 'verified'),
    )!;
    expect((await t.call('GET', `/id-verifications/entities/${unverified}/certificate`)).status).toBe(404);
  });
});
