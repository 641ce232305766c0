import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { shiftDay } from '../../../src-preload/contract/iso-day';
import { uuid } from '../../../src-preload/contract/partner-api';
import { COMPLETED_STATUS_ID } from '../data/generate-catalogs';
import { isoDate, round2 } from '../data/dates';
import { ApiProblem, conflict, notFound } from '../http/api-problem';
import { authenticate } from '../http/authenticate';
import type { DemoRuntime } from '../runtime';
import type { PracticeState } from '../state/practice-state';
import { emitEvent } from '../webhooks/emit-event';
import { uploadedFileOf } from '../uploads/uploaded-files';
import { storagePath } from './uploaded-files';

/** The record's practice; with `within`, only that practice is searched (a caller acts on its own practice only). */
function ownerOf<T>(
  runtime: DemoRuntime,
  find: (practice: PracticeState) => T | undefined,
  within?: PracticeState,
): { practice: PracticeState; item: T } {
  for (const practice of within ? [within] : runtime.practices) {
    const item = find(practice);
    if (item !== undefined) return { practice, item };
  }
  throw notFound('No such record in any demo practice.');
}

/** A client accepts a proposal: Sent → Accepted, bills for its invoices, event proposal.accepted. */
export function acceptProposal(runtime: DemoRuntime, proposalKey: string, within?: PracticeState) {
  const { practice, item: proposal } = ownerOf(runtime, (p) => p.proposals.get(proposalKey), within);
  if (proposal.statusName !== 'Sent')
    throw conflict(`Only a Sent proposal can be accepted; this one is ${proposal.statusName}.`);
  const now = runtime.clock.now();
  proposal.statusName = 'Accepted';
  proposal.pricing.statusName = 'Accepted';
  proposal.acceptedOn = now.toISOString();
  proposal.updatedOn = now.toISOString();
  if (proposal.pricing.createBills) {
    const entity = practice.entities.get(proposal.entityKey);
    for (const invoice of proposal.pricing.invoices) {
      const billingId = practice.nextIds.bill++;
      const tax = round2((invoice.amount * practice.profile.taxRate) / (1 + practice.profile.taxRate));
      practice.bills.set(billingId, {
        billingId,
        billNumber: `INV-${String(practice.nextIds.billNumber++).padStart(6, '0')}`,
        entityKey: proposal.entityKey,
        entityName: entity?.fullEntityName ?? '',
        billDate: isoDate(now),
        dueDate: shiftDay(isoDate(now), 14),
        statusName: 'Awaiting payment',
        source: 'proposal',
        currency: practice.profile.currency,
        subtotal: round2(invoice.amount - tax),
        taxTotal: tax,
        total: invoice.amount,
        amountPaid: 0,
        amountDue: invoice.amount,
        reference: proposal.name.slice(0, 100),
        engagementKey: proposal.engagementKey,
        recurringBillingId: null,
        updatedOn: now.toISOString(),
        lines: [
          {
            lineID: practice.nextIds.billLine++,
            description: invoice.description,
            quantity: 1,
            unitPrice: round2(invoice.amount - tax),
            taxAmount: tax,
            lineTotal: invoice.amount,
            extAccountID: null,
            saleItemCode: null,
            extTaxID: null,
          },
        ],
        externalId: null,
        externalNumber: null,
        externalUrl: null,
        payLinkUrl: null,
        sendBill: true,
        syncNow: false,
      });
    }
  }
  const eventId = emitEvent(practice, runtime, 'proposal.accepted', {
    proposalKey: proposal.proposalKey,
    engagementKey: proposal.engagementKey,
    entityKey: proposal.entityKey,
    name: proposal.name,
    statusName: proposal.statusName,
    acceptedOn: proposal.acceptedOn,
  });
  return { proposalKey, statusName: proposal.statusName, eventId };
}

/** A client submits the next form of a stack (forms complete in stackPosition order from one link). */
export function submitForm(runtime: DemoRuntime, formKey: string, within?: PracticeState) {
  const { practice, item: form } = ownerOf(runtime, (p) => p.eforms.get(formKey), within);
  if (form.status !== 'sent') throw conflict(`Only a sent form can be submitted; this one is ${form.status}.`);
  if (form.stackKey) {
    const next = [...practice.eforms.values()]
      .filter((f) => f.stackKey === form.stackKey && f.status === 'sent')
      .sort((a, b) => a.stackPosition - b.stackPosition)[0];
    if (next && next.formKey !== formKey)
      throw conflict(`Stack forms are completed in order; form ${next.stackPosition} comes first.`);
  }
  const now = runtime.clock.now().toISOString();
  form.status = 'submitted';
  form.submittedOn = now;
  for (const onboarding of practice.onboardings.values()) {
    if (onboarding.formKey !== formKey || onboarding.statusID === COMPLETED_STATUS_ID) continue;
    onboarding.submittedOn = now;
    onboarding.statusID = 3;
    onboarding.statusName =
      practice.onboardingStatuses.find((s) => s.statusID === 3)?.statusName ?? 'Awaiting approval';
    for (const recipient of onboarding.recipients) recipient.submittedOn = now;
    onboarding.updatedOn = now;
  }
  const eventId = emitEvent(practice, runtime, 'eform.submitted', {
    formKey,
    stackKey: form.stackKey,
    stackPosition: form.stackPosition,
    entityKey: form.entityKey,
    name: form.name,
    submittedOn: now,
  });
  return { formKey, status: form.status, eventId };
}

/**
 * Outside /api/v1: only simulated client actions (accept a proposal, submit a form), the simulated
 * storage host behind signed document URLs, and the OpenAPI document.
 *
 * The client actions change a practice's data and send its webhooks, so they take the same
 * credentials as the API's headers (X-Svc-Auth-ID / X-Svc-Auth-Key, never Basic), read-write, and act only on the
 * caller's own practice: without them, anything that can reach the port (another local program, a web
 * page posting to 127.0.0.1) could accept proposals. In-process callers use createDemoPractice's methods.
 */
export function registerDemoControl(app: FastifyInstance, runtime: DemoRuntime, openApi: () => unknown): void {
  const keyOf = (params: unknown, name: string) => {
    const parsed = z.object({ [name]: uuid }).safeParse(params);
    if (!parsed.success)
      throw new ApiProblem(400, 'One or more validation errors occurred.', `${name} must be a UUID.`);
    return String(parsed.data[name]);
  };
  const writer = (headers: Record<string, string | string[] | undefined>): PracticeState => {
    // The API's headers only: a browser replays cached Basic credentials on a cross-site form post, and
    // answers a Basic challenge with a login prompt; custom headers cannot be sent cross-site without CORS.
    let caller;
    try {
      caller = authenticate(
        runtime.practices,
        { 'x-svc-auth-id': headers['x-svc-auth-id'], 'x-svc-auth-key': headers['x-svc-auth-key'] },
        null,
      );
    } catch (error) {
      if (error instanceof ApiProblem && error.status === 401)
        throw new ApiProblem(401, 'Unauthorized', "Send the practice's X-Svc-Auth-ID and X-Svc-Auth-Key.");
      throw error;
    }
    if (!caller.canWrite)
      throw new ApiProblem(
        403,
        'Forbidden',
        'These credentials are read-only; simulated client actions need write access.',
      );
    return caller.practice;
  };
  app.post('/demo-control/proposals/:proposalKey/accept', async (request) => {
    const practice = writer(request.headers);
    return acceptProposal(runtime, keyOf(request.params, 'proposalKey'), practice);
  });
  app.post('/demo-control/eforms/:formKey/submit', async (request) => {
    const practice = writer(request.headers);
    return submitForm(runtime, keyOf(request.params, 'formKey'), practice);
  });
  app.get('/openapi.json', async (_request, reply) =>
    reply.header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(openApi())),
  );

  app.get(
    '/_storage/onboarding-documents/:practiceKey/:key/:entityOnboardingId/:documentId',
    async (request, reply) => {
      const params = request.params as Record<string, string>;
      const query = request.query as Record<string, string | undefined>;
      const headers = request.headers;
      // What a storage host would see: whether the caller sent any credential (it must not, and none is read).
      const credentialsSent = ['x-svc-auth-id', 'x-svc-auth-key', 'authorization', 'cookie'].some(
        (name) => headers[name] !== undefined,
      );
      const log = (status: number) =>
        runtime.storageLog.push({
          at: runtime.clock.now().toISOString(),
          path: request.url.split('?')[0] ?? '',
          status,
          credentialsSent,
        });
      const path = storagePath(
        params['practiceKey'] ?? '',
        params['key'] ?? '',
        Number(params['entityOnboardingId']),
        Number(params['documentId']),
      );
      if (!runtime.storage.verify(path, Number(query['expires']), query['sig'] ?? '', runtime.clock.now().getTime())) {
        log(403);
        throw new ApiProblem(403, 'Forbidden', 'The signed link is invalid or has expired.');
      }
      const practice = runtime.practices.find((p) => p.profile.practiceKey === params['practiceKey']);
      const entry = practice?.onboardingDocuments
        .get(params['key'] ?? '')
        ?.find((e) => e.entityOnboardingId === Number(params['entityOnboardingId']));
      const document = entry?.documents.find((d) => d.documentId === Number(params['documentId']));
      if (!practice || !entry || !document?.isUploaded) {
        log(404);
        throw notFound('The file no longer exists.');
      }
      const file = await uploadedFileOf(practice, entry, document);
      log(200);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName.replace(/["\\\r\n]/g, '_')}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(file.bytes));
    },
  );
}
