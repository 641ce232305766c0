import { eformCreateBaseSchema, type EformCreate } from '../../../src-preload/contract/partner-api';
import { describedAs, resubmitIn, type OperationParts } from '../shared/operation-parts';
import { eformEffects } from '../../effects/eform-effects';
import { EformForm, eformStarts } from './eform-start';

export const eformOperations = {
  'eform.create': {
    effect: eformEffects['eform.create'],
    description: describedAs(
      'eform.create',
      ({ body, templateName, clientName }: { body: EformCreate; templateName: string; clientName: string }) => {
        const what = body.forms
          ? `a stack of ${body.forms.length} eForms`
          : body.schema != null
            ? `the eForm “${body.name ?? ''}”`
            : `the eForm “${templateName}”`;
        return `${body.sendNow === false ? 'Save as draft' : 'Send'} ${what} to ${body.recipientName ?? clientName}`;
      },
      null,
      (stored, { clientName, eformTemplates }) => {
        const body = eformCreateBaseSchema.safeParse(stored);
        if (!body.success) return null;
        const template = eformTemplates.find((t) => t.templateId === body.data.templateId);
        return { body: body.data, templateName: template?.name ?? 'template', clientName: clientName ?? 'the client' };
      },
    ),
    resubmit: resubmitIn(EformForm, (body, { eformTemplates }) => {
      const initial = eformCreateBaseSchema.safeParse(body);
      if (!initial.success) return null;
      const d = initial.data;
      return {
        templates: eformTemplates,
        initial: d,
        defaults: {
          entityKey: d.entityKey ?? null,
          recipientName: d.recipientName ?? '',
          recipientEmail: d.recipientEmail ?? '',
          recipientMobile: d.recipientMobile ?? '',
        },
      };
    }),
    start: eformStarts['eform.create'],
  },
  'eform.sendDraft': {
    effect: eformEffects['eform.sendDraft'],
    description: describedAs('eform.sendDraft', ({ draftOf }: { draftOf: string }) => `Send the draft of: ${draftOf}`),
    // It has no body: there is nothing to edit.
    resubmit: 'json',
    // "Send draft" on an eForm the practice kept as a draft, in the Outbox.
    start: eformStarts['eform.sendDraft'],
  },
} satisfies Record<'eform.create' | 'eform.sendDraft', OperationParts>;
