import type { BudgetStatus } from '../../src-preload/contract/budget';
import type { OutboxEntry } from '../../src-preload/contract/outbox/outbox-entry';
import { eformQuotaWaitUntil, spendsEformQuota } from './eform-quota-hold';
import { landingHoldOn } from './landing-hold';
import { awaitingSecondCheck, resolveRefs } from './outbox-state';

/** What the outbox knows about the world when it explains an entry's wait (nothing here changes a rule). */
export interface WaitContext {
  now: number;
  online: boolean;
  /** The practice's credentials can write. */
  canWrite: boolean;
  /** A 401 paused the outbox until the credentials are entered again. */
  pausedForCredentials: boolean;
  budget: BudgetStatus | null;
  byId: (id: string) => OutboxEntry | undefined;
  /** An earlier entry in backoff: the replayer sends in order, so this one waits behind it. */
  behind?: OutboxEntry | undefined;
  /** Entries whose earlier attempt may still land at the practice (landing-hold.ts); any status. */
  holds?: readonly OutboxEntry[];
  /** "14:05" in the practice's region. */
  time: (ms: number) => string;
}

export type WaitKind =
  | 'offline'
  | 'read-only'
  | 'paused-credentials'
  | 'server-paused'
  | 'budget'
  | 'dependency'
  | 'blocked'
  | 'backoff'
  | 'second-check'
  | 'eform-quota'
  | 'late-landing'
  | 'sending'
  | 'queued';

export interface WaitReason {
  kind: WaitKind;
  /** One line: why it waits and, when known, until when. */
  text: string;
  /** "Retry now" would change something: only after an error's backoff (failed and review are offered apart). */
  canRetry: boolean;
}

/** "about 40 s", "about 2 min" — the budget's figures are estimates. */
export function aboutSeconds(seconds: number): string {
  const s = Math.max(1, Math.round(seconds));
  return s < 90 ? `about ${s} s` : `about ${Math.round(s / 60)} min`;
}

/** Until when the budget holds requests back, or null when it does not. */
function budgetWait(budget: BudgetStatus | null, now: number): { untilMs: number | null } | null {
  if (!budget) return null;
  const paused = budget.pausedUntil ? Date.parse(budget.pausedUntil) : 0;
  if (paused > now) return { untilMs: paused };
  const { minute, hour, day } = budget.remaining;
  if (minute > 0 && hour > 0 && day > 0) return null;
  const eta = budget.estimate?.etaSeconds;
  return { untilMs: eta === null || eta === undefined ? null : now + eta * 1000 };
}

function budgetText(wait: { untilMs: number | null }, now: number, prefix: string): string {
  if (wait.untilMs === null) return `${prefix} the request budget — the practice's limit for this minute is spent`;
  return `${prefix} the request budget — ${aboutSeconds((wait.untilMs - now) / 1000)}`;
}

/**
 * Why an open entry has not gone yet, in the order the replayer applies its rules (outbox-replayer.ts:
 * nothing goes offline, read-only or paused; an entry waits for the entries it refers to; a backoff holds
 * it and what follows; a write waits while an earlier attempt on its record may still land; main sends
 * under the request budget). Null for entries that do not wait (done,
 * discarded, failed and needs-review, which say why in their own words).
 */
export function waitReason(entry: OutboxEntry, ctx: WaitContext): WaitReason | null {
  if (entry.status !== 'pending' && entry.status !== 'sending') return null;
  const no = (kind: WaitKind, text: string): WaitReason => ({ kind, text, canRetry: false });
  if (entry.status === 'sending') {
    if (awaitingSecondCheck(entry, ctx.now))
      return no(
        'second-check',
        `Sent without an answer: the practice is read again at ${ctx.time(Date.parse(entry.notBefore!))} to see whether it arrived`,
      );
    const wait = ctx.online ? budgetWait(ctx.budget, ctx.now) : null;
    if (!ctx.online) return no('offline', 'Sent without an answer yet; offline — it is checked once back online');
    if (ctx.pausedForCredentials)
      return no(
        'paused-credentials',
        'Sent, then the practice refused the saved credentials: it is checked (not sent again) once they are entered again',
      );
    return wait ? no('budget', budgetText(wait, ctx.now, 'Sending: waiting for')) : no('sending', 'Sending now');
  }
  if (!ctx.online) return no('offline', 'Offline — it goes out when this laptop is back online');
  if (!ctx.canWrite) return no('read-only', 'These credentials can only read: it goes out once they can write');
  if (ctx.pausedForCredentials)
    return no('paused-credentials', 'Paused: the practice stopped accepting the saved credentials (Settings)');
  const readiness = resolveRefs(entry, ctx.byId);
  if (!readiness.ready) {
    const other = readiness.blockedBy;
    const name = other ? `“${other.summary}”` : 'the action it refers to';
    return readiness.waiting
      ? no('dependency', `Waiting for ${name} to go out first`)
      : no('blocked', `Cannot go out until ${name} is dealt with`);
  }
  const quotaWait = eformQuotaWaitUntil(entry, ctx.now);
  if (quotaWait !== null) return no('eform-quota', eformQuotaText(quotaWait, ctx));
  if (ctx.behind && spendsEformQuota(entry)) {
    const heldUntil = eformQuotaWaitUntil(ctx.behind, ctx.now);
    if (heldUntil !== null) return no('eform-quota', eformQuotaText(heldUntil, ctx));
  }
  const due = entry.notBefore ? Date.parse(entry.notBefore) : 0;
  // A 429 is the practice's own budget speaking: trying sooner would only be refused again.
  if (due > ctx.now && entry.lastError?.status === 429)
    return no('budget', budgetText({ untilMs: due }, ctx.now, 'Waiting for'));
  if (due > ctx.now)
    return entry.attempts > 0 || entry.lastError
      ? {
          kind: 'backoff',
          text: `Next try at ${ctx.time(due)} (attempt ${entry.attempts + 1})`,
          canRetry: true,
        }
      : no('server-paused', `Next try at ${ctx.time(due)}`);
  if (ctx.behind?.notBefore)
    return no(
      'dependency',
      `Waiting behind “${ctx.behind.summary}”, whose next try is at ${ctx.time(Date.parse(ctx.behind.notBefore))}`,
    );
  const hold = landingHoldOn(entry, readiness.payload, ctx.holds ?? [], ctx.now);
  if (hold)
    return no(
      'late-landing',
      `Waiting until ${ctx.time(hold.until)}: “${hold.by.summary}” got no answer and may still reach the practice; sent before then, this change could be overwritten by it`,
    );
  const wait = budgetWait(ctx.budget, ctx.now);
  if (wait) {
    const paused = ctx.budget?.pausedUntil && Date.parse(ctx.budget.pausedUntil) > ctx.now;
    return paused
      ? no(
          'server-paused',
          `${budgetText(wait, ctx.now, 'Waiting for')}: the practice asked the app to pause until ${ctx.time(wait.untilMs!)}`,
        )
      : no('budget', budgetText(wait, ctx.now, 'Waiting for'));
  }
  return no('queued', 'Waiting its turn: it goes out in order, after the entries above it');
}

/**
 * For each pending entry, the earlier entry in backoff it waits behind (the replayer stops at the first
 * pending entry whose next try is still to come; entries waiting on a reference are skipped over). An
 * eForm waiting for the practice's eForm quota holds only the eForms after it (eform-quota-hold.ts).
 */
export function heldBehindBackoff(open: readonly OutboxEntry[], now: number): Map<string, OutboxEntry> {
  const held = new Map<string, OutboxEntry>();
  let first: OutboxEntry | null = null;
  let quota: OutboxEntry | null = null;
  for (const entry of open) {
    if (entry.status !== 'pending') continue;
    if (first) held.set(entry.id, first);
    else if (eformQuotaWaitUntil(entry, now) !== null) quota ??= entry;
    else if (quota && spendsEformQuota(entry)) held.set(entry.id, quota);
    else if (entry.notBefore && Date.parse(entry.notBefore) > now) first = entry;
  }
  return held;
}

function eformQuotaText(until: number, ctx: WaitContext): string {
  return `The practice's daily eForm quota is used up; this goes out after ${ctx.time(until)}`;
}
