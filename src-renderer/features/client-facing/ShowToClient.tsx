import { Button } from '@radix-ui/themes';
import { useCallback, useState } from 'react';
import { useCompanion } from '../../context/services-context';
import { ChoosePinDialog } from './PinDialogs';
import { showToClientKeys, useShowToClientShortcut } from './show-to-client-shortcut';
import { enterClientFacing } from '../../client-facing/client-facing-store';
import { useClientFacing, usePractice, useStores } from '../../context/store-hooks';

/** "Show to client" on a client's page (and its shortcut): the first use asks for a PIN first. */
export function ShowToClient({ entityKey }: { entityKey: string }) {
  const companion = useCompanion();
  const practiceKey = usePractice((s) => s.activePracticeKey);
  const { clientFacing } = useStores();
  const pinSet = useClientFacing((s) => s.pinSet);
  const active = useClientFacing((s) => s.active);
  const [choosing, setChoosing] = useState(false);
  const start = useCallback(() => {
    if (!companion || !practiceKey || active) return;
    if (!pinSet) return setChoosing(true);
    void enterClientFacing(companion, clientFacing, { practiceKey, entityKey }).catch(() => undefined);
  }, [companion, clientFacing, practiceKey, active, pinSet, entityKey]);
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
          await enterClientFacing(companion, clientFacing, { practiceKey, entityKey }, pin);
          setChoosing(false);
        }}
      />
    </>
  );
}
