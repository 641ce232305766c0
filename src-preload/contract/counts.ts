/**
 * A count with its noun, agreeing: "1 record", "304 records", "2 entries". The one plural rule for main
 * (notifications, the badge, update and outbox wording) and the renderer (which adds the practice's number
 * format, src-renderer/ui/regional/counts.ts), so both say the same count the same way.
 *
 * English has two forms and every region the app serves (en-AU, en-GB, en-ZA) picks between them alike;
 * Intl.PluralRules does the picking, so "0 records" and "1.5 pages" come out right too.
 */
const englishPlurals = new Intl.PluralRules('en');

/** The form of a noun that agrees with `count`; `plural` is needed where adding "s" is wrong ("entry", "entries"). */
export function nounFor(count: number, singular: string, plural = `${singular}s`): string {
  return englishPlurals.select(count) === 'one' ? singular : plural;
}

/**
 * The count and its noun. `formatCount` writes the number: plain digits by default (main's wording), the
 * practice's grouping in the renderer ("12 345" in en-ZA).
 */
export function countOf(
  count: number,
  singular: string,
  plural = `${singular}s`,
  formatCount: (count: number) => string = String,
): string {
  return `${formatCount(count)} ${nounFor(count, singular, plural)}`;
}
