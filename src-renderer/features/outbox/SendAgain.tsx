import { Button, Flex, Text } from '@radix-ui/themes';
import { useState } from 'react';
import type { OperationName } from '../../../src-preload/contract/outbox/operations';
import type { OutboxEntry } from '../../../src-preload/contract/outbox/outbox-entry';
import { ConfirmDialog } from '../../ui/ModalDialog';
import { useRegion } from '../../ui/regional/use-region';
import { formatDateTime } from '../../ui/regional/regional-format';
import { resubmit } from '../../outbox/outbox-db';
import { useServices } from '../../context/services-context';
import { describeFailure } from '../../ui/words/describe-failure';
import { secondCopyWords } from '../../ui/words/sent-once';

export const sendAgainLabel = (operation: OperationName): string =>
  `Send again — this may create ${secondCopyWords(operation)}`;

const when = (iso: string | null | undefined, region: string | undefined) =>
  iso ? formatDateTime(iso, region) : 'an unknown time';

/**
 * An action that may already have reached the practice (one sent once, or a create a read could not settle)
 * is sent again only after the user has seen when it went out, that no clear answer came, and what the
 * app's reads found — and has said so.
 */
export function SendAgain({ entry, practiceKey }: { entry: OutboxEntry; practiceKey: string }) {
  const { databases, outbox } = useServices();
  const region = useRegion();
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const confirm = () => {
    resubmit(databases.of(practiceKey), entry, undefined, Date.now(), { sendAgain: true })
      .then(() => outbox.kick('user'))
      .catch((error: unknown) => setProblem(describeFailure(error)));
  };
  return (
    <>
      <Button size="1" variant="soft" color="amber" onClick={() => setOpen(true)}>
        Send again…
      </Button>
      {problem ? (
        <Text size="1" color="red" role="alert">
          {problem}
        </Text>
      ) : null}
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title={`Send “${entry.summary}” again?`}
        description={`It was sent at ${when(entry.lastSentAt, region)} and no clear answer came back, so it may already be at the practice.`}
        cancelLabel="Do not send"
        confirmLabel={sendAgainLabel(entry.operation)}
        onConfirm={confirm}
      >
        <Flex direction="column" gap="1" data-testid="send-again-checks">
          <Text size="2" weight="medium">
            What the app checked
          </Text>
          {(entry.checks ?? []).length === 0 ? <Text size="2">Nothing could be read to check it.</Text> : null}
          {(entry.checks ?? []).map((check) => (
            <Text size="2" key={check.at}>
              {when(check.at, region)}: {check.note}
            </Text>
          ))}
        </Flex>
      </ConfirmDialog>
    </>
  );
}
