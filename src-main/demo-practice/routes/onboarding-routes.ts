import { z } from 'zod';
import {
  customFieldValuesSchema,
  customFieldsPutSchema,
  onboardingCompleteSchema,
  onboardingDocumentsSchema,
  onboardingSchema,
  onboardingStatusSchema,
  onboardingsListQuerySchema,
  applyRecipientsPatch,
  describeRuleIssue,
  recipientsPatchIssues,
  recipientsPatchSchema,
  removeDocumentQuerySchema,
  signedDocumentUrlSchema,
  uuid,
  type Onboarding,
} from '../../../src-preload/contract/partner-api';
import { COMPLETED_STATUS_ID } from '../data/generate-catalogs';
import { badRequest, conflict, notFound } from '../http/api-problem';
import { defineRoute, FileResult } from '../http/route-spec';
import type { PracticeState } from '../state/practice-state';
import { checkLastUpdated, contains, findUser, intId, keyParams, listPage, touch, updatedSince } from './route-helpers';
import { storagePath, zipFiles } from './uploaded-files';
import { uploadedFileOf } from '../uploads/uploaded-files';

function findOnboarding(practice: PracticeState, key: string): Onboarding {
  const onboarding = practice.onboardings.get(key);
  if (!onboarding) throw notFound(`Onboarding ${key} was not found.`);
  return onboarding;
}

function findEntityOnboarding(practice: PracticeState, key: string, entityOnboardingId: number) {
  const entry = (practice.onboardingDocuments.get(key) ?? []).find((e) => e.entityOnboardingId === entityOnboardingId);
  if (!entry) throw notFound(`Client ${entityOnboardingId} is not part of onboarding ${key}.`);
  return entry;
}

const SIGNED_URL_SECONDS = 300;

export const onboardingRoutes = [
  defineRoute({
    method: 'GET',
    path: '/onboardings/list',
    operationId: 'listOnboardings',
    tag: 'Onboardings',
    access: 'read',
    summary: 'List onboardings',
    query: onboardingsListQuerySchema,
    response: { status: 200, schema: z.array(onboardingSchema) },
    errors: [400],
    handler: ({ practice, query, now, runtime }) => {
      const since = checkLastUpdated(query.lastUpdated, now);
      const userKey =
        query.userID === undefined
          ? undefined
          : ([...practice.users.values()].find((u) => u.userID === query.userID)?.userKey ?? null);
      const search = query.searchFilter;
      const matches = updatedSince(practice.onboardings.values(), since).filter((o) => {
        if (query.statusID !== undefined && o.statusID !== query.statusID) return false;
        if (query.excludeCompleted === true && o.statusID === COMPLETED_STATUS_ID) return false;
        // "Assigned to this user": the demo assigns an onboarding to its creator and its approver.
        if (userKey !== undefined && o.createdByKey !== userKey && o.approverKey !== userKey) return false;
        if (search !== undefined) {
          const entityName = o.entityKey ? practice.entities.get(o.entityKey)?.fullEntityName : undefined;
          const fields = [
            entityName,
            o.statusName,
            String(o.onboardingID),
            ...o.recipients.flatMap((r) => [r.name, r.surname, `${r.name} ${r.surname}`, r.email]),
          ];
          if (!fields.some((field) => contains(field, search))) return false;
        }
        return true;
      });
      return listPage(
        runtime,
        matches,
        query.pageNumber,
        (o) => o.onboardingID,
        (o) => o.updatedOn,
      );
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/onboardings/statuses',
    operationId: 'listOnboardingStatuses',
    tag: 'Onboardings',
    access: 'read',
    summary: 'The statuses an onboarding can be in',
    response: { status: 200, schema: z.array(onboardingStatusSchema) },
    handler: ({ practice }) => practice.onboardingStatuses,
  }),
  defineRoute({
    method: 'PATCH',
    path: '/onboardings/:key/recipients',
    operationId: 'editOnboardingRecipients',
    tag: 'Onboardings',
    access: 'write',
    summary: 'Add, change or remove recipients (unknown or absent recipientKey adds)',
    params: keyParams,
    body: recipientsPatchSchema,
    response: { status: 200, schema: onboardingSchema },
    errors: [400, 403, 404],
    handler: ({ practice, params, body, now }) => {
      const onboarding = findOnboarding(practice, params.key);
      findUser(practice, body.userKey);
      const clientIds = new Set(
        (practice.onboardingDocuments.get(onboarding.onboardingKey) ?? []).map((e) => e.entityOnboardingId),
      );
      // Every edit is checked before any is applied, so a refused PATCH changes nothing.
      const [issue] = recipientsPatchIssues(onboarding.recipients, body.recipients, clientIds);
      if (issue) throw (issue.status === 404 ? notFound : badRequest)(describeRuleIssue(issue));
      const keys = body.recipients.map((edit) => edit.recipientKey ?? crypto.randomUUID());
      onboarding.recipients = applyRecipientsPatch(
        onboarding.recipients,
        body.recipients,
        (i) => keys[i]!,
        onboarding.sentOn ? now.toISOString() : null,
      );
      body.recipients.forEach((edit, i) => {
        if (edit.remove || !edit.access?.length) return;
        const rights = practice.recipientAccess.get(keys[i]!) ?? new Map<number, boolean>();
        for (const right of edit.access) rights.set(right.entityOnboardingId, right.canEdit);
        practice.recipientAccess.set(keys[i]!, rights);
      });
      return touch(onboarding, now);
    },
  }),
  defineRoute({
    method: 'PUT',
    path: '/onboardings/:key/clients/:clientId/custom-fields',
    operationId: 'setClientCustomFields',
    tag: 'Onboardings',
    access: 'write',
    summary: "Set a client's custom fields (clientId is the entityOnboardingId)",
    params: z.object({ key: uuid, clientId: intId }),
    body: customFieldsPutSchema,
    response: { status: 200, schema: customFieldValuesSchema },
    errors: [400, 403, 404],
    handler: ({ practice, params, body, now }) => {
      const onboarding = findOnboarding(practice, params.key);
      findEntityOnboarding(practice, params.key, params.clientId);
      findUser(practice, body.userKey);
      for (const field of body.fields) {
        if (!practice.customFieldLabels.has(field.customFieldID))
          throw badRequest(`customFieldID ${field.customFieldID} does not exist.`);
      }
      const mapKey = `${params.key}/${params.clientId}`;
      const values = practice.customFields.get(mapKey) ?? new Map<number, string>();
      for (const field of body.fields) values.set(field.customFieldID, field.value);
      practice.customFields.set(mapKey, values);
      touch(onboarding, now);
      return [...values].map(([customFieldID, value]) => ({
        customFieldID,
        label: practice.customFieldLabels.get(customFieldID) ?? '',
        value,
      }));
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/onboardings/:key/complete',
    operationId: 'completeOnboarding',
    tag: 'Onboardings',
    access: 'write',
    summary: 'Complete an onboarding',
    params: keyParams,
    body: onboardingCompleteSchema,
    response: { status: 200, schema: onboardingSchema },
    errors: [400, 403, 404, 409],
    handler: ({ practice, params, body, now }) => {
      const onboarding = findOnboarding(practice, params.key);
      findUser(practice, body.userKey);
      findUser(practice, body.approverUserKey, 'approverUserKey');
      if (body.engagementKey !== onboarding.engagementKey)
        throw badRequest('engagementKey does not belong to this onboarding.');
      if (onboarding.statusID === COMPLETED_STATUS_ID) throw conflict('The onboarding is already completed.');
      onboarding.statusID = COMPLETED_STATUS_ID;
      onboarding.statusName =
        practice.onboardingStatuses.find((s) => s.statusID === COMPLETED_STATUS_ID)?.statusName ?? 'Completed';
      onboarding.completedOn = now.toISOString();
      onboarding.approverKey = body.approverUserKey;
      return touch(onboarding, now);
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/onboardings/:key/documents',
    operationId: 'listOnboardingDocuments',
    tag: 'Onboardings',
    access: 'read',
    summary: 'Document requirements per client entity',
    params: keyParams,
    response: { status: 200, schema: onboardingDocumentsSchema },
    errors: [400, 404],
    handler: ({ practice, params }) => {
      findOnboarding(practice, params.key);
      return practice.onboardingDocuments.get(params.key) ?? [];
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/onboardings/:key/entities/:entityOnboardingId/documents/zip',
    operationId: 'downloadOnboardingDocumentsZip',
    tag: 'Onboardings',
    access: 'read',
    summary: 'All uploaded files of a client entity as a zip',
    params: z.object({ key: uuid, entityOnboardingId: intId }),
    response: { status: 200, file: 'application/zip' },
    errors: [400, 404],
    handler: async ({ practice, params }) => {
      findOnboarding(practice, params.key);
      const entry = findEntityOnboarding(practice, params.key, params.entityOnboardingId);
      const uploaded = entry.documents.filter((d) => d.isUploaded);
      if (uploaded.length === 0) throw notFound('No files have been uploaded for this client yet.');
      const files = await Promise.all(
        uploaded.map(async (d) => {
          const file = await uploadedFileOf(practice, entry, d);
          return { name: file.fileName, bytes: file.bytes };
        }),
      );
      return new FileResult(
        'application/zip',
        zipFiles(files),
        `onboarding-${params.entityOnboardingId}-documents.zip`,
      );
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/onboardings/:key/entities/:entityOnboardingId/documents/:documentId',
    operationId: 'getOnboardingDocument',
    tag: 'Onboardings',
    access: 'read',
    summary: 'One uploaded file, as a short-lived signed storage URL',
    description:
      'Answers JSON naming the file (name, content type, size) and a signed URL on the storage host, valid for five ' +
      'minutes. The URL is fetched without credentials (see the storage path below); the answer is never a redirect.',
    params: z.object({ key: uuid, entityOnboardingId: intId, documentId: intId }),
    response: { status: 200, schema: signedDocumentUrlSchema },
    errors: [400, 404],
    handler: async ({ practice, params, now, runtime }) => {
      findOnboarding(practice, params.key);
      const entry = findEntityOnboarding(practice, params.key, params.entityOnboardingId);
      const document = entry.documents.find((d) => d.documentId === params.documentId);
      if (!document || !document.isUploaded) throw notFound(`Document ${params.documentId} has no uploaded file.`);
      const file = await uploadedFileOf(practice, entry, document);
      const expires = Math.floor(now.getTime() / 1000) + SIGNED_URL_SECONDS;
      const path = storagePath(practice.profile.practiceKey, params.key, params.entityOnboardingId, params.documentId);
      return {
        documentId: document.documentId,
        fileName: file.fileName,
        contentType: file.contentType,
        size: file.bytes.length,
        url: runtime.storage.url(runtime.origin, path, expires),
        expiresOn: new Date(expires * 1000).toISOString(),
      };
    },
  }),
  defineRoute({
    method: 'DELETE',
    path: '/onboardings/:key/documents/:documentId',
    operationId: 'removeOnboardingDocumentRequest',
    tag: 'Onboardings',
    access: 'write',
    summary: 'Remove a document request (query: userKey, optional entityOnboardingId)',
    params: z.object({ key: uuid, documentId: intId }),
    query: removeDocumentQuerySchema,
    response: { status: 200, schema: onboardingDocumentsSchema },
    errors: [400, 403, 404],
    handler: ({ practice, params, query, now }) => {
      const onboarding = findOnboarding(practice, params.key);
      findUser(practice, query.userKey);
      const entries = practice.onboardingDocuments.get(params.key) ?? [];
      const entry = entries.find(
        (e) =>
          (query.entityOnboardingId === undefined || e.entityOnboardingId === query.entityOnboardingId) &&
          e.documents.some((d) => d.documentId === params.documentId),
      );
      if (!entry) throw notFound(`Document request ${params.documentId} is not on this onboarding.`);
      entry.documents = entry.documents.filter((d) => d.documentId !== params.documentId);
      touch(onboarding, now);
      return entries;
    },
  }),
];
