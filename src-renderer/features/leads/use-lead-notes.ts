import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { parseReadData } from '../../../src-preload/contract/reads';
import { isOnline } from '../../stores/connectivity-store';
import { describeNotes, storeLeadNotes, type NotesDisplay, type NotesRefresh } from './lead-notes-cache';
import { useCompanion, useServices } from '../../context/services-context';
import { describeFailure, UserFacingFailure } from '../../ui/words/describe-failure';
import { useConnectivity } from '../../context/store-hooks';

/**
 * A lead's notes: the cached ones at once (so they show offline), refreshed from the practice through
 * main (`practice.read`, kind `leads.notes`) whenever the lead is opened online, main comes back online, or sync brings a change to the lead
 * (`updatedOn` moves when a note is added on the server). `remote` is false for a lead still waiting to
 * be created: the practice does not know its key, so asking would only fail.
 */
export function useLeadNotes(
  practiceKey: string,
  leadKey: string,
  noteCount: number,
  updatedOn: string,
  remote = true,
): NotesDisplay & { cachedLoaded: boolean } {
  const companion = useCompanion();
  const { databases } = useServices();
  const online = useConnectivity(isOnline);
  const cached = useLiveQuery(
    () => databases.of(practiceKey).leadNotes.where('leadKey').equals(leadKey).toArray(),
    [practiceKey, leadKey],
  );
  const [refresh, setRefresh] = useState<NotesRefresh>({ state: 'idle' });

  useEffect(() => {
    if (!online || !companion || !remote) {
      setRefresh({ state: 'idle' });
      return;
    }
    let current = true;
    setRefresh({ state: 'loading' });
    companion.practice
      .read({ practiceKey, request: { kind: 'leads.notes', leadKey }, priority: 'interactive' })
      .then(async (result) => {
        if (!result.ok)
          throw new UserFacingFailure(
            result.problem === 'not-found' ? 'The practice no longer has this lead.' : result.message,
          );
        // Stored even if the screen moved on meanwhile: the notes are valid and save a read next time.
        await storeLeadNotes(databases.of(practiceKey), leadKey, parseReadData('leads.notes', result.data));
        if (current) setRefresh({ state: 'done' });
      })
      .catch((error: unknown) => {
        if (current) setRefresh({ state: 'failed', message: describeFailure(error) });
      });
    return () => {
      current = false;
    };
  }, [companion, databases, practiceKey, leadKey, online, updatedOn, remote]);

  return { ...describeNotes(cached ?? [], noteCount, online, refresh), cachedLoaded: cached !== undefined };
}
