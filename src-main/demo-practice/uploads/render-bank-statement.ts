import { dayStartMs, shiftDay } from '../../../src-preload/contract/iso-day';
import { sumMoney } from '../../../src-preload/contract/money';
import { createRandom, type Random } from '../data/random';
import { PageFlow, drawDetails, drawParty, drawTable, type Column, type DetailRow } from '../pdf/pdf-flow';
import { CONTENT_WIDTH, MARGIN, MUTED, PAGE_WIDTH, createPdfDoc, drawText, savePdf } from '../pdf/pdf-layout';
import type { PracticeBranding } from '../pdf/pdf-types';

export interface BankStatementInput {
  countryCode: string;
  locale: string;
  currency: string;
  holder: { name: string; addressLines: string[] };
  /** A person's everyday account or a business's cheque account: the transactions differ. */
  isBusiness: boolean;
  /** YYYY-MM-DD: the statement covers the calendar month before this day. */
  uploadedOn: string;
  /** Seeds the account number and the month's transactions, so the same document is always the same PDF. */
  seed: number;
}

/** A bank of each country (invented names) and how its account numbers and everyday transactions are written. */
interface Bank {
  branding: Omit<PracticeBranding, 'locale' | 'currency' | 'countryCode'>;
  account: (random: Random) => string;
  personal: readonly string[];
  business: readonly string[];
  salary: string;
  takings: string;
}

const digits = (random: Random, n: number) => Array.from({ length: n }, () => String(random.int(0, 9))).join('');
const plainBank = (name: string, brandColour: string, addressLines: string[], email: string, phone: string) => ({
  name,
  brandColour,
  addressLines,
  email,
  phone,
  taxLabel: '',
  taxNumber: '',
});

const BANKS: Readonly<Record<string, Bank>> = {
  AU: {
    branding: plainBank(
      'Southern Cross Bank',
      '#0b5394',
      ['GPO Box 1500', 'Sydney NSW 2001'],
      'statements@southerncrossbank.example',
      '13 15 50',
    ),
    account: (r) => `BSB 062-${digits(r, 3)}   Account ${digits(r, 4)} ${digits(r, 4)}`,
    personal: [
      'EFTPOS Corner Grocer',
      'BPAY Energy Australia',
      'Direct debit Health Fund',
      'Osko transfer',
      'Card purchase Fuel',
    ],
    business: [
      'BPAY ATO Integrated Client Account',
      'Supplier payment',
      'Direct debit Payroll',
      'EFTPOS Office supplies',
      'Merchant fees',
    ],
    salary: 'Salary',
    takings: 'Customer payment',
  },
  NZ: {
    branding: plainBank(
      'Kauri Bank',
      '#146c5c',
      ['PO Box 99 100', 'Auckland 1142'],
      'statements@kauribank.example',
      '0800 500 900',
    ),
    account: (r) => `Account 12-${digits(r, 4)}-${digits(r, 7)}-00`,
    personal: [
      'EFTPOS Corner Dairy',
      'Automatic payment Power',
      'Direct debit Insurance',
      'Bill payment Council rates',
      'Card purchase Fuel',
    ],
    business: [
      'Payment Inland Revenue',
      'Supplier payment',
      'Direct debit Payroll',
      'EFTPOS Office supplies',
      'Merchant fees',
    ],
    salary: 'Salary',
    takings: 'Customer payment',
  },
  GB: {
    branding: plainBank(
      'Thames & Mercia Bank',
      '#6a1b4d',
      ['1 Cheapside', 'London EC2V 6DN'],
      'statements@thamesmerciabank.example',
      '0345 600 1234',
    ),
    account: (r) => `Sort code 40-${digits(r, 2)}-${digits(r, 2)}   Account ${digits(r, 8)}`,
    personal: [
      'Card payment Supermarket',
      'Direct Debit Council Tax',
      'Direct Debit Energy',
      'Faster Payment',
      'Standing order Rent',
    ],
    business: [
      'Direct Debit HMRC VAT',
      'Faster Payment Supplier',
      'BACS Payroll',
      'Card payment Office supplies',
      'Merchant fees',
    ],
    salary: 'BACS Salary',
    takings: 'Faster Payment Customer',
  },
  ZA: {
    branding: plainBank(
      'Highveld Bank',
      '#1a7f37',
      ['PO Box 61 000', 'Marshalltown 2107'],
      'statements@highveldbank.example',
      '0860 100 100',
    ),
    account: (r) => `Branch code 250655   Account 62${digits(r, 9)}`,
    personal: [
      'POS purchase Supermarket',
      'Debit order Medical aid',
      'Debit order Insurance',
      'Prepaid electricity',
      'POS purchase Fuel',
    ],
    business: [
      'Payment SARS eFiling',
      'EFT Supplier',
      'Debit order Payroll',
      'POS purchase Office supplies',
      'Merchant fees',
    ],
    salary: 'Salary',
    takings: 'EFT Customer payment',
  },
};

/** The calendar month before `day`: its first and last days. */
function monthBefore(day: string): { start: string; end: string } {
  const firstOfThisMonth = `${day.slice(0, 7)}-01`;
  const end = shiftDay(firstOfThisMonth, -1);
  return { start: `${end.slice(0, 7)}-01`, end };
}

/**
 * A month's bank statement as a client's bank issues it, the kind a client uploads for "Bank statement": the
 * bank's band, the holder and account, the month's transactions with a running balance, and the totals that
 * add up (opening + credits − debits = closing), in the practice's currency. Invented bank, no real person.
 */
export async function renderBankStatement(input: BankStatementInput): Promise<Uint8Array> {
  const bank = BANKS[input.countryCode] ?? BANKS['AU']!;
  const random = createRandom(input.seed);
  const account = bank.account(random);
  const { start, end } = monthBefore(input.uploadedOn);
  const doc = await createPdfDoc(
    { ...bank.branding, locale: input.locale, currency: input.currency, countryCode: input.countryCode },
    {
      title: `Bank statement ${start.slice(0, 7)}`,
      subject: `Bank statement of ${input.holder.name} for ${start.slice(0, 7)}`,
      // The bank issues it the morning after the month ends.
      generatedAt: new Date(dayStartMs(shiftDay(end, 1)) + 6 * 3_600_000).toISOString(),
    },
  );
  const { fmt } = doc;
  const flow = new PageFlow(doc, 'BANK STATEMENT', `BANK STATEMENT ${fmt.date(start)} – ${fmt.date(end)} (continued)`);

  const cents = (min: number, max: number) => random.int(min * 100, max * 100) / 100;
  const opening = cents(800, 24_000);
  const days = Number(end.slice(8));
  const income = input.isBusiness ? bank.takings : bank.salary;
  const spending = input.isBusiness ? bank.business : bank.personal;
  const day = (n: number) => shiftDay(start, Math.min(n, days) - 1);
  // A person is paid fortnightly; a business takes customer payments through the month. Spending is everyday.
  const pay = cents(1_400, 3_600);
  const incoming = input.isBusiness
    ? Array.from({ length: random.int(4, 8) }, () => ({ day: day(random.int(1, days)), amount: cents(450, 9_000) }))
    : [7, 21].map((n) => ({ day: day(n), amount: pay }));
  const moves = [
    ...incoming.map((move) => ({ ...move, description: income, credit: true })),
    ...Array.from({ length: random.int(9, 15) }, () => ({
      day: day(random.int(1, days)),
      description: random.pick(spending),
      amount: cents(8, input.isBusiness ? 2_400 : 420),
      credit: false,
    })),
  ].sort((a, b) => a.day.localeCompare(b.day));
  let balance = opening;
  const rows = moves.map((move) => {
    balance = sumMoney([balance, move.credit ? move.amount : -move.amount]);
    return [
      fmt.date(move.day),
      move.description,
      move.credit ? '' : fmt.money(move.amount),
      move.credit ? fmt.money(move.amount) : '',
      fmt.money(balance),
    ];
  });
  const credits = sumMoney(moves.filter((m) => m.credit).map((m) => m.amount));
  const debits = sumMoney(moves.filter((m) => !m.credit).map((m) => m.amount));

  const summary: DetailRow[] = [
    { label: 'Statement period', value: `${fmt.date(start)} – ${fmt.date(end)}` },
    { label: 'Opening balance', value: fmt.money(opening) },
    { label: 'Total credits', value: fmt.money(credits) },
    { label: 'Total debits', value: fmt.money(debits) },
    { label: 'Closing balance', value: fmt.money(balance), strong: true },
  ];
  const partyBottom = drawParty(doc, flow.page, 'Account holder', input.holder, MARGIN, flow.y, 250);
  const summaryX = PAGE_WIDTH - MARGIN - 250;
  const summaryBottom = drawDetails(doc, flow.page, summary, summaryX, flow.y + 7, {
    labelWidth: 110,
    valueWidth: 140,
    valueAlign: 'right',
  });
  flow.y = Math.min(partyBottom, summaryBottom) - 8;
  drawText(doc, flow.page, account, MARGIN, flow.y - 8, { size: 9, bold: true });
  flow.y -= 24;

  const columns: Column[] = [
    { header: 'Date', width: 70 },
    { header: 'Description', width: CONTENT_WIDTH - 310 },
    { header: 'Debit', width: 80, align: 'right' },
    { header: 'Credit', width: 80, align: 'right' },
    { header: 'Balance', width: 80, align: 'right' },
  ];
  drawTable(flow, columns, [[fmt.date(start), 'Opening balance', '', '', fmt.money(opening)], ...rows], {
    size: 8.5,
    isStrong: (i) => i === 0,
  });
  flow.ensure(40);
  drawText(doc, flow.page, `Closing balance on ${fmt.date(end)}: ${fmt.money(balance)}`, MARGIN, flow.y - 18, {
    size: 10,
    bold: true,
  });
  drawText(doc, flow.page, 'Demo document: an invented bank, no real account or person.', MARGIN, flow.y - 34, {
    size: 8,
    color: MUTED,
  });
  return savePdf(doc);
}
