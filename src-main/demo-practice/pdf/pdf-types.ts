/**
 * Inputs of the demo practice's PDF renderers. Every renderer is a pure function of one of these:
 * the same input gives byte-identical PDF bytes (the `generatedAt` stamp stands in for "now").
 * Amounts are plain numbers in the practice's currency; dates are `YYYY-MM-DD` unless noted.
 */

export interface PracticeBranding {
  name: string; // e.g. "Harbourside Accounting"
  brandColour: string; // hex like "#1f6feb"
  addressLines: string[]; // practice address, 1-3 lines
  email: string;
  phone: string;
  taxLabel: string; // "GST" | "VAT"
  taxNumber: string; // e.g. "ABN 51 824 753 556" or "GB 123 4567 89"
  locale: string; // "en-AU" | "en-NZ" | "en-GB" | "en-ZA"
  currency: string; // "AUD" | "NZD" | "GBP" | "ZAR"
  countryCode: string; // "AU" | "NZ" | "GB" | "ZA": how a bill is titled
}

export interface PdfParty {
  name: string;
  addressLines: string[];
  email?: string | null;
}

export interface BillPdfLine {
  description: string;
  quantity: number;
  unitPrice: number;
  taxAmount: number;
  lineTotal: number; // includes tax
}

export interface BillPdfInput {
  practice: PracticeBranding;
  billNumber: string; // e.g. "INV-004213"
  billDate: string; // YYYY-MM-DD
  dueDate: string; // YYYY-MM-DD
  client: PdfParty;
  reference?: string | null;
  lines: BillPdfLine[];
  subtotal: number; // excl. tax
  taxTotal: number;
  total: number; // incl. tax
  amountPaid: number;
  amountDue: number;
  payLinkUrl?: string | null; // when set, print "Pay online: <url>" prominently and add a link annotation
  notes?: string | null;
  generatedAt: string; // ISO date-time; used as the PDF CreationDate/ModDate so output is deterministic
}

export interface StatementPdfLine {
  date: string;
  type: 'opening' | 'invoice' | 'payment' | 'refund' | 'credit';
  reference: string;
  description: string;
  debit: number;
  credit: number;
  balance: number;
}

export interface StatementPdfInput {
  practice: PracticeBranding;
  statementNumber: string; // e.g. "ST-2026-10-000123"
  statementDate: string; // YYYY-MM-DD
  periodStart: string;
  periodEnd: string;
  client: PdfParty;
  openingBalance: number;
  closingBalance: number;
  lines: StatementPdfLine[];
  ageing: { current: number; days1to30: number; days31to60: number; days61to90: number; days90plus: number };
  generatedAt: string;
}

export interface CertificatePdfInput {
  practice: PracticeBranding;
  certificateNumber: string; // e.g. "IDV-7F3A2C91"
  subjectName: string;
  subjectBirthDate?: string | null;
  verificationMethod: string; // e.g. "Document and biometric check"
  documentType?: string | null; // e.g. "Passport"
  result: 'verified' | 'failed' | 'pending';
  verifiedOn?: string | null; // ISO date-time
  aml?: { kind: 'standard' | 'extensive'; result: 'clear' | 'match' | 'pending'; checkedOn: string | null } | null;
  generatedAt: string;
}
