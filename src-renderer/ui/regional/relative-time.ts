import { formatDateTime, localeOf, type Instant } from './regional-format';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long ago (or how soon) an instant is, in the practice's locale: "just now", "2 minutes ago",
 * "in 3 hours", "yesterday". Past a week it is the date and time itself (formatDateTime): "9 days ago"
 * makes the reader count back. Used where recency is the point: the last sync, a check, a queued entry.
 */
export function formatRelative(value: Instant | null | undefined, now: number, region?: string): string {
  if (value == null || value === '') return '—';
  const at = (value instanceof Date ? value : new Date(value)).getTime();
  if (Number.isNaN(at)) return String(value);
  const diff = at - now;
  const size = Math.abs(diff);
  if (size < 45 * SECOND) return 'just now';
  if (size >= 7 * DAY) return formatDateTime(at, region);
  const format = new Intl.RelativeTimeFormat(localeOf(region), { numeric: 'auto' });
  if (size < HOUR) return format.format(Math.round(diff / MINUTE) || Math.sign(diff), 'minute');
  if (size < DAY) return format.format(Math.round(diff / HOUR), 'hour');
  return format.format(Math.round(diff / DAY), 'day');
}
