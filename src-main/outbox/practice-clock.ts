import { SETTLE_MARGIN_MS } from '../../src-preload/contract/outbox/send-evidence';
import type { OutboxVerdict } from '../../src-preload/contract/outbox/outbox-entry';
import type { PartnerApiClient } from '../partner-api/partner-api-client';

/** What main knows of when the attempt being checked went out. */
export interface SendTiming {
  /** The practice's Date header on the attempt's answer, when one came (ms). */
  sentAtPractice: number | null;
  /** How long ago, by the laptop's clock, it went out (a duration: the laptop clock's error cancels). */
  sentAgoMs: number | null;
}

/**
 * The practice's clock as the verification reads see it: every answer's Date header is noted, so the
 * send can be placed on the practice's clock (its own answer's header, or the latest read's header less
 * the time since the send) and records compared with that — never with the laptop's clock, which may run
 * minutes apart. Without any header, the laptop's clock stands in and says so (`byPractice: false`).
 */
export function practiceClock(api: PartnerApiClient, timing: SendTiming, laptopNow: () => number = Date.now) {
  let latestRead: number | null = null;
  const note = <T extends { serverDate: Date | null }>(answer: T): T => {
    const at = answer.serverDate?.getTime();
    if (at !== undefined && (latestRead === null || at > latestRead)) latestRead = at;
    return answer;
  };
  const observed: PartnerApiClient = {
    ...api,
    request: async (method, path, schema, options) => note(await api.request(method, path, schema, options)),
    list: async (path, schema, options) => note(await api.list(path, schema, options)),
    file: async (path, type, options) => note(await api.file(path, type, options)),
  };
  const sentAgo = timing.sentAgoMs ?? 0;

  /** Now, by the practice's clock when a read has told it. */
  function now(): { at: number; byPractice: boolean } {
    if (latestRead !== null) return { at: latestRead, byPractice: true };
    if (timing.sentAtPractice !== null) return { at: timing.sentAtPractice + sentAgo, byPractice: true };
    return { at: laptopNow(), byPractice: false };
  }
  /** When the attempt reached the practice, by its clock when known. */
  function sentAt(): { at: number; byPractice: boolean } {
    if (timing.sentAtPractice !== null) return { at: timing.sentAtPractice, byPractice: true };
    const current = now();
    return { at: current.at - sentAgo, byPractice: current.byPractice };
  }
  return { api: observed, now, sentAt };
}
export type PracticeClock = ReturnType<typeof practiceClock>;

const clockTime = (ms: number) => `${new Date(ms).toISOString().slice(11, 19)} UTC`;
const minutesOrSeconds = (ms: number) =>
  ms < 90_000 ? `${Math.max(0, Math.round(ms / 1000))} s` : `${Math.round(ms / 60_000)} min`;

/**
 * A verifier's "absent", judged against the practice's clock: believed only once the practice's time has
 * passed the send by SETTLE_MARGIN_MS (a practice may still be applying it); until then "not yet", read
 * again when the margin has passed. Either way the note says what was read and when, by the practice's clock.
 */
export function judgeAbsence(verdict: OutboxVerdict, clock: PracticeClock): OutboxVerdict {
  if (verdict.verdict !== 'absent') return verdict;
  const now = clock.now();
  const elapsed = now.at - clock.sentAt().at;
  const when = now.byPractice
    ? `Read at ${clockTime(now.at)} by the practice's clock, ${minutesOrSeconds(elapsed)} after it was sent`
    : `Read ${minutesOrSeconds(elapsed)} after it was sent (the practice gave no time)`;
  const what = verdict.note ?? 'Not found at the practice.';
  const practiceAt = now.byPractice ? { practiceAt: new Date(now.at).toISOString() } : {};
  if (elapsed >= SETTLE_MARGIN_MS) return { verdict: 'absent', note: `${when}: ${what}`.slice(0, 500), ...practiceAt };
  return {
    verdict: 'not-yet',
    note: `${when}: ${what} Too soon to be sure — a practice can take minutes to apply a request — so it is read again, not sent again.`.slice(
      0,
      500,
    ),
    checkAgainInMs: Math.max(5_000, Math.ceil(SETTLE_MARGIN_MS - elapsed)),
    ...practiceAt,
  };
}
