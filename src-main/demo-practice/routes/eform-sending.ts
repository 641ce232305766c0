import type { EformCreate, EformCreateResponse } from '../../../src-preload/contract/partner-api';
import { countOf } from '../../../src-preload/contract/counts';
import { dayStartMs, shiftDay, utcDay } from '../../../src-preload/contract/iso-day';
import { ApiProblem, badRequest } from '../http/api-problem';
import { retryAfterHeader } from '../http/retry-after';
import type { DemoRuntime } from '../runtime';
import type { EformRecord, PracticeState } from '../state/practice-state';
import { findEntity } from './route-helpers';

const clientLink = () => `https://forms.example.com/c/${crypto.randomUUID().replaceAll('-', '')}`;
const editorLink = (formKey: string) => `https://app.example.com/eforms/${formKey}/edit`;

function respond(
  records: readonly EformRecord[],
  sent: boolean,
  emailSent: boolean,
  accessUrl: string,
): EformCreateResponse {
  const entry = records[0];
  if (!entry) throw new Error('an eForm has at least one form');
  return {
    formKey: entry.formKey,
    stackKey: entry.stackKey,
    accessUrl,
    sent,
    emailSent,
    forms:
      records.length > 1
        ? records.map((r) => ({ formKey: r.formKey, name: r.name, stackPosition: r.stackPosition }))
        : null,
  };
}

/**
 * Sends saved forms (one, or a whole stack from its entry form). Order of checks: the daily quota
 * (429), then billing (400 when the wallet cannot pay for every form, or for the SMS), then the
 * non-billing failure the contract describes — no way to reach the recipient — which answers 200
 * with sent false and keeps the forms as drafts, charging nothing.
 */
export function sendForms(
  practice: PracticeState,
  runtime: DemoRuntime,
  records: EformRecord[],
  now: Date,
): EformCreateResponse {
  const entry = records[0];
  if (!entry) throw new Error('nothing to send');
  const day = utcDay(now);
  const sentToday = practice.eformsSentByDay.get(day) ?? 0;
  if (sentToday + records.length > runtime.options.eformDailyQuota) {
    const midnight = dayStartMs(shiftDay(day, 1));
    const seconds = Math.max(1, Math.ceil((midnight - now.getTime()) / 1000));
    throw new ApiProblem(
      429,
      'Too Many Requests',
      `The daily eForm quota (${runtime.options.eformDailyQuota}) is used up. Try again after midnight UTC.`,
      { retryAfterSeconds: seconds },
      {
        'Retry-After': retryAfterHeader(runtime.options, now.getTime(), seconds),
        'X-RateLimit-Limit': String(runtime.options.eformDailyQuota),
        'X-RateLimit-Remaining': String(Math.max(0, runtime.options.eformDailyQuota - sentToday)),
        'X-RateLimit-Reset': String(Math.ceil(midnight / 1000)),
      },
    );
  }
  if (practice.wallet.eformCredits < records.length) {
    throw badRequest(
      `Insufficient subscription or wallet balance: sending needs ${countOf(records.length, 'eForm credit')}, ${practice.wallet.eformCredits} left.`,
    );
  }
  if (entry.sendSms && practice.wallet.smsCredits < 1) {
    throw badRequest('Insufficient subscription or wallet balance for SMS.');
  }
  if (!entry.mute && !entry.recipientEmail) {
    return respond(records, false, false, editorLink(entry.formKey));
  }
  practice.wallet.eformCredits -= records.length;
  if (entry.sendSms) practice.wallet.smsCredits -= 1;
  practice.eformsSentByDay.set(day, sentToday + records.length);
  for (const record of records) {
    record.status = 'sent';
    record.sentOn = now.toISOString();
  }
  return respond(records, true, !entry.mute, clientLink());
}

/** `POST /api/v1/eforms`: builds the draft forms (one, or a stack in order), then sends unless sendNow is false. */
export function createEforms(
  practice: PracticeState,
  runtime: DemoRuntime,
  body: EformCreate,
  now: Date,
): EformCreateResponse {
  const entity = body.entityKey ? findEntity(practice, body.entityKey) : null;
  const template = (templateId: number, where: string) => {
    const found = practice.eformTemplates.find((t) => t.templateId === templateId);
    if (!found) throw badRequest(`${where}: template ${templateId} does not exist.`);
    return found;
  };
  const definitions: { templateId: number | null; name: string; schema?: unknown }[] =
    body.forms != null
      ? body.forms.map((form, i) =>
          form.templateId != null
            ? {
                templateId: form.templateId,
                name: form.name ?? template(form.templateId, `forms[${i}].templateId`).name,
              }
            : { templateId: null, name: form.name ?? `Form ${i + 1}`, schema: form.schema },
        )
      : body.templateId != null
        ? [{ templateId: body.templateId, name: body.name ?? template(body.templateId, 'templateId').name }]
        : [{ templateId: null, name: body.name ?? 'Custom form', schema: body.schema }];
  definitions.forEach(
    (d, i) => d.templateId !== null && template(d.templateId, body.forms ? `forms[${i}].templateId` : 'templateId'),
  );

  const recipientMobile = body.recipientMobile ?? entity?.entityMobile ?? null;
  if (body.sendSms && !recipientMobile)
    throw badRequest('sendSms needs a mobile: give recipientMobile or a client with a mobile number.');

  const stackKey = definitions.length > 1 ? crypto.randomUUID() : null;
  const records: EformRecord[] = definitions.map((definition, i) => ({
    formKey: crypto.randomUUID(),
    stackKey,
    stackPosition: i + 1,
    name: definition.name,
    templateId: definition.templateId,
    ...(definition.schema !== undefined ? { schema: definition.schema } : {}),
    entityKey: entity?.entityKey ?? null,
    recipientName: body.recipientName ?? entity?.fullEntityName ?? null,
    recipientEmail: body.recipientEmail ?? entity?.entityEmail ?? null,
    recipientMobile,
    status: 'draft',
    sendSms: body.sendSms ?? false,
    mute: body.mute ?? false,
    emailSubject: body.emailSubject ?? null,
    emailContent: body.emailContent ?? null,
    createdOn: now.toISOString(),
    sentOn: null,
    submittedOn: null,
  }));
  // Stored only once the request succeeds: a refused create (quota, wallet) leaves nothing behind to duplicate.
  const result =
    body.sendNow === false
      ? respond(records, false, false, editorLink(records[0]?.formKey ?? ''))
      : sendForms(practice, runtime, records, now);
  for (const record of records) practice.eforms.set(record.formKey, record);
  return result;
}

/** The forms of a stack (or the single form), in stackPosition order. */
export function stackOf(practice: PracticeState, entry: EformRecord): EformRecord[] {
  if (!entry.stackKey) return [entry];
  return [...practice.eforms.values()]
    .filter((r) => r.stackKey === entry.stackKey)
    .sort((a, b) => a.stackPosition - b.stackPosition);
}
