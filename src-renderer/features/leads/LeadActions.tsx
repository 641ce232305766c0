import { Badge } from '@radix-ui/themes';
import { useLiveQuery } from 'dexie-react-hooks';
import type { Lead } from '../../../src-preload/contract/partner-api';
import type { Pending } from '../../effects/outbox-effect';
import { readEntries } from '../../outbox/outbox-db';
import { usePractice } from '../../context/store-hooks';
import { useOpenAction } from '../../operations/action-context';
import { usePreloadedForms } from '../../operations/action-opener';
import { WriteActions, WriteButton } from '../../operations/shared/WriteActions';
import { leadName } from '../../ui/words/lead-name';
import { leadTarget, openEntriesForLead } from './lead-outbox';
import { useServices } from '../../context/services-context';

/** "New lead" on the list: queued, shown at once as a pending lead, and opened so a note can follow. */
export function NewLeadAction() {
  const openAction = useOpenAction();
  // The forms' code arrives while the user reads, so a dialog opens with its form at once.
  usePreloadedForms(['lead.create']);
  return (
    <WriteActions testId="leads-actions">
      <WriteButton onClick={() => openAction('lead.create', null)}>New lead</WriteButton>
    </WriteActions>
  );
}

/** What a lead's actions start from: its name, and where a write about it goes. */
const leadAbout = (lead: Pending<Lead>) => ({ leadName: leadName(lead), ...leadTarget(lead) });

/** "Add note" on a lead's notes, including a lead that is itself still waiting to be created. */
export function AddNoteAction({ lead }: { lead: Pending<Lead> }) {
  const openAction = useOpenAction();
  usePreloadedForms(['lead.addNote']);
  return (
    <WriteActions>
      <WriteButton onClick={() => openAction('lead.addNote', leadAbout(lead))}>Add note</WriteButton>
    </WriteActions>
  );
}

/** "Convert to client": offered until the lead is converted or a conversion is on its way. */
export function ConvertAction({ lead }: { lead: Pending<Lead> }) {
  const { databases } = useServices();
  const openAction = useOpenAction();
  usePreloadedForms(['lead.convert']);
  const practiceKey = usePractice((s) => s.activePracticeKey) ?? '';
  const queued =
    useLiveQuery(
      async () =>
        openEntriesForLead((await readEntries(databases.of(practiceKey))).entries, lead.leadKey, 'lead.convert'),
      [practiceKey, lead.leadKey],
    ) ?? [];
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
        <WriteButton onClick={() => openAction('lead.convert', leadAbout(lead))}>Convert to client</WriteButton>
      )}
    </WriteActions>
  );
}
