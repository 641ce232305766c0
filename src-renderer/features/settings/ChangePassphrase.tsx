import { Button, Flex, Text } from '@radix-ui/themes';
import { useState, type FormEvent } from 'react';
import { useCompanion } from '../../context/services-context';
import { ConfirmDialog } from '../../ui/ModalDialog';
import { PasswordField } from '../../ui/PasswordField';

const MIN_LENGTH = 10;

/**
 * A new documents passphrase for an unlocked session: the current one proves it is the user (a laptop
 * left open must not let anyone replace it), the new one is typed twice. Main re-seals each practice's
 * document key under it, so saved documents stay readable. The fields are cleared whatever the answer.
 */
export function ChangePassphraseForm(props: { onChanged: () => void }) {
  const companion = useCompanion();
  const [open, setOpen] = useState(false);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  const clear = () => {
    setCurrent('');
    setNext('');
    setRepeat('');
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!companion) return;
    if (next.length < MIN_LENGTH)
      return setMessage({ text: `Choose a new passphrase of at least ${MIN_LENGTH} characters.`, ok: false });
    if (next !== repeat) return setMessage({ text: 'The two new passphrases differ. Type them again.', ok: false });
    setBusy(true);
    void companion.documents
      .changePassphrase({ current, next })
      .then((result) => {
        setMessage(
          result.ok
            ? { text: 'The documents passphrase was changed.', ok: true }
            : { text: result.message ?? 'Not changed.', ok: false },
        );
        if (result.ok) {
          setOpen(false);
          props.onChanged();
        }
      })
      .catch(() => setMessage({ text: 'The passphrase could not be changed. Try again.', ok: false }))
      .finally(() => {
        clear();
        setBusy(false);
      });
  };

  const status = message ? (
    <Text size="2" color={message.ok ? 'green' : 'red'} role={message.ok ? 'status' : 'alert'}>
      {message.text}
    </Text>
  ) : null;
  if (!open)
    return (
      <Flex direction="column" gap="2" align="start">
        <Button variant="soft" onClick={() => (setOpen(true), setMessage(null))}>
          Change passphrase…
        </Button>
        {status}
      </Flex>
    );
  return (
    <form onSubmit={submit} aria-label="Change the documents passphrase">
      <Flex direction="column" gap="2" maxWidth="360px">
        <PasswordField
          label="Current passphrase"
          value={current}
          onChange={setCurrent}
          autoComplete="current-password"
          required
        />
        <PasswordField label="New passphrase" value={next} onChange={setNext} autoComplete="new-password" required />
        <PasswordField
          label="Type the new one again"
          value={repeat}
          onChange={setRepeat}
          autoComplete="new-password"
          required
        />
        <Flex gap="2">
          <Button type="submit" disabled={busy}>
            Change passphrase
          </Button>
          <Button type="button" variant="soft" color="gray" onClick={() => (clear(), setOpen(false))}>
            Cancel
          </Button>
        </Flex>
        {status}
      </Flex>
    </form>
  );
}

/**
 * For a passphrase the user no longer knows: it is forgotten, and with it the documents it protects
 * (they are downloaded again from the practice when next opened online). Asked first.
 */
export function ForgetPassphrase(props: { onForgotten: () => void }) {
  const companion = useCompanion();
  const [asking, setAsking] = useState(false);
  const [failed, setFailed] = useState(false);
  const forget = () => {
    setAsking(false);
    void companion?.documents
      .forgetPassphrase({})
      .then(() => props.onForgotten())
      .catch(() => setFailed(true));
  };
  return (
    <Flex direction="column" gap="2" align="start">
      <Button variant="ghost" color="red" onClick={() => setAsking(true)}>
        Forgot the passphrase?
      </Button>
      {failed ? (
        <Text size="2" color="red" role="alert">
          The passphrase could not be forgotten. Try again.
        </Text>
      ) : null}
      <ConfirmDialog
        open={asking}
        onClose={() => setAsking(false)}
        title="Forget the documents passphrase?"
        description="Documents saved under it cannot be opened without it, so they are deleted from this laptop. They are downloaded again from the practice when you next open them online. Your clients, outbox and settings are not affected. You can then set a new passphrase."
        confirmLabel="Forget passphrase and saved documents"
        onConfirm={forget}
      />
    </Flex>
  );
}
