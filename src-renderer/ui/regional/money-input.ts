import { NumberParser } from '@internationalized/number';

/*
 * Amounts, quantities and rates as staff type them, read in the practice's locale: the inverse of how the
 * app shows them (formatMoney, with the locale from regional-format's moneyLocale). A South African
 * practice sees "R 1 234,50" and may type it back, or "1234,5"; an Australian one types "$1,234.50".
 *
 * Reading is strict about layout and never guesses. Text whose meaning depends on which convention the
 * writer followed ("1,234" in en-ZA: one thousand two hundred and thirty-four, or one and a bit?) is
 * refused with a message saying what to type instead. NumberParser does the reading itself once the
 * layout is known to be unambiguous; on its own it would drop any comma in en-AU ("1234,50" → 123450)
 * and read any point in en-ZA, which is why the layout is checked first.
 */

/**
 * What was typed: a number, nothing (blank: "not given"), or a message for the field, with what to type
 * instead when one reading is plausible (the field accepts the suggestion as it stands).
 */
export type TypedNumber =
  { ok: true; value: number } | { ok: true; value: undefined } | { ok: false; message: string; suggestion?: string };

export interface NumberInputOptions {
  /** e.g. 'en-ZA' (moneyLocale in regional-format decides it for a practice). */
  locale: string;
  /** For money: the currency whose symbol or code may be typed before or after the amount. */
  currency?: string;
}

// Plain, no-break and narrow no-break (and thin) spaces: all mean "a group of thousands" between digits.
const SPACES = new Set([' ', '\u00A0', '\u202F', '\u2009']);
const MINUS = new Set(['-', '\u2212']);

interface LocaleSymbols {
  decimal: string;
  /** The locale's own thousands separator when it is not a space (',' in en-AU/NZ/GB). */
  group: string | null;
  /** 1234.5 as the locale writes it, for messages: "1,234.50" / "1 234,50". */
  example: string;
  /** The name of the decimal separator, for messages. */
  decimalName: string;
}

const symbolsCache = new Map<string, LocaleSymbols>();
function symbolsOf(locale: string): LocaleSymbols {
  let symbols = symbolsCache.get(locale);
  if (!symbols) {
    const parts = new Intl.NumberFormat(locale, { minimumFractionDigits: 2 }).formatToParts(-1234567.5);
    const decimal = parts.find((p) => p.type === 'decimal')?.value ?? '.';
    const group = parts.find((p) => p.type === 'group')?.value ?? null;
    symbols = {
      decimal,
      group: group === null || SPACES.has(group) ? null : group,
      // Plain spaces in the example: what a person can type on any keyboard.
      example: new Intl.NumberFormat(locale, { minimumFractionDigits: 2 })
        .format(1234.5)
        .replace(/[\u00A0\u202F\u2009]/g, ' '),
      decimalName: decimal === ',' ? 'a comma' : 'a point',
    };
    symbolsCache.set(locale, symbols);
  }
  return symbols;
}

const currencyCache = new Map<string, string[]>();
/** "R", "ZAR", "$", "A$", "AUD"…: how the currency is written in the locale and in plain English, longest first. */
function currencyMarks(locale: string, currency: string): string[] {
  const key = `${locale}|${currency}`;
  let marks = currencyCache.get(key);
  if (!marks) {
    const found = new Set<string>([currency.toUpperCase()]);
    for (const where of [locale, 'en']) {
      for (const currencyDisplay of ['symbol', 'narrowSymbol', 'code'] as const) {
        try {
          const mark = new Intl.NumberFormat(where, { style: 'currency', currency, currencyDisplay })
            .formatToParts(1)
            .find((p) => p.type === 'currency')?.value;
          if (mark) found.add(mark.toUpperCase());
        } catch {
          // Not a currency Intl knows: only its code is accepted.
        }
      }
    }
    marks = [...found].sort((a, b) => b.length - a.length);
    currencyCache.set(key, marks);
  }
  return marks;
}

const parsers = new Map<string, NumberParser>();
function parserOf(locale: string): NumberParser {
  let parser = parsers.get(locale);
  if (!parser) {
    parser = new NumberParser(locale, { maximumFractionDigits: 20 });
    parsers.set(locale, parser);
  }
  return parser;
}

const isDigit = (c: string) => c >= '0' && c <= '9';

/** Takes the currency's symbol or code off either end (once), however it is spaced. */
function withoutCurrency(text: string, marks: readonly string[]): string {
  const upper = text.toUpperCase();
  for (const mark of marks) {
    if (upper.startsWith(mark)) return text.slice(mark.length).trim();
    if (upper.endsWith(mark)) return text.slice(0, text.length - mark.length).trim();
  }
  return text;
}

/** The sign, wherever the locales put it: "-R 5", "R -5", "(R 5)", "R (5)", "−5". */
function withoutSign(text: string, marks: readonly string[]): { negative: boolean; rest: string } | null {
  let rest = text;
  let negative = false;
  const stripOuter = () => {
    if (rest.startsWith('(') && rest.endsWith(')')) {
      rest = rest.slice(1, -1).trim();
      return true;
    }
    if (MINUS.has(rest[0] ?? '')) {
      rest = rest.slice(1).trim();
      return true;
    }
    return false;
  };
  negative = stripOuter();
  rest = withoutCurrency(rest, marks);
  if (!negative) negative = stripOuter();
  if (rest.includes('(') || rest.includes(')') || [...rest].some((c) => MINUS.has(c))) return null;
  return { negative, rest };
}

/** "1 234 567" / "1,234,567": a first group of one to three digits, then groups of exactly three. */
function wellGrouped(integer: string, separators: (c: string) => boolean): boolean {
  const groups: string[] = [''];
  for (const c of integer) {
    if (separators(c)) groups.push('');
    else groups[groups.length - 1] += c;
  }
  if (groups.length === 1) return true;
  return groups[0]!.length >= 1 && groups[0]!.length <= 3 && groups.slice(1).every((g) => g.length === 3);
}

/**
 * Reads `text` in the locale. Blank → `{ ok: true, value: undefined }`. Anything that is not exactly one
 * number in the locale's layout (or, in en-ZA, with a decimal point where that cannot be misread) → a
 * message that says what to type.
 */
export function parseNumberInput(text: string, options: NumberInputOptions): TypedNumber {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: undefined };
  const { decimal, group, example, decimalName } = symbolsOf(options.locale);
  const marks = options.currency ? currencyMarks(options.locale, options.currency) : [];
  const typeLike = `Type it like ${example}.`;
  const signed = withoutSign(trimmed, marks);
  if (!signed) return { ok: false, message: `Put a minus sign or brackets around the whole amount only. ${typeLike}` };
  const body = signed.rest;
  if (![...body].every((c) => isDigit(c) || c === ',' || c === '.' || SPACES.has(c)) || ![...body].some(isDigit)) {
    return { ok: false, message: `This is not a number. ${typeLike}` };
  }

  // Which character separates the decimals: the locale's, or (en-ZA only) a point where it cannot be a
  // thousands separator. A locale whose group is ',' or '.' never takes that character as a decimal.
  const commas = [...body].filter((c) => c === ',').length;
  const points = [...body].filter((c) => c === '.').length;
  const other = decimal === ',' ? '.' : ',';
  const otherCount = decimal === ',' ? points : commas;
  const decimalCount = decimal === ',' ? commas : points;
  let decimalMark: string | null = null;
  if (decimalCount > 1)
    return {
      ok: false,
      message: `There is more than one ${decimal === ',' ? 'comma' : 'decimal point'}: here ${decimalName} marks the decimals${group === null ? ' and spaces separate thousands' : ''}. ${typeLike}`,
    };
  if (decimalCount === 1) {
    if (otherCount > 0 && group !== other)
      return { ok: false, message: `Use ${decimalName} for the decimals and spaces between thousands. ${typeLike}` };
    decimalMark = decimal;
  } else if (otherCount > 0 && group !== other) {
    // en-ZA with a point and no comma: read as the decimal point some keyboards and habits give, unless
    // it could be a thousands separator ("1.234", "1.234.567").
    if (otherCount > 1)
      return { ok: false, message: `Use spaces between thousands and ${decimalName} for the decimals. ${typeLike}` };
    decimalMark = other;
  }

  const at = decimalMark === null ? -1 : body.indexOf(decimalMark);
  const integer = at < 0 ? body : body.slice(0, at);
  const fraction = at < 0 ? '' : body.slice(at + 1);
  if (![...fraction].every(isDigit))
    return {
      ok: false,
      message: `Nothing but digits can follow the decimal ${decimalMark === ',' ? 'comma' : 'point'}. ${typeLike}`,
    };
  const isGroup = (c: string) => SPACES.has(c) || c === group;
  if (!wellGrouped(integer, isGroup)) {
    const hint =
      group !== null && integer.includes(group)
        ? ` (${group === ',' ? 'a comma' : `"${group}"`} separates thousands here; the decimals follow ${decimalName})`
        : '';
    return { ok: false, message: `The thousands are not grouped in threes${hint}. ${typeLike}` };
  }
  const digitsBefore = [...integer].filter(isDigit).join('');
  const grouped = digitsBefore.length !== integer.length;
  // Where the locale's decimal is a comma, staff also meet (and type) the comma as a thousands separator
  // and the point as a decimal one. Three digits after a lone separator, with one to three before it and
  // no other grouping, then read as thousands in one habit and as decimals in the other. (Where the
  // decimal is a point, as in en-AU, "1.234" has one reading.)
  if (
    decimal === ',' &&
    decimalMark !== null &&
    fraction.length === 3 &&
    !grouped &&
    digitsBefore.length >= 1 &&
    digitsBefore.length <= 3 &&
    digitsBefore[0] !== '0'
  ) {
    // The thousands reading, grouped as the locale writes it (plain space): "1 234" is read one way only.
    const thousands = `${signed.negative ? '-' : ''}${digitsBefore} ${fraction}`;
    // An amount of money has cents, never thousandths: the only plausible reading is the thousands one.
    // A quantity or rate may have three decimals; they are typed with a fourth digit ("1,2340"), which
    // no one would guess, so the message says how rather than offering it as the thing meant.
    return {
      ok: false,
      message: options.currency
        ? `"${body}" could be ${digitsBefore} ${fraction} or a mistake: amounts have two decimals, here after ${decimalName}, and spaces separate thousands. For ${digitsBefore} ${fraction}, type ${thousands}.`
        : `"${body}" could be ${digitsBefore} ${fraction} or ${digitsBefore} and a fraction: here ${decimalName} marks the decimals and spaces separate thousands. For ${digitsBefore} ${fraction}, type ${thousands}; for ${digitsBefore} and a fraction, add a fourth decimal.`,
      suggestion: thousands,
    };
  }

  // Laid out as the locale writes it: NumberParser reads it.
  const canonical = `${signed.negative ? '-' : ''}${digitsBefore || '0'}${fraction ? `${decimal}${fraction}` : ''}`;
  const value = parserOf(options.locale).parse(canonical);
  if (!Number.isFinite(value)) return { ok: false, message: `This is not a number. ${typeLike}` };
  return { ok: true, value: value === 0 ? 0 : value };
}

/** A stored number as text to edit in the locale ("1234,5" in en-ZA), which parseNumberInput reads back unchanged. */
export function numberInputText(value: number, locale: string): string {
  const text = new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: 20 }).format(value);
  const read = parseNumberInput(text, { locale });
  // "1,234" (one and 234 thousandths) in en-ZA would be refused as ambiguous: a fourth decimal settles it.
  return read.ok && read.value === value ? text : `${text}0`;
}

/**
 * For a request body: the number, undefined when blank, NaN (which every schema refuses) when it cannot be
 * read. The reason travels separately, as an input issue (inputIssue), so the field says what to type.
 */
export function numberOrNaN(text: string, options: NumberInputOptions): number | undefined {
  const read = parseNumberInput(text, options);
  return read.ok ? read.value : Number.NaN;
}

/** The field's issue when its text cannot be read, at `path` in the body the form builds; else none. */
export function inputIssue(
  text: string,
  options: NumberInputOptions,
  path: (string | number)[],
): { path: (string | number)[]; message: string }[] {
  const read = parseNumberInput(text, options);
  return read.ok ? [] : [{ path, message: read.message }];
}
