import { Button, Flex, Text, TextField } from '@radix-ui/themes';
import { useState, type FormEvent } from 'react';
import type { DocumentPassphraseStatus } from '../../../src-preload/contract/documents';
import { useCompanion } from '../../context/services-context';
import { ChangePassphraseForm, ForgetPassphrase } from './ChangePassphrase';

const MIN_LENGTH = 10;

/** What the passphrase does here, in one sentence per state (a laptop without a secure password store). */
export function passphraseSentence(state: DocumentPassphraseStatus['state']): string {
  if (state === 'not-set')
    return 'To keep saved documents between sessions, set a documents passphrase. It is never stored: you enter it once each time the app starts. Without it, saved documents are deleted when the app next starts.';
  if (state === 'locked')
    return 'Saved documents are locked until you enter your documents passphrase (once each time the app starts).';
  return 'Your documents passphrase was entered for this session.';
}

/**
 * Sets the documents passphrase (typed twice), or unlocks this session with it. The passphrase goes to
 * main, which derives the key and drops it; the fields are cleared whatever the answer.
 */
export function DocumentPassphraseForm(props: { status: DocumentPassphraseStatus; onEntered: () => void }) {
  const companion = useCompanion();
  const [passphrase, setPassphrase] = useState('');
  const [repeat, setRepeat] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const setting = props.status.state === 'not-set';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!companion) return;
    if (setting && passphrase.length < MIN_LENGTH)
      return setMessage(`Choose a passphrase of at least ${MIN_LENGTH} characters.`);
    if (setting && passphrase !== repeat) return setMessage('The two passphrases differ. Type them again.');
    setBusy(true);
    void companion.documents
      .enterPassphrase({ passphrase })
      .then((result) => {
        setMessage(result.message);
        if (result.ok) props.onEntered();
      })
      .catch(() => setMessage('The passphrase could not be checked. Try again.'))
      .finally(() => {
        setPassphrase('');
        setRepeat('');
        setBusy(false);
      });
  };

  return (
    <Flex direction="column" gap="2" mt="2">
      <Text as="p" size="2" data-testid="document-passphrase-state">
        {passphraseSentence(props.status.state)}
      </Text>
      {props.status.state === 'unlocked' ? <ChangePassphraseForm onChanged={props.onEntered} /> : null}
      {props.status.state === 'unlocked' ? null : (
        <form onSubmit={submit} aria-label={setting ? 'Set a documents passphrase' : 'Unlock saved documents'}>
          <Flex direction="column" gap="2" maxWidth="360px">
            <label>
              <Text size="2" weight="medium">
                {setting ? 'New documents passphrase' : 'Documents passphrase'}
              </Text>
              <TextField.Root
                type="password"
                value={passphrase}
                onChange={(e) => setPassphrase(e.target.value)}
                autoComplete={setting ? 'new-password' : 'current-password'}
                required
              />
            </label>
            {setting ? (
              <label>
                <Text size="2" weight="medium">
                  Type it again
                </Text>
                <TextField.Root
                  type="password"
                  value={repeat}
                  onChange={(e) => setRepeat(e.target.value)}
                  autoComplete="new-password"
                  required
                />
              </label>
            ) : null}
            <Button type="submit" disabled={busy}>
              {setting ? 'Set passphrase' : 'Unlock'}
            </Button>
            {message ? (
              <Text size="2" color="red" role="alert">
                {message}
              </Text>
            ) : null}
          </Flex>
        </form>
      )}
      {props.status.state === 'locked' ? <ForgetPassphrase onForgotten={props.onEntered} /> : null}
    </Flex>
  );
}
