import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BOM,
  csvCell,
  csvFileName,
  csvFormat,
  csvMoney,
  csvText,
  exportColumns,
  guardText,
  quoteField,
  type CsvColumn,
} from '../../../../../src-renderer/ui/csv/csv-writer';
import { dateInputText } from '../../../../../src-renderer/ui/regional/date-input';
import { parseCsv } from '../../../../support/rfc4180';

type Row = { name: string; amount: number; day: string };
const columns: CsvColumn<Row>[] = [
  { heading: 'Client', kind: 'text', value: (r) => r.name },
  { heading: 'Amount due', kind: 'money', value: (r) => r.amount },
  { heading: 'Due date', kind: 'date', value: (r) => r.day },
];
const regions = ['ANZ', 'UK', 'ZA'] as const;
const isoDay = fc
  .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2090-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const cents = fc.integer({ min: -1_000_000_000, max: 1_000_000_000 });
// Text that exercises quoting and the guard: separators, quotes, CR, LF, tabs and formula starts.
const awkward = fc.string({
  unit: fc.constantFrom('a', 'Zoë', ' ', ',', ';', '"', '\r', '\n', '\t', '=', '+', '-', '@', "'", '1', '.'),
  maxLength: 12,
});

describe('the region decides the separator and the decimal mark', () => {
  it('ANZ and UK: comma-separated, period decimals; ZA (comma decimals): semicolon-separated', () => {
    expect(csvFormat('ANZ')).toMatchObject({ separator: ',', decimal: '.' });
    expect(csvFormat('UK')).toMatchObject({ separator: ',', decimal: '.' });
    expect(csvFormat('ZA')).toMatchObject({ separator: ';', decimal: ',' });
  });

  it('amounts are plain numbers with two decimals, negative ones stay numbers', () => {
    expect(csvMoney(1234567.5, csvFormat('ANZ'))).toBe('1234567.50');
    expect(csvMoney(-1234567.5, csvFormat('ZA'))).toBe('-1234567,50');
    expect(csvMoney(-0.001, csvFormat('UK'))).toBe('0.00');
    expect(csvCell('money', -12.5, csvFormat('ANZ'))).toBe('-12.50');
  });

  it('dates as the practice types them (one rule with the date fields): dd/mm/yyyy in ANZ', () => {
    expect(csvCell('date', '2026-11-03', csvFormat('ANZ'))).toBe('03/11/2026');
    for (const region of regions)
      expect(csvCell('date', '2026-11-03', csvFormat(region))).toBe(dateInputText('2026-11-03', region));
  });

  it('a file name is what and the practice date', () => {
    expect(csvFileName('bills', '2026-11-26')).toBe('bills-2026-11-26.csv');
  });
});

describe('formula injection is guarded in text only', () => {
  it.each(['=1+1', '+61 4', '-2', '@SUM(A1)', '\tx', '\rx'])('%j is prefixed with a quote', (text) => {
    expect(guardText(text)).toBe(`'${text}`);
    expect(csvCell('text', text, csvFormat('ANZ'))).toBe(`'${text}`);
  });

  it('property: no text cell read back starts a formula; every money cell reads back as its amount', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...regions),
        fc.array(fc.record({ name: awkward, cents, day: isoDay })),
        (region, raw) => {
          const format = csvFormat(region);
          const rows = raw.map((r) => ({ name: r.name, amount: r.cents / 100, day: r.day }));
          const records = parseCsv(csvText(columns, rows, format), format.separator);
          for (const [i, row] of rows.entries()) {
            const [name, amount] = records[i + 1]!;
            expect(name).not.toMatch(/^[=+\-@\t\r]/);
            expect(Number(amount!.replace(',', '.'))).toBe(row.amount);
          }
        },
      ),
    );
  });
});

describe('RFC 4180 round trip', () => {
  it('property: headings and every field read back as written (text un-guarded), in every region', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...regions),
        fc.array(fc.record({ name: awkward, cents, day: isoDay })),
        (region, raw) => {
          const format = csvFormat(region);
          const rows = raw.map((r) => ({ name: r.name, amount: r.cents / 100, day: r.day }));
          const text = csvText(columns, rows, format);
          expect(text.startsWith(BOM)).toBe(true);
          expect(text.endsWith('\r\n')).toBe(true);
          const records = parseCsv(text, format.separator);
          expect(records).toEqual([
            ['Client', 'Amount due', 'Due date'],
            ...rows.map((r) => [
              guardText(r.name),
              (r.amount < 0 ? '-' : '') + Math.abs(r.amount).toFixed(2).replace('.', format.decimal),
              dateInputText(r.day, region),
            ]),
          ]);
        },
      ),
    );
  });

  it('quotes exactly the fields that need it, doubling quotes', () => {
    expect(quoteField('plain', ',')).toBe('plain');
    expect(quoteField('a,b', ',')).toBe('"a,b"');
    expect(quoteField('a,b', ';')).toBe('a,b');
    expect(quoteField('1;2', ';')).toBe('"1;2"');
    expect(quoteField('say "hi"', ',')).toBe('"say ""hi"""');
    expect(quoteField('two\r\nlines', ',')).toBe('"two\r\nlines"');
  });
});

describe('a table and its export share one column list', () => {
  it('headings and order come from the screen columns', () => {
    const screen = [
      { column: 'amount', label: 'Amount due' },
      { column: 'name', label: 'Client' },
    ] as const;
    const exported = exportColumns<'name' | 'amount', Row>(screen, {
      name: { kind: 'text', value: (r) => r.name },
      amount: { kind: 'money', value: (r) => r.amount },
    });
    expect(exported.map((c) => [c.heading, c.kind])).toEqual([
      ['Amount due', 'money'],
      ['Client', 'text'],
    ]);
  });
});
