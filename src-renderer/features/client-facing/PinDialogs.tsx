import { Button, Flex, Text, TextField } from '@radix-ui/themes';
import { useEffect, useState, type FormEvent } from 'react';
import { pinSchema } from '../../../src-preload/contract/client-facing';
import { useCompanion } from '../../context/services-context';
import { ModalDialog } from '../../ui/ModalDialog';
import { exitClientFacing } from '../../client-facing/client-facing-bridge';
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
  if (s === 1) return '1 second';
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
      description="The window will show this client only. Your PIN for this practice is asked to leave it; you can change it in Settings."
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

/**
 * Whole seconds left until `until` (epoch ms), moving on every quarter second while there are some, and 0 from
 * the moment the wait is over: a "Try again in 5 seconds" counts down and goes.
 */
export function useSecondsLeft(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, Math.ceil((until - now) / 1000));
  const waiting = left > 0;
  useEffect(() => {
    setNow(Date.now());
    if (until <= Date.now()) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [until, waiting]);
  return left;
}

/**
 * What went wrong, said once (an alert), and the wait after it counting down beside it without being read out
 * every second; the countdown goes when the wait is over.
 */
export function WaitProblem({ problem, secondsLeft }: { problem: string | null; secondsLeft: number }) {
  if (!problem && secondsLeft === 0) return null;
  return (
    <Text size="2" color="red" data-testid="pin-problem">
      {problem ? <span role="alert">{problem}</span> : null}
      {secondsLeft > 0 ? (
        <span data-testid="pin-wait">
          {problem ? ' ' : ''}Try again in {seconds(secondsLeft * 1000)}.
        </span>
      ) : null}
    </Text>
  );
}

/** Leaving client view: the staff member's PIN, checked by main (which slows wrong tries down). */
export function LeavePinDialog(props: { open: boolean; onClose(): void }) {
  const companion = useCompanion();
  const { clientFacing } = useStores();
  const [pin, setPin] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [waitUntil, setWaitUntil] = useState(0);
  const left = useSecondsLeft(waitUntil);
  // A wait earned before (then the window was reloaded) is main's to say: asked each time the dialog opens.
  useEffect(() => {
    if (!props.open || !companion) return;
    let live = true;
    void companion.clientFacing
      .status()
      .then((status) => live && status.retryInMs > 0 && setWaitUntil(Date.now() + status.retryInMs))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [props.open, companion]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!companion || left > 0) return;
    void exitClientFacing(companion, clientFacing, pin)
      .then((result) => {
        setPin('');
        if (result.accepted) return props.onClose();
        setWaitUntil(Date.now() + result.retryInMs);
        setProblem('That PIN is not right.');
      })
      .catch(() => setProblem('The PIN could not be checked. Try again.'));
  };
  return (
    <ModalDialog open={props.open} onClose={props.onClose} title="Leave client view" description="Type your PIN.">
      <form onSubmit={submit} aria-label="Leave client view">
        <Flex direction="column" gap="2">
          <PinField label="PIN" value={pin} onChange={setPin} autoComplete="current-password" />
          <WaitProblem problem={problem} secondsLeft={left} />
          <Flex gap="2" justify="end">
            <Button type="button" variant="soft" color="gray" onClick={props.onClose}>
              Stay in client view
            </Button>
            <Button type="submit" disabled={left > 0}>
              Leave
            </Button>
          </Flex>
        </Flex>
      </form>
    </ModalDialog>
  );
}
