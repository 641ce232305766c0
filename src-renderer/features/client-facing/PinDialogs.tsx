import { Button, Flex, Text, TextField } from '@radix-ui/themes';
import { useEffect, useState, type FormEvent } from 'react';
import { pinSchema } from '../../../src-preload/contract/client-facing';
import { useCompanion } from '../../context/services-context';
import { ModalDialog } from '../../ui/ModalDialog';
import { exitClientFacing } from '../../client-facing/client-facing-store';
import { useStores } from '../../context/store-hooks';
import { describeFailure } from '../../ui/words/describe-failure';

function PinField(props: { label: string; value: string; onChange(v: string): void; autoComplete: string }) {
  return (
    <label>
      <Text size="2" weight="medium">
        {props.label}
      </Text>
      <TextField.Root
        type="password"
        inputMode="numeric"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        autoComplete={props.autoComplete}
        required
      />
    </label>
  );
}

function Problem({ text }: { text: string | null }) {
  return text ? (
    <Text size="2" color="red" role="alert">
      {text}
    </Text>
  ) : null;
}

const seconds = (ms: number): string => {
  const s = Math.ceil(ms / 1000);
  return s < 90 ? `${s} seconds` : `${Math.ceil(s / 60)} minutes`;
};

/** The first use: a PIN is chosen (typed twice) before the screen is turned to the client. */
export function ChoosePinDialog(props: { open: boolean; onClose(): void; onChosen(pin: string): Promise<void> }) {
  const [pin, setPin] = useState('');
  const [repeat, setRepeat] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = pinSchema.safeParse(pin);
    if (!parsed.success) return setProblem('Choose a PIN of 4 to 12 digits.');
    if (pin !== repeat) return setProblem('The two PINs differ. Type them again.');
    void props.onChosen(pin).catch((error: unknown) => setProblem(describeFailure(error)));
  };
  return (
    <ModalDialog
      open={props.open}
      onClose={props.onClose}
      title="Choose a PIN for client view"
      description="The window will show this client only. Your PIN is asked to leave it; you can change it in Settings."
    >
      <form onSubmit={submit} aria-label="Choose a PIN">
        <Flex direction="column" gap="2">
          <PinField label="PIN (4 to 12 digits)" value={pin} onChange={setPin} autoComplete="new-password" />
          <PinField label="Type it again" value={repeat} onChange={setRepeat} autoComplete="new-password" />
          <Problem text={problem} />
          <Flex gap="2" justify="end">
            <Button type="button" variant="soft" color="gray" onClick={props.onClose}>
              Cancel
            </Button>
            <Button type="submit">Show to client</Button>
          </Flex>
        </Flex>
      </form>
    </ModalDialog>
  );
}

/** Leaving client view: the staff member's PIN, checked by main (which slows wrong tries down). */
export function LeavePinDialog(props: { open: boolean; onClose(): void }) {
  const companion = useCompanion();
  const { clientFacing } = useStores();
  const [pin, setPin] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [waitUntil, setWaitUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const waiting = waitUntil > now;
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [waiting]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!companion || waiting) return;
    void exitClientFacing(companion, clientFacing, pin)
      .then((result) => {
        setPin('');
        if (result.accepted) return props.onClose();
        setWaitUntil(Date.now() + result.retryInMs);
        setNow(Date.now());
        setProblem(
          result.retryInMs > 0
            ? `That PIN is not right. Try again in ${seconds(result.retryInMs)}.`
            : 'That PIN is not right.',
        );
      })
      .catch(() => setProblem('The PIN could not be checked. Try again.'));
  };
  return (
    <ModalDialog open={props.open} onClose={props.onClose} title="Leave client view" description="Type your PIN.">
      <form onSubmit={submit} aria-label="Leave client view">
        <Flex direction="column" gap="2">
          <PinField label="PIN" value={pin} onChange={setPin} autoComplete="current-password" />
          <Problem text={problem} />
          <Flex gap="2" justify="end">
            <Button type="button" variant="soft" color="gray" onClick={props.onClose}>
              Stay in client view
            </Button>
            <Button type="submit" disabled={waiting}>
              Leave
            </Button>
          </Flex>
        </Flex>
      </form>
    </ModalDialog>
  );
}
