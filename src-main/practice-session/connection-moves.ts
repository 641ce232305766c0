import type { SyncSource } from '../../src-preload/contract/sync';
import { clip } from './connect-rules';
import type { KnownPractice } from './targets';

type Through = NonNullable<KnownPractice['through']>;

/** The sync source a connection reads: the hub, or the Partner API directly. */
export const sourceOf = (through: KnownPractice['through']): SyncSource => (through === 'hub' ? 'hub' : 'direct');

/**
 * What connecting a practice already on this laptop does to its connection (Settings → Connection):
 * - `to-hub`: read through the hub from now on (a direct practice whose secret is unlocked);
 * - `to-direct`: read the Partner API directly again (a practice read through the hub);
 * - `re-enrol`: through the hub still, with a new enrolment code or a new hub address;
 * - `none`: not on this laptop yet, or connected again the way it is (the binding rule decides).
 * A move keeps the practice's local copy, documents and Outbox: the server has said it is the same practice.
 */
export type ConnectionMove = 'to-hub' | 'to-direct' | 're-enrol' | 'none';

export function connectionMove(
  previous: KnownPractice | undefined,
  through: Through,
  directSecretUnlocked: boolean,
): ConnectionMove {
  if (!previous) return 'none';
  const was = previous.through ?? 'partner-api';
  if (was === 'partner-api' && through === 'hub') return directSecretUnlocked ? 'to-hub' : 'none';
  if (was === 'hub' && through === 'partner-api') return 'to-direct';
  if (was === 'hub' && through === 'hub') return 're-enrol';
  return 'none';
}

/**
 * The source the cursors stored before the practice's first move are about. The renderer keeps the cursors;
 * a cursor written before sources were stamped carries none and means "the practice's own source", which a
 * move changes. So the first move records the source it leaves, and every later run stamps its cursors: a
 * direct watermark (practice clock, pages of 100) is never taken for a hub one (hub clock, pages of 1,000),
 * nor the other way round, where a learned page size of 1,000 would end a direct pass after its first page.
 */
export function unstampedCursorsFrom(
  previous: KnownPractice | undefined,
  move: ConnectionMove,
): SyncSource | undefined {
  if (!previous) return undefined;
  return previous.unstampedCursorsFrom ?? (move === 'none' ? undefined : sourceOf(previous.through));
}

/** What a cursor without `source` is about, for this practice's runs. */
export const cursorHomeOf = (practice: KnownPractice): SyncSource =>
  practice.unstampedCursorsFrom ?? sourceOf(practice.through);

/** Said after a move, so the user knows what changed and that nothing was lost. */
export function movedText(name: string, move: ConnectionMove): string | undefined {
  const practice = clip(name, 200);
  if (move === 'to-direct')
    return `${practice} is now read directly from the Partner API. Everything on this laptop stays, the Outbox too; the next sync reads what changed since the hub's last copy.`;
  if (move === 're-enrol') return `${practice} is read through the practice hub with its new enrolment code.`;
  return undefined;
}

/** The administrator's policy allows reading only through the practice hub (src-main/policy). */
export const onlyThroughHubText =
  'Your administrator has set this laptop to connect through the practice hub only: connect with the hub’s address and an enrolment code.';

/** The administrator's policy names the one practice hub this laptop may use. */
export const fixedHubText = (hubUrl: string): string =>
  `Your administrator has set the practice hub to ${clip(hubUrl, 500)}: this laptop connects to no other hub.`;
