import { Badge, Button, Callout, Card, Flex, Heading, Progress, Text } from '@radix-ui/themes';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { useActivePracticeDb, useCompanion, useServices } from '../../app/services-context';
import type { StoredEntity } from '../../practice/practice-db';
import type { MeetingPack } from '../../meeting-packs/meeting-pack-types';
import { estimatePack } from '../../meeting-packs/pack-plan';
import { listAverages, packIdFor, packInputs } from '../../meeting-packs/pack-runner';
import { isOnline, useConnectivity } from '../../connectivity/connectivity-store';
import { formatDuration } from '../../practice/budget-text';
import { formatDateTime } from '../../ui/regional/regional-format';
import { useRegion } from '../../ui/money-ui';

const stateText: Record<MeetingPack['state'], { label: string; colour: 'green' | 'amber' | 'blue' | 'red' | 'gray' }> =
  {
    sizing: { label: 'Sizing', colour: 'blue' },
    fetching: { label: 'Fetching', colour: 'blue' },
    complete: { label: 'Ready offline', colour: 'green' },
    incomplete: { label: 'Incomplete', colour: 'red' },
    'waiting-for-connection': { label: 'Waiting for a connection', colour: 'amber' },
  };

/** "Needed offline": the estimate and ETA before, progress during, and what is missing (and why) after. */
export function MeetingPackPanel({ entity }: { entity: StoredEntity }) {
  const db = useActivePracticeDb();
  const pack = useLiveQuery(
    () => (db ? db.meetingPacks.get(packIdFor(entity.entityKey)) : undefined),
    [db, entity.entityKey],
  );
  return (
    <Card data-testid="meeting-pack">
      <Flex direction="column" gap="2">
        <Heading as="h2" size="3">
          Meeting pack
        </Heading>
        {pack ? <PackStatus pack={pack} /> : <PackOffer entity={entity} />}
      </Flex>
    </Card>
  );
}

/** How big a pack would be and how long the budget needs for it, then the button. */
function PackOffer({ entity }: { entity: StoredEntity }) {
  const db = useActivePracticeDb();
  const practiceKey = db?.practiceKey ?? null;
  const companion = useCompanion();
  const online = useConnectivity(isOnline);
  const { prepare } = useServices().meetingPacks;
  // Live: the estimate tightens as the client's lists arrive (opening a client online reads them).
  const base = useLiveQuery(async () => {
    if (!db) return null;
    return estimatePack(await packInputs(db, entity.entityKey), await listAverages(db));
  }, [db, entity.entityKey]);
  const [eta, setEta] = useState<{ requests: number; seconds: number | null } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const requests = base?.requests;
  useEffect(() => {
    if (!practiceKey || requests === undefined) return;
    let cancelled = false;
    void companion?.practice
      .budget({ practiceKey, estimateRequests: requests })
      .then((budget) => !cancelled && setEta({ requests, seconds: budget?.estimate?.etaSeconds ?? null }))
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [companion, practiceKey, requests]);
  const estimate = base ? { ...base, etaSeconds: eta?.requests === base.requests ? eta.seconds : null } : null;
  return (
    <>
      <Text size="2">
        Copy everything for {entity.fullEntityName} to this laptop — proposals with pricing, every bill with its PDF,
        payments, statements with their PDFs and the identity certificate — so it all opens without a connection. The
        documents are kept until you remove the pack.
      </Text>
      {estimate ? (
        <Text size="2" data-testid="pack-estimate">
          {estimate.approximate ? 'About ' : ''}
          {estimate.requests} requests
          {estimate.etaSeconds !== null
            ? `, ready in ${estimate.etaSeconds <= 1 ? 'a moment' : `about ${formatDuration(estimate.etaSeconds)}`} under the current request budget`
            : ''}
          .{estimate.approximate ? ' (Some lists have not been read yet, so this is an estimate.)' : ''}
        </Text>
      ) : null}
      <Flex gap="3" align="center">
        <Button
          onClick={() => prepare(entity).catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)))}
        >
          Prepare for meeting
        </Button>
        {!online ? (
          <Text size="1" color="gray">
            Offline: the pack will start when the connection is back.
          </Text>
        ) : null}
      </Flex>
      {error ? (
        <Text color="red" role="alert">
          {error}
        </Text>
      ) : null}
    </>
  );
}

function PackStatus({ pack }: { pack: MeetingPack }) {
  const region = useRegion();
  const { retry, remove, prepare } = useServices().meetingPacks;
  const counted = pack.items.filter((i) => i.state !== 'none');
  const done = counted.filter((i) => i.state === 'done').length;
  const problems = pack.items.filter((i) => i.state === 'failed' || (i.state === 'waiting' && i.message));
  const none = pack.items.filter((i) => i.state === 'none');
  const state = stateText[pack.state];
  return (
    <Flex direction="column" gap="2">
      <Flex gap="3" align="center" wrap="wrap">
        <Badge color={state.colour} size="2" data-testid="pack-state">
          {state.label}
        </Badge>
        <Text size="2" data-testid="pack-progress">
          {done} of {counted.length} items on this laptop
        </Text>
        <Text size="1" color="gray">
          {pack.actualRequests} requests so far (estimated {pack.estimatedRequests})
        </Text>
        {pack.completedAt ? (
          <Text size="1" color="gray">
            completed {formatDateTime(pack.completedAt, region)}
          </Text>
        ) : null}
      </Flex>
      {pack.state === 'fetching' ? (
        <Progress value={counted.length ? (100 * done) / counted.length : 0} aria-label="Meeting pack progress" />
      ) : null}
      {problems.length > 0 ? (
        <Callout.Root color={pack.state === 'waiting-for-connection' ? 'amber' : 'red'} size="1">
          <Callout.Text>
            {problems.slice(0, 8).map((i) => (
              <span key={i.key} data-testid="pack-missing">
                {i.label}: {i.message}
                <br />
              </span>
            ))}
            {problems.length > 8 ? `and ${problems.length - 8} more.` : null}
          </Callout.Text>
        </Callout.Root>
      ) : null}
      {none.length > 0 ? (
        <Text size="1" color="gray">
          Nothing to fetch: {none.map((i) => `${i.label} — ${i.message}`).join(' · ')}
        </Text>
      ) : null}
      <Flex gap="3">
        {pack.state === 'incomplete' ? (
          <Button size="1" onClick={() => void retry(pack.packId)}>
            Retry what failed
          </Button>
        ) : null}
        {pack.state === 'complete' || pack.state === 'incomplete' ? (
          <Button
            size="1"
            variant="soft"
            onClick={() => void prepare({ entityKey: pack.entityKey, fullEntityName: pack.entityName })}
          >
            Refresh pack
          </Button>
        ) : null}
        <Button size="1" variant="soft" color="gray" onClick={() => void remove(pack.packId)}>
          Remove pack
        </Button>
      </Flex>
    </Flex>
  );
}
