/**
 * Small helpers shared by the regional profiles: digit strings, check digits for national tax and
 * company numbers, street numbers and e-mail domain slugs. Every function that varies takes the
 * Random it draws from, so the output is a pure function of the seed.
 */
import type { Random } from '../random';

/** n random decimal digits (leading zeros allowed). */
export function digits(random: Random, n: number): string {
  let out = '';
  for (let i = 0; i < n; i++) out += String(random.int(0, 9));
  return out;
}

/** A random integer in [min, max], zero-padded to width. */
export function paddedInt(random: Random, min: number, max: number, width: number): string {
  return String(random.int(min, max)).padStart(width, '0');
}

function toDigits(text: string): number[] {
  return text.split('').map((c) => Number(c));
}

function weightedSum(values: readonly number[], weights: readonly number[]): number {
  return values.reduce((sum, value, i) => sum + value * (weights[i] ?? 0), 0);
}

/**
 * An Australian Business Number (11 digits) whose checksum is valid: subtract 1 from the first digit,
 * multiply by the weights [10, 1, 3, 5, …, 19], and the sum is divisible by 89.
 * The last nine digits are drawn; the first two are solved for.
 */
export function abnDigits(random: Random): string {
  const rest = toDigits(digits(random, 9));
  const sum = weightedSum(rest, [3, 5, 7, 9, 11, 13, 15, 17, 19]);
  const needed = (89 - (sum % 89)) % 89; // 10 * (first - 1) + second ≡ needed, 0 ≤ needed ≤ 88
  const first = Math.floor(needed / 10) + 1;
  const second = needed % 10;
  return `${first}${second}${rest.join('')}`;
}

/** An Australian Company Number (9 digits): eight drawn digits and the ASIC check digit. */
export function acnDigits(random: Random): string {
  const body = toDigits(paddedInt(random, 1_000_000, 69_999_999, 8));
  const remainder = weightedSum(body, [8, 7, 6, 5, 4, 3, 2, 1]) % 10;
  return `${body.join('')}${(10 - remainder) % 10}`;
}

/** The IRD check digit for the first eight digits of a (zero-padded) nine-digit number, or null if none exists. */
function irdCheckDigit(base: readonly number[]): number | null {
  for (const weights of [
    [3, 2, 7, 6, 5, 4, 3, 2],
    [7, 4, 3, 2, 5, 2, 7, 6],
  ]) {
    const remainder = weightedSum(base, weights) % 11;
    const check = remainder === 0 ? 0 : 11 - remainder;
    if (check !== 10) return check;
  }
  return null;
}

/** A New Zealand IRD number (used as the GST number), nine digits with a valid check digit, 10,000,000–149,999,999. */
export function irdDigits(random: Random): string {
  for (;;) {
    const base = toDigits(paddedInt(random, 1_000_000, 14_999_999, 8));
    const check = irdCheckDigit(base);
    if (check !== null) return `${base.join('')}${check}`;
  }
}

/** A UK VAT registration number (nine digits) that passes the HMRC modulus-97 check. */
export function ukVatDigits(random: Random): string {
  const body = toDigits(`${random.int(1, 9)}${digits(random, 6)}`);
  const sum = weightedSum(body, [8, 7, 6, 5, 4, 3, 2]);
  const check = (97 - (sum % 97)) % 97;
  return `${body.join('')}${String(check).padStart(2, '0')}`;
}

/** Appends the Luhn (mod 10) check digit to a digit string. */
export function withLuhnDigit(body: string): string {
  let sum = 0;
  const reversed = toDigits(body).reverse();
  reversed.forEach((digit, i) => {
    // The check digit will sit to the right, so the rightmost body digit is doubled.
    const doubled = i % 2 === 0 ? digit * 2 : digit;
    sum += doubled > 9 ? doubled - 9 : doubled;
  });
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** Street numbers skew small, as they do on real client lists. */
export function streetNumber(random: Random): number {
  const [min, max] = random.weighted<readonly [number, number]>([
    [[1, 40], 6],
    [[41, 150], 3],
    [[151, 480], 1],
  ]);
  return random.int(min, max);
}

/** "van der Merwe Plumbing" → "Van der Merwe Plumbing": a name that starts a phrase starts with a capital. */
export function capitaliseFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The first letter of a name, for initials ("Ōtaki" → "Ō"). */
export function initialOf(name: string): string {
  return name.charAt(0).toUpperCase();
}

/** 1 → "1st", 12 → "12th", 23 → "23rd". */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

/** "Jones" → "Jones'", "Smith" → "Smith's". */
export function possessive(name: string): string {
  return /s$/i.test(name) ? `${name}'` : `${name}'s`;
}

const LEGAL_TAIL = /\s*(?:\(Pty\)\s*Ltd|Pty\.?\s*Ltd|Pty\s+Limited|Limited|Ltd\.?|LLP|PLC|CC|Inc\.?|Partnership)\s*$/i;

/**
 * The slug part of an e-mail domain for a business name: the trading name (after "t/a", before
 * "ATF"), legal suffix dropped, accents folded, "&" read as "and", nothing but a–z and 0–9, and
 * not much longer than 24 characters (whole words only).
 */
export function domainSlug(name: string): string {
  let trading = name;
  const tradingAs = /\s+t\/a\s+/i.exec(trading);
  if (tradingAs) trading = trading.slice(tradingAs.index + tradingAs[0].length);
  const atf = /\s+ATF\s+/i.exec(trading);
  if (atf) trading = trading.slice(0, atf.index);
  trading = trading.replace(LEGAL_TAIL, '');
  const words = trading
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0 && w !== 'the');
  let slug = '';
  for (const word of words) {
    if (slug.length > 0 && slug.length + word.length > 24) break;
    slug += word;
  }
  return slug.length > 0 ? slug.slice(0, 63) : 'business';
}

/** The country entry for a code, accepting lower case and 'UK' for 'GB'; throws for a country outside the region. */
export function countryFor<T extends { countryCode: string }>(
  region: string,
  countries: readonly T[],
  countryCode: string,
): T {
  const wanted = countryCode.toUpperCase() === 'UK' ? 'GB' : countryCode.toUpperCase();
  const found = countries.find((c) => c.countryCode === wanted);
  if (!found) throw new Error(`The ${region} profile has no country '${countryCode}'`);
  return found;
}
