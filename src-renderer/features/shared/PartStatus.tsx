import { Button, Text } from '@radix-ui/themes';
import { useState } from 'react';
import type { ReadOutcome } from '../../client-data/client-reads';
import { useInteractiveReads } from '../../client-data/use-client-data';
import type { PartState } from '../../client-data/part-state';
import { formatDateTime } from '../../ui/regional/regional-format';
import { useShownToClient } from '../../client-facing/client-view';

/** The sentence for one state of a client's list (see PartState); nouns as "Statements"/"statements". */
export function partSentence(
  state: PartState,
  {
    what,
    noun,
    fetchedAt,
    problem,
    region,
    unread,
    singular,
    shownToClient = false,
  }: PartWords & { fetchedAt: string | null; problem: string | null; shownToClient?: boolean },
): string {
  const when = fetchedAt ? formatDateTime(fetchedAt, region) : '';
  const [are, they, have] = singular ? ['is', 'it', 'has'] : ['are', 'they', 'have'];
  switch (state) {
    case 'loading':
      return 'Loading…';
    case 'reading':
      return `Reading ${noun} from the practice…`;
    case 'present':
      return fetchedAt
        ? `${what} as read from the practice ${when}.`
        : (unread ?? `${what} on this laptop; ${they} ${are} read again when this client is opened online.`);
    case 'empty':
      return `The practice has no ${noun} for this client (as read from the practice ${when}).`;
    case 'failed':
      return `${what} could not be read from the practice: ${problem ?? 'no answer'}.`;
    case 'absent-offline':
      // The meeting pack is the practice's preparation: not named with the screen turned to the client.
      return shownToClient
        ? `${what} ${are} not on this laptop yet: ${they} ${are} read when this client is opened online.`
        : `${what} ${are} not on this laptop yet: ${they} ${are} read when this client is opened online, or ${singular ? 'comes' : 'come'} with a meeting pack.`;
    case 'absent-never-read':
      return `${what} ${have} not been read from the practice yet.`;
  }
}

interface PartWords {
  /** Capitalised, as the sentence starts: "Statements", "All bills". */
  what: string;
  /** Lower case, inside a sentence: "statements". */
  noun: string;
  region?: string | undefined;
  /** Said when rows are stored but the list was never read on its own (bills from the sync). */
  unread?: string;
  /** One thing ("The identity status is …") rather than a list. */
  singular?: boolean;
}

/** Where a client's list stands: loading, reading, as read when, none, or what would bring it. */
export function PartStatus({
  part,
  state,
  fetchedAt,
  problem,
  ...words
}: PartWords & { part: string; state: PartState; fetchedAt: string | null; problem: string | null }) {
  const busy = state === 'loading' || state === 'reading';
  const shownToClient = useShownToClient();
  return (
    <Text
      as="p"
      size="1"
      color={state === 'failed' ? 'red' : 'gray'}
      data-testid={`freshness-${part}`}
      data-state={state}
      role={busy ? 'status' : undefined}
    >
      {partSentence(state, { ...words, fetchedAt, problem, shownToClient })}
    </Text>
  );
}

/** The sentence for a row's detail that is not shown; `subject` as "the lines of this bill". */
export function detailSentence(
  state: PartState,
  subject: string,
  verb: 'is' | 'are',
  problem: string | null,
  shownToClient = false,
): string {
  const Subject = subject.charAt(0).toUpperCase() + subject.slice(1);
  switch (state) {
    case 'loading':
      return 'Loading…';
    case 'reading':
      return `Reading ${subject} from the practice…`;
    case 'failed':
      return problem ?? `${Subject} could not be read from the practice.`;
    case 'absent-offline':
      return shownToClient
        ? `${Subject} ${verb} not on this laptop; ${verb === 'is' ? 'it comes' : 'they come'} when opened online.`
        : `${Subject} ${verb} not on this laptop; ${verb === 'is' ? 'it comes' : 'they come'} with a meeting pack or when opened online.`;
    default:
      return `The practice's answer held nothing to show for ${subject}.`;
  }
}

/** A row's detail while it is not shown: loading and reading announce themselves as a status. */
export function DetailStatus({
  state,
  subject,
  verb = 'are',
  problem,
}: {
  state: PartState;
  subject: string;
  verb?: 'is' | 'are';
  problem: string | null;
}) {
  const shownToClient = useShownToClient();
  return (
    <Text
      as="p"
      size="1"
      color={state === 'failed' ? 'red' : 'gray'}
      data-state={state}
      role={state === 'loading' || state === 'reading' ? 'status' : undefined}
    >
      {detailSentence(state, subject, verb, problem, shownToClient)}
    </Text>
  );
}

/** A button that runs one on-demand read (online only) and shows its failure in plain words. */
export function ReadButton({
  label,
  run,
}: {
  label: string;
  run: (ctx: NonNullable<ReturnType<typeof useInteractiveReads>>) => Promise<ReadOutcome>;
}) {
  const ctx = useInteractiveReads();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <Button
        size="1"
        variant="soft"
        disabled={!ctx || busy}
        title={ctx ? undefined : 'Needs a connection to the practice.'}
        onClick={async () => {
          if (!ctx) return;
          setBusy(true);
          setError(null);
          const outcome = await run(ctx);
          setBusy(false);
          if (!outcome.ok) setError(outcome.message);
        }}
      >
        {busy ? 'Reading…' : label}
      </Button>
      {error ? (
        <Text size="1" color="red" role="alert">
          {error}
        </Text>
      ) : null}
    </>
  );
}
