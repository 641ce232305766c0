import { Button, Flex, Text } from '@radix-ui/themes';
import { useState, type FormEvent } from 'react';
import type { OwnCredentialsInput, PracticeSummary } from '../../../src-preload/contract/practice';
import { useServices } from '../../context/services-context';
import { useOwnCredentialsFields } from './OwnCredentialsFields';
import { usePractice } from '../../context/store-hooks';

/**
 * For a practice read through the hub without credentials of its own: add them, so its changes can be sent
 * to the Partner API. Main checks them (the same practice as the hub's, and whether they may write).
 */
export function AddOwnCredentialsForm({ practice: known }: { practice: PracticeSummary }) {
  const { practice } = useServices();
  const busy = usePractice((s) => s.busy);
  const storage = usePractice((s) => s.storage);
  const [open, setOpen] = useState(false);
  const send = (own: OwnCredentialsInput) =>
    void practice
      .addOwnCredentials({ practiceKey: known.practiceKey, own, remember: true, acceptWeakStorage: false })
      .then((result) => {
        fields.settled(result);
        if (result.ok) setOpen(false);
      });
  const fields = useOwnCredentialsFields(send);
  if (!open)
    return (
      <Button size="1" variant="soft" onClick={() => setOpen(true)}>
        Add your own Partner API credentials
      </Button>
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(fields.value());
  };
  return (
    <form onSubmit={submit} aria-label="Add your own Partner API credentials">
      <Flex direction="column" gap="3" mt="2">
        {fields.fields}
        {storage && !storage.secure ? (
          <Text size="1" color="gray">
            This laptop has no secure store: the secret is kept for this session only.
          </Text>
        ) : null}
        <Flex gap="2">
          <Button type="submit" disabled={busy}>
            Check and keep them
          </Button>
          <Button type="button" variant="soft" color="gray" onClick={() => setOpen(false)}>
            Cancel
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
