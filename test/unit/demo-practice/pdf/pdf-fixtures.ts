import type {
  BillPdfInput,
  BillPdfLine,
  CertificatePdfInput,
  PracticeBranding,
  StatementPdfInput,
  StatementPdfLine,
} from '../../../../src-main/demo-practice/pdf/pdf-types';

export const harbourside: PracticeBranding = {
  name: 'Harbourside Accounting',
  brandColour: '#1f6feb',
  addressLines: ['Level 4, 88 Harbour Street', 'Sydney NSW 2000'],
  email: 'accounts@harbourside.example',
  phone: '+61 2 9000 1234',
  taxLabel: 'GST',
  taxNumber: 'ABN 51 824 753 556',
  locale: 'en-AU',
  currency: 'AUD',
  countryCode: 'AU',
};

export const thamesGate: PracticeBranding = {
  name: 'Thames Gate Bookkeeping',
  brandColour: '#f5d90a',
  addressLines: ['2 Riverside Walk', 'London SE1 9PX'],
  email: 'hello@thamesgate.example',
  phone: '+44 20 7946 0000',
  taxLabel: 'VAT',
  taxNumber: 'GB 123 4567 89',
  locale: 'en-GB',
  currency: 'GBP',
  countryCode: 'GB',
};

/** Line n (1-based) has the description "Service line n – <words>" so each is findable on its page. */
export function billLines(count: number): BillPdfLine[] {
  return Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    const quantity = (n % 3) + 1;
    const unitPrice = 40 + n * 5.25;
    const taxAmount = Math.round(quantity * unitPrice * 10) / 100;
    const lineTotal = Math.round((quantity * unitPrice + taxAmount) * 100) / 100;
    return { description: `Service line ${n} bookkeeping`, quantity, unitPrice, taxAmount, lineTotal };
  });
}

export function bill(overrides: Partial<BillPdfInput> = {}, lineCount = 3): BillPdfInput {
  const lines = overrides.lines ?? billLines(lineCount);
  const cents = (value: number) => Math.round(value * 100) / 100;
  const subtotal = cents(lines.reduce((sum, l) => sum + l.quantity * l.unitPrice, 0));
  const taxTotal = cents(lines.reduce((sum, l) => sum + l.taxAmount, 0));
  const total = cents(subtotal + taxTotal);
  return {
    practice: harbourside,
    billNumber: 'INV-004213',
    billDate: '2026-10-05',
    dueDate: '2026-11-04',
    client: {
      name: 'Wattle Grove Cafe Pty Ltd',
      addressLines: ['12 Wattle Grove', 'Newtown NSW 2042'],
      email: 'owner@wattlegrove.example',
    },
    reference: 'PO-7781',
    lines,
    subtotal,
    taxTotal,
    total,
    amountPaid: 100,
    amountDue: cents(total - 100),
    payLinkUrl: 'https://pay.demo-practice.example/p/INV-004213',
    notes: 'Thank you for your business.',
    generatedAt: '2026-10-05T09:30:00.000Z',
    ...overrides,
  };
}

export function statement(lineCount = 6, overrides: Partial<StatementPdfInput> = {}): StatementPdfInput {
  const kinds = ['invoice', 'payment', 'invoice', 'credit', 'refund'] as const;
  let balance = 250;
  const lines: StatementPdfLine[] = [
    {
      date: '2026-10-01',
      type: 'opening',
      reference: '',
      description: 'Balance brought forward',
      debit: 0,
      credit: 0,
      balance,
    },
  ];
  for (let i = 0; i < lineCount; i++) {
    const type = kinds[i % kinds.length] ?? 'invoice';
    const amount = 80 + i * 12.5;
    const debit = type === 'invoice' || type === 'refund' ? amount : 0;
    const credit = debit ? 0 : amount;
    balance += debit - credit;
    const date = `2026-10-${String(2 + (i % 28)).padStart(2, '0')}`;
    lines.push({
      date,
      type,
      reference: `REF-${1000 + i}`,
      description: `Statement entry ${i + 1}`,
      debit,
      credit,
      balance,
    });
  }
  return {
    practice: harbourside,
    statementNumber: 'ST-2026-10-000123',
    statementDate: '2026-10-31',
    periodStart: '2026-10-01',
    periodEnd: '2026-10-31',
    client: { name: 'Wattle Grove Cafe Pty Ltd', addressLines: ['12 Wattle Grove', 'Newtown NSW 2042'], email: null },
    openingBalance: 250,
    closingBalance: balance,
    lines,
    ageing: { current: 410.5, days1to30: 120, days31to60: 60.25, days61to90: 0, days90plus: 1999.99 },
    generatedAt: '2026-10-31T18:00:00Z',
    ...overrides,
  };
}

export function certificate(overrides: Partial<CertificatePdfInput> = {}): CertificatePdfInput {
  return {
    practice: harbourside,
    certificateNumber: 'IDV-7F3A2C91',
    subjectName: 'Margaret Olsen',
    subjectBirthDate: '1984-07-19',
    verificationMethod: 'Document and biometric check',
    documentType: 'Passport',
    result: 'verified',
    verifiedOn: '2026-10-03T10:15:00Z',
    aml: { kind: 'standard', result: 'clear', checkedOn: '2026-10-03T10:16:00Z' },
    generatedAt: '2026-10-03T10:20:00Z',
    ...overrides,
  };
}

/** The same formats the renderers use, so expectations follow the runtime's locale data. */
export const money = (value: number, locale = 'en-AU', currency = 'AUD'): string =>
  new Intl.NumberFormat(locale, { style: 'currency', currency }).format(value).replace(/\s+/g, ' ');
export const day = (isoDate: string, locale = 'en-AU'): string => {
  const date = new Date(isoDate.length === 10 ? `${isoDate}T00:00:00Z` : isoDate);
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
};
