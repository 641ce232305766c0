import type { proposalStatuses } from '../../../src-preload/contract/partner-api/proposals';
import { addDays, addMs, DAY_MS } from './dates';
import { recentBetween } from './generate-people';
import type { Random } from './random';

export type ProposalStatus = (typeof proposalStatuses)[number];

/** How long a sent proposal stays open for acceptance; unanswered after that, it has expired. */
export const PROPOSAL_OPEN_DAYS = 30;
const HOUR_MS = 3_600_000;
/** A proposal's term starts this many days after it is made (sent within 4 days, accepted within 10 of that). */
const STARTS_AFTER = { min: 14, max: 40 } as const;
const TERM_DAYS = 364;

/** How often each state occurs, where the client's history allows it. */
const WEIGHTS: readonly (readonly [ProposalStatus, number])[] = [
  ['Accepted', 50],
  ['Sent', 15],
  ['Draft', 10],
  ['Declined', 5],
  ['Renewed', 10],
  ['Expired', 10],
];

/**
 * How many days before "today" a proposal in each state can have been made, so its state agrees with
 * its dates: a draft or a sent proposal is recent and its term is ahead; an accepted one's term has
 * not ended; a renewed one's term ends within the open period (or has ended); an expired one was sent
 * more than the open period ago and its term has started.
 */
const MADE_DAYS_AGO: Readonly<Record<ProposalStatus, { min: number; max: number }>> = {
  Draft: { min: 1, max: 60 },
  Sent: { min: 1, max: PROPOSAL_OPEN_DAYS - 5 },
  Accepted: { min: 15, max: TERM_DAYS + STARTS_AFTER.min },
  Renewed: { min: TERM_DAYS + STARTS_AFTER.max - PROPOSAL_OPEN_DAYS + 1, max: 3 * 365 },
  Declined: { min: 2, max: 3 * 365 },
  Expired: { min: STARTS_AFTER.max + 1, max: 3 * 365 },
};

export interface ProposalTimeline {
  statusName: ProposalStatus;
  createdOn: Date;
  sentOn: Date | null;
  acceptedOn: Date | null;
  startsOn: Date;
  endsOn: Date;
  /** When the proposal last changed: made, sent, accepted, declined or expired. */
  updatedOn: Date;
}

/** A time in [from + minMs, from + maxMs], never later than `before` less an hour. */
function after(random: Random, from: Date, minMs: number, maxMs: number, before: Date): Date {
  const latest = Math.min(maxMs, before.getTime() - HOUR_MS - from.getTime());
  return addMs(from, random.int(minMs, Math.max(minMs, latest)));
}

/** A state and the dates that go with it, for a client that has been with the practice since `clientSince`. */
export function proposalTimeline(random: Random, clientSince: Date, anchor: Date): ProposalTimeline {
  const windowOf = (status: ProposalStatus) => {
    const { min, max } = MADE_DAYS_AGO[status];
    const from = new Date(Math.max(clientSince.getTime(), addDays(anchor, -max).getTime()));
    return { from, to: addDays(anchor, -min) };
  };
  const possible = WEIGHTS.filter(([status]) => windowOf(status).from < windowOf(status).to);
  const statusName = random.weighted(possible.length > 0 ? possible : [['Draft', 1] as const]);
  const { from, to } = windowOf(statusName);
  const createdOn = from < to ? recentBetween(random, from, to) : addDays(anchor, -1);
  const startsOn = addDays(createdOn, random.int(STARTS_AFTER.min, STARTS_AFTER.max));
  const endsOn = addDays(startsOn, TERM_DAYS);
  const sentOn = statusName === 'Draft' ? null : after(random, createdOn, HOUR_MS, 4 * DAY_MS, anchor);
  const acceptedOn =
    (statusName === 'Accepted' || statusName === 'Renewed') && sentOn
      ? after(random, sentOn, HOUR_MS, 10 * DAY_MS, anchor)
      : null;
  const declinedOn = statusName === 'Declined' && sentOn ? after(random, sentOn, HOUR_MS, 9 * DAY_MS, anchor) : null;
  const expiredOn = statusName === 'Expired' && sentOn ? addDays(sentOn, PROPOSAL_OPEN_DAYS) : null;
  const updatedOn = acceptedOn ?? declinedOn ?? expiredOn ?? sentOn ?? createdOn;
  return { statusName, createdOn, sentOn, acceptedOn, startsOn, endsOn, updatedOn };
}
