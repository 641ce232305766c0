/** Dates and times in the practice's region (en-AU, en-GB, en-ZA), so "03/04" means the same to staff and client. */
const localeOf = (region: string | undefined) => (region === 'UK' ? 'en-GB' : region === 'ZA' ? 'en-ZA' : 'en-AU');

export function formatDate(value: string | null | undefined, region?: string): string {
  if (!value) return '—';
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? value : new Intl.DateTimeFormat(localeOf(region), { dateStyle: 'medium', timeZone: value.length === 10 ? 'UTC' : undefined }).format(date);
}

export function formatDateTime(value: string | null | undefined, region?: string): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : new Intl.DateTimeFormat(localeOf(region), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
