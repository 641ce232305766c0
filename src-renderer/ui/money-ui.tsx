import { Badge, Button, Link as RadixLink, Text } from '@radix-ui/themes';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import type { DocumentKind } from '../../src-preload/contract/documents';
import type { ReadOutcome } from '../client-data/client-reads';
import { useInteractiveReads } from '../client-data/use-client-data';
import { clientReadId } from '../practice/practice-db';
import { activePractice, usePractice } from '../practice/practice-store';
import { moneyStatusColour } from './money-status';
import { formatDateTime } from './regional/regional-format';
import { useActivePracticeDb } from '../app/services-context';

export const useRegion = () => usePractice((s) => activePractice(s)?.region);

/** Where a document opens: the document screen, which works offline from the cache. */
export function documentHref(kind: DocumentKind, id: string | number, entityKey: string): string {
  return `/documents/${kind}/${id}?entity=${entityKey}`;
}

export function OpenPdfLink({
  kind,
  id,
  entityKey,
  label = 'Open PDF',
}: {
  kind: DocumentKind;
  id: string | number;
  entityKey: string;
  label?: string;
}) {
  return (
    <RadixLink asChild size="2">
      <Link to={documentHref(kind, id, entityKey)}>{label}</Link>
    </RadixLink>
  );
}

export const StatusBadge = ({ status }: { status: keyof typeof moneyStatusColour }) => (
  <Badge color={moneyStatusColour[status]}>{status}</Badge>
);

/** "Read from the practice 5 Mar, 10:02" or why it never was; for a per-client part. */
export function ReadFreshness({ entityKey, part, what }: { entityKey: string; part: string; what: string }) {
  const db = useActivePracticeDb();
  const region = useRegion();
  const read = useLiveQuery(
    () => (db ? db.clientReads.get(clientReadId(entityKey, part)) : undefined),
    [db, entityKey, part],
  );
  return (
    <Text as="p" size="1" color="gray" data-testid={`freshness-${part}`}>
      {read
        ? `${what} as read from the practice ${formatDateTime(read.fetchedAt, region)}.`
        : `${what} have not been read from the practice on this laptop yet: open this client online or prepare it for a meeting.`}
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
