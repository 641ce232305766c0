import { roundCents } from '../../../src-preload/contract/money';
import { dateInputText } from '../regional/date-input';
import { moneyLocale } from '../regional/regional-format';

/*
 * CSV exports in the practice's formats. A CSV is only useful if the practice's spreadsheet opens it as
 * columns of numbers and dates, and Excel reads a CSV with the laptop's regional settings: its list
 * separator and its decimal mark. So the region's money locale (the one rule the screens use, moneyLocale)
 * decides the decimal mark, and where the decimal mark is a comma (South Africa, en-ZA) the fields are
 * separated by ";" — Excel's list separator wherever the comma is the decimal mark — so "1234,50" stays
 * one number. Dates are written as staff type them (dateInputText: dd/mm/yyyy in every region served),
 * which the region's Excel reads as a date. Amounts are plain numbers (no currency sign, no grouping), so
 * they add up; the file is UTF-8 with a byte-order mark, without which Excel reads "Zoë" as "ZoÃ«".
 */

/** What a column holds: text is guarded against formulas; money, counts and dates are written as values. */
export type CsvKind = 'text' | 'money' | 'count' | 'date';

/** One exported column: its heading in words and the value a row shows in it. */
export interface CsvColumn<Row> {
  heading: string;
  kind: CsvKind;
  /** The row's value; a string in a money or count column (e.g. "Not due") is written as guarded text. */
  value(row: Row): string | number | null | undefined;
}

export interface CsvFormat {
  separator: ',' | ';';
  decimal: '.' | ',';
  region: string | undefined;
}

/** The separator and decimal mark the region's spreadsheet expects, from the region's money locale. */
export function csvFormat(region: string | undefined): CsvFormat {
  const { locale } = moneyLocale(region);
  const decimal = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value;
  return decimal === ',' ? { separator: ';', decimal: ',', region } : { separator: ',', decimal: '.', region };
}

/** An amount as a plain number with two decimals in the region's decimal mark: -1234.5 → "-1234.50" / "-1234,50". */
export function csvMoney(amount: number, format: CsvFormat): string {
  const fixed = roundCents(amount).toFixed(2);
  const text = fixed === '-0.00' ? '0.00' : fixed;
  return format.decimal === ',' ? text.replace('.', ',') : text;
}

/*
 * CSV (formula) injection: a spreadsheet runs a cell that starts with =, +, -, @, a tab or a carriage
 * return as a formula, so a client named "=HYPERLINK(…)" would run on the accountant's laptop. OWASP's
 * advice: prefix such a cell with a single quote. Only text columns are guarded: a negative amount must
 * stay a number.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
export function guardText(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** RFC 4180: a field holding the separator, a quote, CR or LF is quoted, its quotes doubled. */
export function quoteField(text: string, separator: string): string {
  return text.includes(separator) || /["\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One cell's text, before quoting. */
export function csvCell(kind: CsvKind, value: string | number | null | undefined, format: CsvFormat): string {
  if (value == null) return '';
  if (typeof value === 'string') return kind === 'date' ? dateInputText(value, format.region) : guardText(value);
  if (!Number.isFinite(value)) return '';
  if (kind === 'money') return csvMoney(value, format);
  return String(value);
}

/** UTF-8's byte-order mark: Excel reads the file as UTF-8 only when it starts with one. */
export const BOM = '\uFEFF';

/** The whole file: BOM, a heading row, one line per row, CRLF line ends (RFC 4180). */
export function csvText<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[], format: CsvFormat): string {
  const line = (cells: readonly string[]) => cells.map((c) => quoteField(c, format.separator)).join(format.separator);
  const lines = [line(columns.map((c) => guardText(c.heading)))];
  for (const row of rows) lines.push(line(columns.map((c) => csvCell(c.kind, c.value(row), format))));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

/** "<what>-<practice date>.csv": `csvFileName('billing-bills', '2026-11-26')` → "billing-bills-2026-11-26.csv". */
export function csvFileName(what: string, practiceDay: string): string {
  return `${what}-${practiceDay}.csv`;
}

/**
 * The export columns of a table the screen also shows: the screen's own column list (its order and
 * headings) and, for each of its columns, the kind and value exported — the compiler checks none is missing.
 */
export function exportColumns<C extends string, Row>(
  screen: readonly { column: C; label: string }[],
  cells: Record<C, Omit<CsvColumn<Row>, 'heading'>>,
): CsvColumn<Row>[] {
  return screen.map(({ column, label }) => ({ heading: label, ...cells[column] }));
}
