import { Badge, Text } from '@radix-ui/themes';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { preloadAll } from '../../ui/LazyLoad';
import type { Lead } from '../../../src-preload/contract/partner-api';
import { ModalDialog } from '../../ui/ModalDialog';
import type { Pending } from '../../effects/outbox-effect';
import { readEntries } from '../../outbox/outbox-db';
import { LeadConvertForm, LeadForm, LeadNoteForm } from '../../operations/leads/lead-operations';
import { operationRegistry } from '../../operations/registry';
import { useWriteBlocked } from '../../operations/shared/UserSelect';
import { SENT_WHEN, WriteActions, WriteButton } from '../../operations/shared/WriteActions';
import { leadName } from './lead-filter';
import { leadTarget, openEntriesForLead } from './lead-outbox';
import { useServices } from '../../context/services-context';
import { routes } from '../../../src-preload/contract/routes';
import { usePractice } from '../../context/store-hooks';

/** "New lead" on the list: queued, shown at once as a pending lead, and opened so a note can follow. */
export function NewLeadAction() {
  const { outbox } = useServices();
  // The forms' code arrives while the user reads, so a dialog opens with its form at once.
  useEffect(() => preloadAll([LeadForm]), []);
  const blocked = useWriteBlocked();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <WriteActions testId="leads-actions">
      <WriteButton onClick={() => setOpen(true)}>New lead</WriteButton>
      <ModalDialog open={open} onClose={close} title="New lead" description={SENT_WHEN}>
        <LeadForm
          submitLabel="Create lead"
          disabledReason={blocked}
          onCancel={close}
          onSubmit={async (body) => {
            const id = await outbox.queue({
              operation: 'lead.create',
              payload: { params: {}, body },
              summary: operationRegistry['lead.create'].description.summary({
                leadName: leadName({
                  name: body.name,
                  surname: body.surname ?? null,
                  companyName: body.companyName ?? null,
                }),
              }),
              entityKey: null,
              dependsOn: [],
            });
            close();
            navigate(routes.lead(id)); // the placeholder's key is the entry id (operations/leads/lead-effects.ts)
          }}
        />
      </ModalDialog>
    </WriteActions>
  );
}

/** "Add note" on a lead's notes, including a lead that is itself still waiting to be created. */
export function AddNoteAction({ lead }: { lead: Pending<Lead> }) {
  const { outbox } = useServices();
  useEffect(() => preloadAll([LeadNoteForm]), []);
  const blocked = useWriteBlocked();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <WriteActions>
      <WriteButton onClick={() => setOpen(true)}>Add note</WriteButton>
      <ModalDialog open={open} onClose={close} title={`Add a note to ${leadName(lead)}`} description={SENT_WHEN}>
        <LeadNoteForm
          submitLabel="Add note"
          disabledReason={blocked}
          onCancel={close}
          onSubmit={async (body) => {
            const { leadKey, dependsOn } = leadTarget(lead);
            await outbox.queue({
              operation: 'lead.addNote',
              payload: { params: { leadKey }, body },
              summary: operationRegistry['lead.addNote'].description.summary({ leadName: leadName(lead) }),
              entityKey: null,
              dependsOn,
            });
            close();
          }}
        />
      </ModalDialog>
    </WriteActions>
  );
}

/** "Convert to client": offered until the lead is converted or a conversion is on its way. */
export function ConvertAction({ lead }: { lead: Pending<Lead> }) {
  const { databases, outbox } = useServices();
  useEffect(() => preloadAll([LeadConvertForm]), []);
  const practiceKey = usePractice((s) => s.activePracticeKey) ?? '';
  const blocked = useWriteBlocked();
  const [open, setOpen] = useState(false);
  const queued =
    useLiveQuery(
      async () =>
        openEntriesForLead((await readEntries(databases.of(practiceKey))).entries, lead.leadKey, 'lead.convert'),
      [practiceKey, lead.leadKey],
    ) ?? [];
  const close = () => setOpen(false);
  if (lead.convertedEntityKey || lead.statusName === 'Converted') return null;
  const waiting = queued[0];
  return (
    <WriteActions>
      {waiting ? (
        <Badge color={waiting.status === 'failed' ? 'red' : 'amber'} data-testid="conversion-pending">
          {waiting.status === 'failed'
            ? 'Conversion failed: see the Outbox'
            : waiting.status === 'needs-review'
              ? 'Conversion needs review: see the Outbox'
              : 'Conversion pending'}
        </Badge>
      ) : (
        <WriteButton onClick={() => setOpen(true)}>Convert to client</WriteButton>
      )}
      <ModalDialog
        open={open}
        onClose={close}
        title={`Convert ${leadName(lead)} to a client`}
        description={
          <>
            {SENT_WHEN} <Text weight="medium">The new client appears after the next sync.</Text>
          </>
        }
      >
        <LeadConvertForm
          disabledReason={blocked}
          onCancel={close}
          onSubmit={async (body) => {
            const { leadKey, dependsOn } = leadTarget(lead);
            await outbox.queue({
              operation: 'lead.convert',
              payload: { params: { leadKey }, body },
              summary: operationRegistry['lead.convert'].description.summary({ leadName: leadName(lead) }),
              entityKey: null,
              dependsOn,
            });
            close();
          }}
        />
      </ModalDialog>
    </WriteActions>
  );
}
