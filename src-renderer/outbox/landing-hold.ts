import { pathOf, type StoredPayload } from '../../src-preload/contract/outbox/payload-check';
import type { OutboxEntry } from '../../src-preload/contract/outbox/outbox-entry';
import { SETTLE_MARGIN_MS } from '../../src-preload/contract/outbox/send-evidence';

/**
 * A late arrival must not overwrite a later edit. An idempotent write whose attempt got no answer from
 * the practice itself (a timeout, a reset, a gateway's error, a crash while it was out) is sent again at
 * once — the same write twice ends in the same place — but the practice may still be working on the
 * first attempt and apply it minutes later (SETTLE_MARGIN_MS). Alone that is harmless; after a later
 * edit of the same record it silently undoes that edit. So such an entry carries `mayLandUntil`, and a
 * different entry writing to the same record waits until then. Found by the model-based campaign: a
 * request held at the practice across a crash landed after the next edit of the same custom field.
 */

const iso = (ms: number) => new Date(ms).toISOString();

/** The entry, marked as possibly still arriving at the practice until SETTLE_MARGIN_MS from `now`. */
export function holdForLateLanding(entry: OutboxEntry, now: number): OutboxEntry {
  const until = now + SETTLE_MARGIN_MS;
  const current = entry.mayLandUntil ? Date.parse(entry.mayLandUntil) : 0;
  return { ...entry, mayLandUntil: iso(Math.max(current, until)) };
}

/**
 * The record a write changes: its path, references resolved; null while one is not. Not its method: a
 * proposal's services are written by PUT (the whole list) and PATCH (lines), and a late PUT overwrites a
 * PATCH made since as surely as a late PATCH does.
 */
export function recordWrittenBy(operation: OutboxEntry['operation'], params: StoredPayload['params']): string | null {
  const resolved: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params)) {
    if (typeof value === 'object') return null;
    resolved[key] = value;
  }
  return pathOf(operation, resolved);
}

/**
 * The other entry whose earlier attempt may still land on the record `payload` writes to, and until when;
 * null when nothing holds it. `holds`: entries whose `mayLandUntil` may be in the future (any status:
 * a hold outlives the entry's own success).
 */
export function landingHoldOn(
  entry: OutboxEntry,
  payload: StoredPayload,
  holds: readonly OutboxEntry[],
  now: number,
): { by: OutboxEntry; until: number } | null {
  const record = recordWrittenBy(entry.operation, payload.params);
  if (record === null) return null;
  let found: { by: OutboxEntry; until: number } | null = null;
  for (const other of holds) {
    if (other.id === entry.id || !other.mayLandUntil) continue;
    const until = Date.parse(other.mayLandUntil);
    if (until <= now || recordWrittenBy(other.operation, other.payload.params) !== record) continue;
    if (!found || until > found.until) found = { by: other, until };
  }
  return found;
}
