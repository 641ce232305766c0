import type { Region } from '../../src-preload/contract/partner-api';

/** The country calling codes of each region's practices (ANZ: Australia and New Zealand). */
const COUNTRY_CODES: Record<Region, readonly string[]> = { ANZ: ['61', '64'], UK: ['44'], ZA: ['27'] };

/** Only what a phone number is typed with: digits, spaces, "+", brackets, dots and dashes. */
const PHONE_LIKE = /^\s*\+?[\d\s().-]+$/;
/** Fewer digits than this are more likely part of a code or an amount than a phone number. */
const MIN_DIGITS = 6;

/**
 * The other ways a phone number typed in search is stored, as digits only: "+61 449 524 965" is kept as
 * "0449 524 965" (national, trunk 0) and the other way round, for the country codes of the practice's
 * region. Each form is one word, found at the start of the phone's digits in a client's search text.
 * Empty when the query does not look like a phone number.
 */
export function phoneForms(query: string, region: Region | undefined): string[] {
  if (!region || !PHONE_LIKE.test(query)) return [];
  const digits = query.replace(/\D/g, '');
  if (digits.length < MIN_DIGITS) return [];
  const forms = new Set<string>();
  const plus = query.trim().startsWith('+');
  if (plus || digits.startsWith('00')) {
    const international = plus ? digits : digits.slice(2);
    for (const code of COUNTRY_CODES[region]) {
      if (!international.startsWith(code)) continue;
      const rest = international.slice(code.length);
      // "+61 (0)4…" keeps its trunk 0 in brackets: the national form has it once.
      forms.add(rest.startsWith('0') ? rest : `0${rest}`);
      forms.add(`${code}${rest.replace(/^0/, '')}`);
    }
  } else if (digits.startsWith('0')) {
    for (const code of COUNTRY_CODES[region]) forms.add(`${code}${digits.slice(1)}`);
  }
  forms.delete(digits);
  return [...forms];
}
