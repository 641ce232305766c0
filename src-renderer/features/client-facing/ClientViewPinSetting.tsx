import { Button, Flex, Heading, Text } from '@radix-ui/themes';
import { useState, type FormEvent } from 'react';
import { pinSchema } from '../../../src-preload/contract/client-facing';
import { useCompanion } from '../../context/services-context';
import { useClientFacing } from '../../context/store-hooks';
import { PasswordField } from '../../ui/PasswordField';

/**
 * Settings: the PIN that leaves client view. The current one proves it is the staff member (main checks
 * it and slows wrong tries down); with none yet, the first is set here or at the first "Show to client".
 */
export function ClientViewPinSetting() {
  const companion = useCompanion();
  const pinSet = useClientFacing((s) => s.pinSet);
  const apply = useClientFacing((s) => s.apply);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!companion) return;
    if (!pinSchema.safeParse(next).success) return setMessage({ text: 'Choose a PIN of 4 to 12 digits.', ok: false });
    void companion.clientFacing
      .changePin({ current, next })
      .then((result) => {
        apply(result.status);
        setMessage(
          result.accepted
            ? { text: 'The PIN was changed.', ok: true }
            : {
                text:
                  result.retryInMs > 0
                    ? `The current PIN is not right. Try again in ${Math.ceil(result.retryInMs / 1000)} seconds.`
                    : 'The current PIN is not right.',
                ok: false,
              },
        );
      })
      .catch(() => setMessage({ text: 'The PIN could not be changed. Try again.', ok: false }))
      .finally(() => (setCurrent(''), setNext('')));
  };
  return (
    <form onSubmit={submit} aria-labelledby="client-view-pin">
      <Flex direction="column" gap="2" maxWidth="360px">
        <Heading as="h2" size="3" id="client-view-pin">
          Client view PIN
        </Heading>
        <Text size="2" color="gray">
          Asked to leave “Show to client”, so a client cannot browse the practice’s other clients.
        </Text>
        {pinSet ? (
          <PasswordField
            label="Current PIN"
            value={current}
            onChange={setCurrent}
            autoComplete="current-password"
            digits
          />
        ) : null}
        <PasswordField
          label={pinSet ? 'New PIN' : 'PIN (4 to 12 digits)'}
          value={next}
          onChange={setNext}
          autoComplete="new-password"
          digits
        />
        <Flex>
          <Button type="submit">{pinSet ? 'Change PIN' : 'Set PIN'}</Button>
        </Flex>
        {message ? (
          <Text size="2" color={message.ok ? 'green' : 'red'} role={message.ok ? 'status' : 'alert'}>
            {message.text}
          </Text>
        ) : null}
      </Flex>
    </form>
  );
}
