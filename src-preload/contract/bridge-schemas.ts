import { z } from 'zod';
import type { EventName, MethodName } from './bridge-names';
import { policyStatusSchema } from './managed-policy';
import { proxyLoginAnswerSchema, proxyLoginAskSchema } from './proxy-login';
import { appInfoSchema } from './app-info';
import { budgetEventSchema, budgetInputSchema, budgetStatusSchema } from './budget';
import { cancelInputSchema, cancelResultSchema } from './cancel-id';
import {
  clientFacingChangePinSchema,
  clientFacingEnterSchema,
  clientFacingExitSchema,
  clientFacingStatusQuerySchema,
  clientFacingStatusSchema,
  pinResultSchema,
} from './client-facing';
import { connectivitySchema } from './connectivity';
import {
  activityReportSchema,
  appCommandSchema,
  diagnosticsSchema,
  openRecordSchema,
  presenceStateSchema,
  regionHostsStatusSchema,
  rendererErrorSchema,
  restartToUpdateResultSchema,
  themeChoiceSchema,
  themeStateSchema,
  updateStatusSchema,
} from './desktop';
import {
  documentFetchInputSchema,
  documentFetchResultSchema,
  documentListInputSchema,
  documentListResultSchema,
  documentOpenInputSchema,
  documentOpenResultSchema,
  documentPassphraseChangeSchema,
  documentPassphraseInputSchema,
  documentPassphraseResultSchema,
  documentPassphraseStatusSchema,
  documentShowInputSchema,
  documentShowResultSchema,
  documentUnpinInputSchema,
  documentUnpinResultSchema,
} from './documents';
import { documentSaveCopyInputSchema, documentSaveCopyResultSchema } from './document-copy';
import { readInputSchema, readResultSchema } from './reads';
import { liveStatusSchema, proposalAcceptedReportSchema, syncPokeSchema } from './live-updates';
import { outboxOutcomeSchema, outboxSendInputSchema, outboxVerifyOutputSchema } from './outbox/outbox-entry';
import {
  connectDemoInputSchema,
  connectHubInputSchema,
  addOwnCredentialsInputSchema,
  connectInputSchema,
  connectResultSchema,
  practiceListSchema,
  signOutResultSchema,
  syncAckInputSchema,
  syncPageEventSchema,
  syncProgressEventSchema,
  syncStartInputSchema,
} from './practice';

/**
 * Validation caps shared by every IPC border. A payload bigger than this is refused before parsing;
 * individual schemas also cap strings and arrays so a valid-looking payload cannot balloon.
 */
export const MAX_PAYLOAD_BYTES = 256 * 1024;

export interface MethodSchema {
  input: z.ZodType;
  output: z.ZodType;
}

/** Input of a method that takes nothing: an empty object, unknown keys rejected. */
const noInput = z.strictObject({});

// The generic parameter makes the compiler reject a missing or an extra method name.
function defineMethods<T extends Record<MethodName, MethodSchema>>(
  methods: T & Record<Exclude<keyof T, MethodName>, never>,
): T {
  return methods;
}
function defineEvents<T extends Record<EventName, z.ZodType>>(
  events: T & Record<Exclude<keyof T, EventName>, never>,
): T {
  return events;
}

export const methodSchemas = defineMethods({
  'app.info': { input: noInput, output: appInfoSchema },
  'app.policy': { input: noInput, output: policyStatusSchema },
  'connectivity.status': { input: noInput, output: connectivitySchema },
  'practice.list': { input: noInput, output: practiceListSchema },
  'practice.connect': { input: connectInputSchema, output: connectResultSchema },
  'practice.connectDemo': { input: connectDemoInputSchema, output: connectResultSchema },
  'practice.connectHub': { input: connectHubInputSchema, output: connectResultSchema },
  'practice.addOwnCredentials': { input: addOwnCredentialsInputSchema, output: connectResultSchema },
  'practice.removeOwnCredentials': { input: z.strictObject({ practiceKey: z.uuid() }), output: connectResultSchema },
  'practice.signOut': { input: z.strictObject({ practiceKey: z.uuid() }), output: signOutResultSchema },
  'practice.budget': { input: budgetInputSchema, output: budgetStatusSchema.nullable() },
  'practice.read': { input: readInputSchema, output: readResultSchema },
  'practice.cancel': { input: cancelInputSchema, output: cancelResultSchema },
  'sync.start': { input: syncStartInputSchema, output: z.strictObject({ started: z.boolean() }) },
  'sync.stop': { input: z.strictObject({ practiceKey: z.uuid() }), output: z.strictObject({ stopped: z.boolean() }) },
  'sync.ack': { input: syncAckInputSchema, output: z.strictObject({ accepted: z.boolean() }) },
  'sync.liveStatus': { input: noInput, output: liveStatusSchema },
  'outbox.send': { input: outboxSendInputSchema, output: outboxOutcomeSchema },
  'outbox.verify': { input: outboxSendInputSchema, output: outboxVerifyOutputSchema },
  'documents.open': { input: documentOpenInputSchema, output: documentOpenResultSchema },
  'documents.fetch': { input: documentFetchInputSchema, output: documentFetchResultSchema },
  'documents.list': { input: documentListInputSchema, output: documentListResultSchema },
  'documents.unpin': { input: documentUnpinInputSchema, output: documentUnpinResultSchema },
  'documents.showInSystemViewer': { input: documentShowInputSchema, output: documentShowResultSchema },
  'documents.saveCopy': { input: documentSaveCopyInputSchema, output: documentSaveCopyResultSchema },
  'documents.passphraseStatus': { input: noInput, output: documentPassphraseStatusSchema },
  'documents.enterPassphrase': { input: documentPassphraseInputSchema, output: documentPassphraseResultSchema },
  'documents.changePassphrase': { input: documentPassphraseChangeSchema, output: documentPassphraseResultSchema },
  'documents.forgetPassphrase': { input: noInput, output: documentPassphraseResultSchema },
  'desktop.updateStatus': { input: noInput, output: updateStatusSchema },
  'desktop.restartToUpdate': { input: noInput, output: restartToUpdateResultSchema },
  'desktop.reportActivity': { input: activityReportSchema, output: z.strictObject({ accepted: z.boolean() }) },
  'desktop.logError': { input: rendererErrorSchema, output: z.strictObject({ logged: z.boolean() }) },
  'desktop.diagnostics': { input: noInput, output: diagnosticsSchema },
  'desktop.openLogsFolder': {
    input: noInput,
    output: z.strictObject({ opened: z.boolean(), message: z.string().max(500).nullable() }),
  },
  'desktop.saveSupportBundle': {
    input: noInput,
    output: z.strictObject({ saved: z.boolean(), message: z.string().max(2000) }),
  },
  'desktop.answerProxyLogin': { input: proxyLoginAnswerSchema, output: z.strictObject({ accepted: z.boolean() }) },
  'desktop.theme': { input: noInput, output: themeStateSchema },
  'desktop.setTheme': { input: z.strictObject({ choice: themeChoiceSchema }), output: themeStateSchema },
  'desktop.regionHosts': { input: noInput, output: regionHostsStatusSchema },
  'desktop.presence': { input: noInput, output: presenceStateSchema },
  'desktop.proposalAccepted': { input: proposalAcceptedReportSchema, output: z.strictObject({ shown: z.boolean() }) },
  'clientFacing.status': { input: clientFacingStatusQuerySchema, output: clientFacingStatusSchema },
  'clientFacing.enter': { input: clientFacingEnterSchema, output: clientFacingStatusSchema },
  'clientFacing.exit': { input: clientFacingExitSchema, output: pinResultSchema },
  'clientFacing.changePin': { input: clientFacingChangePinSchema, output: pinResultSchema },
});

export const eventSchemas = defineEvents({
  'connectivity.changed': connectivitySchema,
  'sync.page': syncPageEventSchema,
  'sync.progress': syncProgressEventSchema,
  'sync.poke': syncPokeSchema,
  'sync.live': liveStatusSchema,
  'practice.budget': budgetEventSchema,
  'desktop.updateStatus': updateStatusSchema,
  'desktop.command': appCommandSchema,
  'desktop.openRecord': openRecordSchema,
  'desktop.theme': themeStateSchema,
  'desktop.presence': presenceStateSchema,
  'desktop.proxyLogin': proxyLoginAskSchema,
});

export type MethodInput<M extends MethodName> = z.input<(typeof methodSchemas)[M]['input']>;
export type MethodOutput<M extends MethodName> = z.output<(typeof methodSchemas)[M]['output']>;
export type EventPayload<E extends EventName> = z.output<(typeof eventSchemas)[E]>;
