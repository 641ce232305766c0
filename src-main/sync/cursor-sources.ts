import type { ParkedSyncCursor, SyncCursor, SyncSource } from '../../src-preload/contract/sync';
import { emptyCursor } from './pass-rules';

/**
 * A cursor's watermark, learned page size and proof times are facts about ONE source: the hub compares
 * `lastUpdated` with its own change time and dates its answers by its own clock, and serves pages of
 * another size than the practice. So each source keeps its own cursor, and switching never lends one
 * source's facts to the other (see "Falling back to the Partner API" in docs/hub.md).
 */

/** The source a run reads, and what a cursor without `source` is about (the practice's own address). */
export interface SourceSetting {
  current: SyncSource;
  home: SyncSource;
}

const sourceOf = (cursor: SyncCursor | ParkedSyncCursor, home: SyncSource): SyncSource => cursor.source ?? home;

/**
 * A cursor set aside while the other source is used. A pass under way on it starts again from its first
 * page when that source is used again (its pages already stored stay; upsert by key): its largest page is
 * of that pass only, so nothing of it is kept as a learned page size.
 */
function parked(cursor: SyncCursor, source: SyncSource): ParkedSyncCursor {
  const { otherSource: _other, ...rest } = cursor;
  const between = rest.nextPage === 1 && rest.passServerTime === null;
  if (between) return { ...rest, source };
  const { window: _window, ...withoutWindow } = rest;
  return { ...withoutWindow, source, nextPage: 1, passServerTime: null, largestPage: 0, recordsThisPass: 0 };
}

/**
 * The cursor a pass on the hub starts from after direct passes: the hub cursor kept from before — anything
 * the mirror changed after its watermark (the hub's clock) is sent again, duplicates being harmless — or,
 * never read through the hub, a whole read.
 */
const hubCursorAfterDirect = (kept: ParkedSyncCursor | undefined, resource: string): SyncCursor =>
  kept ? { ...kept } : emptyCursor(resource);

/**
 * The cursor a pass on the Partner API starts from after hub passes. `from`: the hub cursor's mirror proof
 * (practice clock) less the margin — everything the mirror held then reached this laptop through its last
 * proven hub pass. Never read directly: changes from that time (a whole read without it), with the page size
 * unknown (a first direct pass after hub pages of 1,000 must not end on the small-first-page rule) and
 * nothing proven on this source yet. Read directly before: that cursor, its watermark moved back to `from`
 * when earlier, because the hub may since have sent a copy older than one this laptop had read directly
 * (its mirror had not caught up yet): any record newer than the mirror's proof changed after `from`, so it is
 * read again. A watermark moved back is no longer the proven one: that pass proves its end.
 */
function directCursorAfterHub(
  kept: ParkedSyncCursor | undefined,
  leaving: ParkedSyncCursor,
  options: { changesOnly: boolean; marginMs: number },
): SyncCursor {
  const proof = options.changesOnly ? leaving.mirrorProvenAt : undefined;
  const from = proof ? new Date(Date.parse(proof) - options.marginMs).toISOString() : null;
  if (kept) {
    const earlier =
      from && kept.mode === 'incremental' && kept.watermark && Date.parse(from) < Date.parse(kept.watermark);
    if (!earlier) return { ...kept };
    const { provenAt: _proof, ...rest } = kept;
    return { ...rest, watermark: from };
  }
  const fresh = emptyCursor(leaving.resource);
  return from && proof ? { ...fresh, mode: 'incremental', watermark: from, lastCompletedAt: proof } : fresh;
}

/**
 * The cursor a pass on `setting.current` starts from: the cursor itself when it is about that source;
 * otherwise the other source's (above), with this one parked in it.
 */
export function cursorForSource(
  cursor: SyncCursor,
  setting: SourceSetting,
  options: { changesOnly: boolean; marginMs: number },
): SyncCursor {
  const from = sourceOf(cursor, setting.home);
  if (from === setting.current) return { ...cursor, source: from };
  const leaving = parked(cursor, from);
  const kept =
    cursor.otherSource && sourceOf(cursor.otherSource, setting.home) === setting.current
      ? cursor.otherSource
      : undefined;
  const next =
    setting.current === 'hub'
      ? hubCursorAfterDirect(kept, cursor.resource)
      : directCursorAfterHub(kept, leaving, options);
  return { ...next, source: setting.current, otherSource: leaving };
}

/**
 * Carries the source's own facts through the cursor a page commits: which source it is about, the other
 * source's parked cursor, and, through the hub, the mirror's proven time — taken from the first page of a
 * pass (what the mirror held when the pass began) and kept only once that pass proves its end, since only
 * then has every record the mirror held reached this laptop.
 */
export function withSourceFacts(
  next: SyncCursor,
  start: SyncCursor,
  facts: { source: SyncSource; proven: boolean; mirrorProvenAt: string | null },
): SyncCursor {
  const { mirrorProvenAt: _stale, otherSource: _other, ...rest } = next;
  // An older proven time stays true (the laptop still holds what the mirror held then), so it is kept until a
  // proven pass brings a newer one.
  const mirrorProvenAt =
    facts.source !== 'hub'
      ? undefined
      : facts.proven && facts.mirrorProvenAt
        ? facts.mirrorProvenAt
        : start.mirrorProvenAt;
  return {
    ...rest,
    source: facts.source,
    ...(mirrorProvenAt ? { mirrorProvenAt } : {}),
    ...(start.otherSource ? { otherSource: start.otherSource } : {}),
  };
}
