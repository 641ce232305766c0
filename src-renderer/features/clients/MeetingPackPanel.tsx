import { Badge, Button, Callout, Flex, Progress, Text } from '@radix-ui/themes';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useActivePracticeDb, useCompanion, useServices } from '../../context/services-context';
import type { StoredEntity } from '../../data/practice-db';
import type { MeetingPack } from '../../data/meeting-pack-types';
import { estimatePack } from '../../meeting-packs/pack-plan';
import { listAverages, packIdFor, packInputs } from '../../meeting-packs/pack-runner';
import { isOnline } from '../../stores/connectivity-store';
import { packWait } from '../../meeting-packs/pack-wait';
import { packProgress, progressText } from '../../meeting-packs/pack-progress';
import { PACK_TRIES } from '../../meeting-packs/pack-retry';
import { formatDuration } from '../../ui/words/budget-text';
import { formatDateTime, formatTime } from '../../ui/regional/regional-format';
import { useRegion } from '../../ui/regional/use-region';
import { describeFailure } from '../../ui/words/describe-failure';
import { useConnectivity, useMeetingPacks } from '../../context/store-hooks';

const stateText: Record<MeetingPack['state'], { label: string; colour: 'green' | 'amber' | 'blue' | 'red' | 'gray' }> =
  {
    sizing: { label: 'Sizing', colour: 'blue' },
    fetching: { label: 'Fetching', colour: 'blue' },
    complete: { label: 'Ready offline', colour: 'green' },
    incomplete: { label: 'Incomplete', colour: 'red' },
    'waiting-for-connection': { label: 'Waiting for a connection', colour: 'amber' },
  };

/**
 * "Needed offline", as one fact of the client's header: the pack's state and its next action in a line
 * (the estimate before, progress during), and the rest — what a pack holds, what is missing and why,
 * Remove — behind a disclosure, so the client's own data comes first. Two cells of the header's grid: the
 * fact, and the disclosed detail spanning the row below it.
 */
export function MeetingPackStatus({ entity }: { entity: StoredEntity }) {
  const db = useActivePracticeDb();
  const detailId = useId();
  const [open, setOpen] = useState(false);
  const pack = useLiveQuery(
    async () => (db ? ((await db.meetingPacks.get(packIdFor(entity.entityKey))) ?? null) : null),
    [db, entity.entityKey],
  );
  // One estimate for the line and its detail alike.
  const estimate = usePackEstimate(entity);
  const disclosure = (
    <Button
      size="1"
      variant="ghost"
      aria-expanded={open}
      aria-controls={detailId}
      onClick={() => setOpen(!open)}
      data-testid="pack-details-toggle"
    >
      {open ? 'Hide pack details' : 'Pack details'}
    </Button>
  );
  return (
    <>
      <div className="client-fact client-fact--wide" data-testid="meeting-pack">
        <Text as="div" size="1" color="gray" className="client-fact__label">
          Meeting pack
        </Text>
        {pack === undefined ? (
          <Text size="2" color="gray">
            Reading…
          </Text>
        ) : pack ? (
          <PackLine pack={pack} disclosure={disclosure} />
        ) : (
          <PackOffer entity={entity} estimate={estimate} disclosure={disclosure} />
        )}
      </div>
      <div id={detailId} className="client-facts__detail" hidden={!open} data-testid="pack-details">
        {open && pack !== undefined ? (
          pack ? (
            <PackDetail pack={pack} />
          ) : (
            <OfferDetail entity={entity} estimate={estimate} />
          )
        ) : null}
      </div>
    </>
  );
}

type PackEstimate = { requests: number; approximate: boolean; etaSeconds: number | null } | null;

/** The estimate of a pack not yet prepared: its size in requests and, from the budget, how long it takes. */
function usePackEstimate(entity: StoredEntity): PackEstimate {
  const db = useActivePracticeDb();
  const practiceKey = db?.practiceKey ?? null;
  const companion = useCompanion();
  // Counted from what is on the laptop, live; but shown as one number: a count that moved as each of the
  // client's lists arrived (37, then 45, then 50) read as three answers. An "About" count (a list not read
  // yet, counted at the practice's averages) gives way once, to the exact count when every list is here;
  // an exact count stays as it was said.
  const live = useLiveQuery(async () => {
    if (!db) return null;
    return estimatePack(await packInputs(db, entity.entityKey), await listAverages(db));
  }, [db, entity.entityKey]);
  const [base, setBase] = useState<{ key: string; estimate: { requests: number; approximate: boolean } } | null>(null);
  useEffect(() => {
    if (!live) return;
    setBase((held) =>
      held && held.key === entity.entityKey && !(held.estimate.approximate && !live.approximate)
        ? held
        : { key: entity.entityKey, estimate: live },
    );
  }, [live, entity.entityKey]);
  const shown = base?.key === entity.entityKey ? base.estimate : null;
  const [eta, setEta] = useState<{ requests: number; seconds: number | null } | null>(null);
  const requests = shown?.requests;
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
  return shown ? { ...shown, etaSeconds: eta?.requests === shown.requests ? eta.seconds : null } : null;
}

function PackOffer({
  entity,
  estimate,
  disclosure,
}: {
  entity: StoredEntity;
  estimate: PackEstimate;
  disclosure: ReactNode;
}) {
  const online = useConnectivity(isOnline);
  const { prepare } = useServices().meetingPacks;
  const [error, setError] = useState<string | null>(null);
  return (
    <Flex direction="column" gap="1">
      <Flex gap="3" align="center" wrap="wrap">
        <Badge color="gray" size="1" data-testid="pack-state">
          Not prepared
        </Badge>
        <Button
          size="1"
          onClick={() =>
            // The estimate shown is the one the pack keeps: its "estimated" is what the user was told.
            prepare(
              entity,
              estimate ? { requests: estimate.requests, approximate: estimate.approximate } : undefined,
            ).catch((e: unknown) => setError(describeFailure(e)))
          }
        >
          Prepare for meeting
        </Button>
        {disclosure}
      </Flex>
      {estimate ? (
        <Text size="1" color="gray" data-testid="pack-estimate">
          {estimate.approximate ? 'About ' : ''}
          {estimate.requests} requests
          {estimate.etaSeconds !== null
            ? `, ready in ${estimate.etaSeconds <= 1 ? 'a moment' : formatDuration(estimate.etaSeconds)}`
            : ''}
          {online ? '' : ' · offline: starts when the connection is back'}
        </Text>
      ) : null}
      {error ? (
        <Text size="1" color="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Flex>
  );
}

function OfferDetail({ entity, estimate }: { entity: StoredEntity; estimate: PackEstimate }) {
  return (
    <Text as="p" size="2" className="prose">
      A meeting pack copies everything for {entity.fullEntityName} to this laptop — proposals with pricing and their
      renewal previews, every bill with its PDF, payments, statements with their PDFs, the documents asked for in
      onboardings with the files the client uploaded, and the identity certificate — so it all opens, and renewals and
      onboarding changes can be prepared, without a connection. The documents are kept until you remove the pack. The
      request count is spent under the current request budget.
      {estimate?.approximate ? ' Some lists have not been read yet, so the count is an estimate.' : ''}
    </Text>
  );
}

/** A pack's state, progress and next action, in a line. */
function PackLine({ pack, disclosure }: { pack: MeetingPack; disclosure: ReactNode }) {
  const { retry, prepare } = useServices().meetingPacks;
  const region = useRegion();
  const progress = packProgress(pack);
  const problems = progress.missing.length;
  const nextTry = pack.state === 'fetching' ? pack.items.find((i) => i.state === 'waiting' && i.nextTryAt) : undefined;
  const state = stateText[pack.state];
  const runningPackId = useMeetingPacks((s) => s.runningPackId);
  const online = useConnectivity(isOnline);
  return (
    <Flex direction="column" gap="1">
      <Flex gap="3" align="center" wrap="wrap">
        <Badge color={state.colour} size="1" data-testid="pack-state">
          {state.label}
        </Badge>
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
        {disclosure}
      </Flex>
      <Text size="1" color="gray" data-testid="pack-progress">
        {progressText(progress)}
        {problems > 0 ? ` · ${problems} not fetched: see the pack details for why` : ''}
        {nextTry?.nextTryAt ? ` · trying again at ${formatTime(nextTry.nextTryAt, region)}` : ''}
        {packWait(pack, runningPackId, online)}
      </Text>
      {pack.state === 'fetching' ? (
        <Progress
          size="1"
          value={progress.total ? (100 * progress.settled) / progress.total : 0}
          aria-label="Meeting pack progress"
        />
      ) : null}
    </Flex>
  );
}

/** What is missing and why, the requests spent, and Remove. */
function PackDetail({ pack }: { pack: MeetingPack }) {
  const region = useRegion();
  const { remove } = useServices().meetingPacks;
  const problems = packProgress(pack).missing;
  const none = pack.items.filter((i) => i.state === 'none');
  return (
    <Flex direction="column" gap="2" className="prose">
      <Text size="2">
        {pack.actualRequests} requests so far (estimated {pack.estimatedRequests})
        {pack.completedAt ? `; completed ${formatDateTime(pack.completedAt, region)}` : ''}. The documents are kept
        until you remove the pack.
      </Text>
      {problems.length > 0 ? (
        <Callout.Root color={pack.state === 'waiting-for-connection' ? 'amber' : 'red'} size="1">
          <Callout.Text>
            {/* Every missing item is named: a list cut short would hide what the meeting will lack. */}
            {problems.map((i) => (
              <span key={i.key} data-testid="pack-missing">
                {i.label}: {i.message}
                {i.state === 'waiting' && i.nextTryAt
                  ? ` Trying again at ${formatTime(i.nextTryAt, region)} (try ${(i.tries ?? 0) + 1} of ${PACK_TRIES}).`
                  : ''}
                <br />
              </span>
            ))}
          </Callout.Text>
        </Callout.Root>
      ) : null}
      {none.length > 0 ? (
        <Text size="1" color="gray">
          Nothing to fetch: {none.map((i) => `${i.label} — ${i.message}`).join(' · ')}
        </Text>
      ) : null}
      <Flex>
        <Button size="1" variant="soft" color="gray" onClick={() => void remove(pack.packId)}>
          Remove pack
        </Button>
      </Flex>
    </Flex>
  );
}
