import {
  amlCheckCreateSchema,
  amlCheckSchema,
  idVerificationSendSchema,
  idVerificationSentSchema,
  type AmlCheck,
} from '../../../src-preload/contract/partner-api';
import { countOf } from '../../../src-preload/contract/counts';
import { badRequest, notFound } from '../http/api-problem';
import { defineRoute, FileResult } from '../http/route-spec';
import { renderCertificatePdf } from '../pdf/render-certificate-pdf';
import type { PracticeState } from '../state/practice-state';
import { entityKeyParams, findActiveEntity, findEntity, findUser, practiceBranding } from './route-helpers';

/** Identity checks are billed like eForms: one credit each, two for an extensive AML screening. */
const amlCost = (kind: 'standard' | 'extensive') => (kind === 'extensive' ? 2 : 1);

/** Takes a check's credits from the wallet, or refuses it (400) when the wallet cannot pay for all of them. */
function chargeIdCheck(practice: PracticeState, cost: number): void {
  if (practice.wallet.idCheckCredits < cost)
    throw badRequest(
      `Insufficient subscription or wallet balance: this check needs ${countOf(cost, 'credit')}, ${practice.wallet.idCheckCredits} left.`,
    );
  practice.wallet.idCheckCredits -= cost;
}

export const identityRoutes = [
  defineRoute({
    method: 'POST',
    path: '/id-verifications/send',
    operationId: 'sendIdVerification',
    tag: 'ID verifications',
    access: 'write',
    summary: 'Start an identity verification, optionally with AML (billed)',
    body: idVerificationSendSchema,
    response: { status: 201, schema: idVerificationSentSchema },
    errors: [400, 403, 404],
    handler: ({ practice, body, now }) => {
      const entity = findActiveEntity(practice, body.entityKey);
      if (body.userKey) findUser(practice, body.userKey);
      const email = body.recipientEmail ?? entity.entityEmail;
      const mobile = body.recipientMobile ?? entity.entityMobile;
      if (!email) throw badRequest('The verification needs a recipientEmail (the client has no email address).');
      if (body.sendSms && !mobile) throw badRequest('sendSms needs a mobile.');
      const cost = 1 + (body.includeAml ? amlCost(body.amlKind ?? 'standard') : 0);
      chargeIdCheck(practice, cost);
      const verificationId = crypto.randomUUID();
      const list = practice.idVerifications.get(entity.entityKey) ?? [];
      list.push({
        verificationId,
        entityKey: entity.entityKey,
        subjectName: body.recipientName ?? entity.fullEntityName,
        method: body.method ?? 'Document and biometric check',
        documentType: null,
        result: 'pending',
        sentOn: now.toISOString(),
        completedOn: null,
        aml: body.includeAml ? { kind: body.amlKind ?? 'standard', result: 'pending', checkedOn: null } : null,
      });
      practice.idVerifications.set(entity.entityKey, list);
      return {
        verificationId,
        entityKey: entity.entityKey,
        statusName: 'Sent' as const,
        includeAml: body.includeAml ?? false,
        accessUrl: `https://verify.example.com/v/${verificationId}`,
        sentOn: now.toISOString(),
      };
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/id-verifications/aml-checks',
    operationId: 'runAmlCheck',
    tag: 'ID verifications',
    access: 'write',
    summary: 'Standalone AML screening, standard or extensive, for an existing client (billed)',
    body: amlCheckCreateSchema,
    response: { status: 201, schema: amlCheckSchema },
    errors: [400, 403, 404],
    handler: ({ practice, body, now }) => {
      const entity = findEntity(practice, body.entityKey);
      if (body.userKey) findUser(practice, body.userKey);
      const cost = amlCost(body.kind);
      chargeIdCheck(practice, cost);
      // Screening answers at once in the demo; a name with "PEP" in it screens as a match, for trying the UI.
      const check: AmlCheck = {
        amlCheckId: crypto.randomUUID(),
        entityKey: entity.entityKey,
        kind: body.kind,
        result: /\bPEP\b/i.test(entity.fullEntityName) ? 'match' : 'clear',
        checkedOn: now.toISOString(),
      };
      practice.amlChecks.push(check);
      const latest = practice.idVerifications.get(entity.entityKey)?.at(-1);
      if (latest) latest.aml = { kind: check.kind, result: check.result, checkedOn: check.checkedOn };
      return check;
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/id-verifications/entities/:entityKey/certificate',
    operationId: 'downloadIdCertificate',
    tag: 'ID verifications',
    access: 'read',
    summary: "The client's identity certificate PDF (404 until a verification has completed)",
    params: entityKeyParams,
    response: { status: 200, file: 'application/pdf' },
    errors: [400, 404],
    handler: async ({ practice, params }) => {
      const entity = findEntity(practice, params.entityKey);
      const verified = (practice.idVerifications.get(entity.entityKey) ?? [])
        .filter((v) => v.result === 'verified')
        .at(-1);
      if (!verified) throw notFound(`${entity.fullEntityName} has no completed identity verification.`);
      const bytes = await renderCertificatePdf({
        practice: practiceBranding(practice),
        certificateNumber: `IDV-${verified.verificationId.slice(0, 8).toUpperCase()}`,
        subjectName: verified.subjectName,
        subjectBirthDate: entity.entityBirthDate,
        verificationMethod: verified.method,
        documentType: verified.documentType,
        result: verified.result,
        verifiedOn: verified.completedOn,
        aml: verified.aml,
        generatedAt: verified.completedOn ?? verified.sentOn,
      });
      return new FileResult('application/pdf', bytes, `${entity.entityCode}-identity-certificate.pdf`);
    },
  }),
];
