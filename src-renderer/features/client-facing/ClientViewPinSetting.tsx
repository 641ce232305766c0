import { Button, Flex, Heading, Text } from '@radix-ui/themes';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { pinSchema, type PinOwner } from '../../../src-preload/contract/client-facing';
import { useCompanion } from '../../context/services-context';
import { useAppInfo, usePractice } from '../../context/store-hooks';
import { managedOf } from '../../stores/app-info-store';
import { SetByAdministrator } from '../../ui/SetByAdministrator';
import { useStoredMe } from '../../who-am-i/who-am-i';
import { PasswordField } from '../../ui/PasswordField';
import { useSecondsLeft, WaitProblem } from './PinDialogs';

/**
 * Settings: the PIN that leaves client view, for the active practice and the staff member chosen in "This is
 * me" (each has their own). The current one proves it is them (main checks it and slows wrong tries down);
 * with none yet, the first is set here or at the first "Show to client".
 */
export function ClientViewPinSetting() {
  const companion = useCompanion();
  const practiceKey = usePractice((s) => s.activePracticeKey);
  const stored = useStoredMe();
  // Undefined while "This is me" has not been read: the PIN asked about would be the wrong person's.
  const userKey = stored === undefined ? undefined : (stored?.userKey ?? null);
  const owner = useMemo<PinOwner | null>(
    () => (practiceKey && userKey !== undefined ? { practiceKey, userKey } : null),
    [practiceKey, userKey],
  );
  const [pinSet, setPinSet] = useState<{ for: PinOwner; set: boolean } | null>(null);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const [waitUntil, setWaitUntil] = useState(0);
  const left = useSecondsLeft(waitUntil);
  // The administrator's policy may ask for longer PINs than the contract's 4 digits (main refuses shorter ones too).
  const minLength = useAppInfo((s) => managedOf(s).clientViewPinMinLength);
  useEffect(() => {
    if (!companion || !owner) return;
    let live = true;
    void companion.clientFacing
      .status({ owner })
      .then((status) => {
        if (!live) return;
        setPinSet({ for: owner, set: status.pinSet });
        if (status.retryInMs > 0) setWaitUntil(Date.now() + status.retryInMs);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [companion, owner]);
  if (!companion || !owner) return null;
  const hasPin = pinSet?.for === owner ? pinSet.set : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (left > 0) return;
    if (!pinSchema.safeParse(next).success)
      return setMessage({ text: `Choose a PIN of ${minLength ?? 4} to 12 digits.`, ok: false });
    if (minLength && next.length < minLength)
      return setMessage({ text: `Your administrator asks for a PIN of at least ${minLength} digits.`, ok: false });
    void companion.clientFacing
      .changePin({ owner, current, next })
      .then((result) => {
        setPinSet({ for: owner, set: result.status.pinSet });
        setWaitUntil(Date.now() + result.retryInMs);
        setMessage(
          result.accepted
            ? { text: 'The PIN was changed.', ok: true }
            : { text: 'The current PIN is not right.', ok: false },
        );
      })
      .catch(() => setMessage({ text: 'The PIN could not be changed. Try again.', ok: false }))
      .finally(() => (setCurrent(''), setNext('')));
  };
  return (
    <form onSubmit={submit} aria-labelledby="client-view-pin">
      <Flex direction="column" gap="2" maxWidth="360px">
        <Flex gap="2" align="center">
          <Heading as="h2" size="3" id="client-view-pin">
            Client view PIN
          </Heading>
          {minLength ? <SetByAdministrator /> : null}
        </Flex>
        <Text size="2" color="gray">
          Asked to leave “Show to client”, so a client cannot browse the practice’s other clients. Each practice, and
          each person chosen in “This is me”, has their own.
        </Text>
        {hasPin ? (
          <PasswordField
            label="Current PIN"
            value={current}
            onChange={setCurrent}
            autoComplete="current-password"
            digits
          />
        ) : null}
        <PasswordField
          label={hasPin ? 'New PIN' : `PIN (${minLength ?? 4} to 12 digits)`}
          value={next}
          onChange={setNext}
          autoComplete="new-password"
          digits
        />
        <Flex>
          <Button type="submit" disabled={hasPin === null || left > 0}>
            {hasPin ? 'Change PIN' : 'Set PIN'}
          </Button>
        </Flex>
        {message?.ok ? (
          <Text size="2" color="green" role="status">
            {message.text}
          </Text>
        ) : (
          <WaitProblem problem={message?.text ?? null} secondsLeft={left} />
        )}
      </Flex>
    </form>
  );
}
