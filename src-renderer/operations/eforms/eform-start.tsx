import { useLiveQuery } from 'dexie-react-hooks';
import type { ComponentProps } from 'react';
import type { EformCreate } from '../../../src-preload/contract/partner-api';
import { useActivePracticeDb } from '../../context/services-context';
import { lazyComponent } from '../../ui/LazyLoad';
import { startsAtOnce, startsInDialog, type StartFormProps } from '../shared/action-start';
import { recipientOf, type ClientAbout } from '../shared/client-about';
import type { EformForm as Form } from './EformForm';

/** Loaded the first time it is opened, not at start. */
export const EformForm = lazyComponent<ComponentProps<typeof Form>>(
  async () => (await import('./EformForm')).EformForm,
  'the form',
);

type EformTells = { 'eform.create': { body: EformCreate; templateName: string; clientName: string } };
type SendDraftTells = { 'eform.sendDraft': { draftOf: string } };

function EformStart({ about, disabledReason, onCancel, queue }: StartFormProps<ClientAbout, EformTells>) {
  const { entity } = about;
  const db = useActivePracticeDb();
  // The form picks its first template when it opens: it waits for the stored templates.
  const templates = useLiveQuery(async () => (db ? await db.eformTemplates.toArray() : []), [db]);
  if (!templates) return null;
  return (
    <EformForm
      templates={templates}
      disabledReason={disabledReason}
      onCancel={onCancel}
      defaults={{ entityKey: entity.entityKey, ...recipientOf(about) }}
      onSubmit={async (body) => {
        const templateName = templates.find((t) => t.templateId === body.templateId)?.name;
        await queue({
          operation: 'eform.create',
          payload: { params: {}, body },
          told: { body, templateName: templateName ?? String(body.templateId), clientName: entity.fullEntityName },
        });
      }}
    />
  );
}

/** How eForms start: sent to a client, and a draft the practice kept sent from its Outbox entry. */
export const eformStarts = {
  'eform.create': startsInDialog<ClientAbout, EformTells>({
    title: ({ entity }) => `Send an eForm to ${entity.fullEntityName}`,
    description: () => "The recipient defaults to the client's primary contact.",
    width: 'wide',
    clientOf: ({ entity }) => entity.entityKey,
    forms: [EformForm],
    Form: EformStart,
  }),
  'eform.sendDraft': startsAtOnce<{ formKey: string; draftOf: string; entityKey: string | null }, SendDraftTells>({
    clientOf: ({ entityKey }) => entityKey,
    write: ({ formKey, draftOf }) => ({
      operation: 'eform.sendDraft',
      payload: { params: { formKey } },
      told: { draftOf },
    }),
  }),
};
