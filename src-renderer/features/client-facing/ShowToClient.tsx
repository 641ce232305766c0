import { Button, Flex, Text } from '@radix-ui/themes';
import { useCallback, useState } from 'react';
import type { PinOwner } from '../../../src-preload/contract/client-facing';
import { useCompanion, useServices } from '../../context/services-context';
import { ChoosePinDialog } from './PinDialogs';
import { showToClientKeys, useShowToClientShortcut } from './show-to-client-shortcut';
import { enterClientFacing } from '../../client-facing/client-facing-bridge';
import { pinOwnerNow } from '../../client-facing/pin-owner';
import { useClientFacing, usePractice, useStores } from '../../context/store-hooks';
import { describeFailure } from '../../ui/words/describe-failure';

/**
 * "Show to client" on a client's page (and its shortcut). The PIN belongs to the practice and the person
 * ("This is me"): main is asked whether they have one each time, and the first use for them chooses it.
 */
export function ShowToClient({ entityKey }: { entityKey: string }) {
  const companion = useCompanion();
  const { databases } = useServices();
  const practiceKey = usePractice((s) => s.activePracticeKey);
  const { clientFacing } = useStores();
  const active = useClientFacing((s) => s.active);
  // The owner the PIN is being chosen for, while the dialog is open.
  const [choosing, setChoosing] = useState<PinOwner | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const start = useCallback(() => {
    if (!companion || !practiceKey || active) return;
    setProblem(null);
    void (async () => {
      const owner = await pinOwnerNow(databases.of(practiceKey));
      const { pinSet } = await companion.clientFacing.status({ owner });
      if (!pinSet) return setChoosing(owner);
      await enterClientFacing(companion, clientFacing, { practiceKey, entityKey, userKey: owner.userKey });
    })().catch((error: unknown) => setProblem(describeFailure(error)));
  }, [companion, databases, clientFacing, practiceKey, active, entityKey]);
  useShowToClientShortcut(start);
  if (!companion || !practiceKey || active) return null;
  return (
    <Flex gap="2" align="center" wrap="wrap" justify="end">
      {problem ? (
        <Text size="1" color="red" role="alert">
          {problem}
        </Text>
      ) : null}
      <Button variant="soft" onClick={start} aria-keyshortcuts={showToClientKeys}>
        Show to client
      </Button>
      <ChoosePinDialog
        open={choosing !== null}
        onClose={() => setChoosing(null)}
        onChosen={async (pin) => {
          if (!choosing) return;
          await enterClientFacing(companion, clientFacing, {
            practiceKey: choosing.practiceKey,
            entityKey,
            userKey: choosing.userKey,
            newPin: pin,
          });
          setChoosing(null);
        }}
      />
    </Flex>
  );
}
