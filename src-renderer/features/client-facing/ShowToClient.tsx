import { Button } from '@radix-ui/themes';
import { useCallback, useState } from 'react';
import { useCompanion } from '../../context/services-context';
import { usePractice } from '../../session/practice-store';
import { useClientFacing } from '../../client-facing/client-facing-store';
import { ChoosePinDialog } from './PinDialogs';
import { showToClientKeys, useShowToClientShortcut } from './show-to-client-shortcut';

/** "Show to client" on a client's page (and its shortcut): the first use asks for a PIN first. */
export function ShowToClient({ entityKey }: { entityKey: string }) {
  const companion = useCompanion();
  const practiceKey = usePractice((s) => s.activePracticeKey);
  const { pinSet, active, enter } = useClientFacing();
  const [choosing, setChoosing] = useState(false);
  const start = useCallback(() => {
    if (!companion || !practiceKey || active) return;
    if (!pinSet) return setChoosing(true);
    void enter(companion, { practiceKey, entityKey }).catch(() => undefined);
  }, [companion, practiceKey, active, pinSet, enter, entityKey]);
  useShowToClientShortcut(start);
  if (!companion || !practiceKey || active) return null;
  return (
    <>
      <Button variant="soft" onClick={start} aria-keyshortcuts={showToClientKeys}>
        Show to client
      </Button>
      <ChoosePinDialog
        open={choosing}
        onClose={() => setChoosing(false)}
        onChosen={async (pin) => {
          await enter(companion, { practiceKey, entityKey }, pin);
          setChoosing(false);
        }}
      />
    </>
  );
}
