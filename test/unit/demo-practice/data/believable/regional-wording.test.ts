import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateDemoData } from '../../../../../src-main/demo-practice/data/generate-demo-data';
import { UK_TOWNS } from '../../../../../src-main/demo-practice/data/regions/uk-places';
import { ZA_LOCALITIES } from '../../../../../src-main/demo-practice/data/regions/za-places';
import { renderBillPdf } from '../../../../../src-main/demo-practice/pdf/render-bill-pdf';
import { practiceBranding } from '../../../../../src-main/demo-practice/routes/route-helpers';
import type { PracticeState } from '../../../../../src-main/demo-practice/state/practice-state';
import { readPdf } from '../../../../support/read-pdf-text';
import { countryOfPlace, type CountryCode } from './country-of';

// What a local accountant notices in each region's demo practice, over many seeds: the sales-tax work in the
// country's own words, the invoice titled as the country titles it, and a landline whose area code is the
// one of the address it is written beside. The area codes are written here from the numbering plans, not
// taken from the generator.

const ANCHOR = new Date('2026-11-20T00:00:00Z');

/** Australia's four geographic area codes, by state and territory (ACMA). */
const AU_AREA: Record<string, string> = {
  NSW: '02',
  ACT: '02',
  VIC: '03',
  TAS: '03',
  QLD: '07',
  SA: '08',
  WA: '08',
  NT: '08',
};
/** New Zealand's area codes, by city. */
const NZ_AREA: Record<string, string> = {
  Auckland: '09',
  Whangārei: '09',
  Hamilton: '07',
  Tauranga: '07',
  Rotorua: '07',
  Napier: '06',
  Hastings: '06',
  'New Plymouth': '06',
  'Palmerston North': '06',
  Wellington: '04',
  'Lower Hutt': '04',
  Nelson: '03',
  Christchurch: '03',
  Queenstown: '03',
  Dunedin: '03',
  Invercargill: '03',
};
/** The United Kingdom's area codes, by post town (Ofcom's numbering plan). */
const UK_AREA: Record<string, string> = {
  London: '020',
  Manchester: '0161',
  Salford: '0161',
  Stockport: '0161',
  Leeds: '0113',
  Bradford: '01274',
  Huddersfield: '01484',
  Harrogate: '01423',
  York: '01904',
  Sheffield: '0114',
  Birmingham: '0121',
  Coventry: '024',
  Leicester: '0116',
  Nottingham: '0115',
  Liverpool: '0151',
  Chester: '01244',
  Preston: '01772',
  Lancaster: '01524',
  'Newcastle upon Tyne': '0191',
  Bristol: '0117',
  Bath: '01225',
  Exeter: '01392',
  Southampton: '023',
  Brighton: '01273',
  Reading: '0118',
  Oxford: '01865',
  Cambridge: '01223',
  'Milton Keynes': '01908',
  Norwich: '01603',
  Cardiff: '029',
  Swansea: '01792',
  Glasgow: '0141',
  Edinburgh: '0131',
  Aberdeen: '01224',
  Belfast: '028',
};
/** South Africa's area codes, by city. */
const ZA_AREA: Record<string, string> = {
  'Cape Town': '021',
  Stellenbosch: '021',
  Paarl: '021',
  'Somerset West': '021',
  George: '044',
  Johannesburg: '011',
  Germiston: '011',
  Midrand: '011',
  'Kempton Park': '011',
  Boksburg: '011',
  Pretoria: '012',
  Centurion: '012',
  Durban: '031',
  Pietermaritzburg: '033',
  Ballito: '032',
  Gqeberha: '041',
  'East London': '043',
  Makhanda: '046',
  Bloemfontein: '051',
  Polokwane: '015',
  Mbombela: '013',
  eMalahleni: '013',
  Rustenburg: '014',
  Potchefstroom: '018',
  Mahikeng: '018',
  Kimberley: '053',
  Upington: '054',
};

/** The longest place name of the table that the line starts with (UK and ZA last lines are "<town> <county> <postcode>"). */
const placeStarting = (line: string, places: readonly string[]): string | undefined =>
  [...places].sort((a, b) => b.length - a.length).find((place) => line.startsWith(`${place} `));

/** The area code an address's last line calls for, from the tables above; undefined for a place they do not know. */
function areaCodeOf(country: CountryCode, lastLine: string): string | undefined {
  if (country === 'AU') return AU_AREA[/ ([A-Z]{2,3}) \d{4}$/.exec(lastLine)?.[1] ?? ''];
  if (country === 'NZ') return NZ_AREA[lastLine.replace(/ \d{4}$/, '')];
  if (country === 'GB')
    return UK_AREA[
      placeStarting(
        lastLine,
        UK_TOWNS.map((t) => t.town),
      ) ?? ''
    ];
  return ZA_AREA[
    placeStarting(
      lastLine,
      ZA_LOCALITIES.map((l) => l.city),
    ) ?? ''
  ];
}

/** A landline's area code as written: "(08) 5550 1234" → 08, "0161 496 0123" → 0161. */
const writtenAreaCode = (phone: string): string => phone.replace(/^\((\d+)\)/, '$1').split(' ')[0] ?? '';

function wrongLandlines(practice: PracticeState): string[] {
  const problems: string[] = [];
  const check = (who: string, country: CountryCode, phone: string, lastLine: string) => {
    const expected = areaCodeOf(country, lastLine);
    if (expected === undefined) problems.push(`${who}: no area code known for "${lastLine}"`);
    else if (writtenAreaCode(phone) !== expected) problems.push(`${who}: ${phone} beside "${lastLine}"`);
  };
  const practiceCountry = practice.profile.countryCode as CountryCode;
  check('the practice', practiceCountry, practice.profile.phone, practice.profile.addressLines.at(-1) ?? '');
  for (const entity of practice.entities.values()) {
    if (entity.entityTelephone === null) continue;
    const country = countryOfPlace(entity.officeName ?? '') ?? practiceCountry;
    const lastLine = practice.entityProfiles.get(entity.entityKey)?.addressLines.at(-1) ?? '';
    check(entity.entityCode, country, entity.entityTelephone, lastLine);
  }
  return problems;
}

/** Every text of a practice a client or staff member reads the work by: the catalogue, jobs, sale items, proposals, bills. */
function workWords(practice: PracticeState): string {
  return JSON.stringify([
    practice.services,
    practice.catalogs,
    practice.ledger.status.saleItems,
    [...practice.proposals.values()].map((p) => p.pricing),
    [...practice.bills.values()].map((b) => b.lines),
    [...practice.recurringBillings.values()],
  ]);
}

/** The region's own name for the periodic sales-tax work, and what must never be said instead. */
const SALES_TAX_WORK = {
  // Whole words only: a client named Salvatore is no VAT.
  AU: { said: /Business activity statements \(BAS\)/, detail: /GST/, never: /\bsales tax\b|\bVAT\b/i },
  GB: { said: /VAT returns/, detail: /Making Tax Digital/, never: /\bsales tax\b|\bGST\b|\bBAS\b/i },
  ZA: { said: /VAT returns/, detail: /SARS/, never: /\bsales tax\b|\bGST\b|\bBAS\b/i },
} as const;

/** How each country titles a bill that carries its sales tax. */
const INVOICE_TITLE = {
  AU: { says: 'TAX INVOICE', never: null },
  GB: { says: 'INVOICE', never: 'TAX INVOICE' },
  ZA: { says: 'TAX INVOICE', never: null },
} as const;

const seeds = fc.integer({ min: 0, max: 2 ** 31 - 1 });
const practicesOf = (seed: number) => generateDemoData({ seed, size: 'small', anchor: ANCHOR });

describe('demo data that rings true per region', () => {
  it('writes a landline with the area code of the address beside it, for every client and practice', () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        for (const practice of practicesOf(seed)) expect(wrongLandlines(practice)).toEqual([]);
      }),
      { numRuns: 10 },
    );
  });

  it("names the sales-tax work in each country's own words, everywhere the work is named", () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        for (const practice of practicesOf(seed)) {
          const wording = SALES_TAX_WORK[practice.profile.countryCode as keyof typeof SALES_TAX_WORK];
          const service = practice.services.find((s) => wording.said.test(s.name));
          expect(service?.detail, practice.profile.countryCode).toMatch(wording.detail);
          expect(workWords(practice)).not.toMatch(wording.never);
        }
      }),
      { numRuns: 4 },
    );
  });

  it('titles a bill with tax the way its country does: a tax invoice in Australia and South Africa, an invoice with VAT in the UK', async () => {
    const practices = practicesOf(42);
    for (const practice of practices) {
      const bill = [...practice.bills.values()].find((b) => b.statusName !== 'Draft' && b.taxTotal > 0)!;
      const pdf = await readPdf(
        await renderBillPdf({
          practice: practiceBranding(practice),
          billNumber: bill.billNumber,
          billDate: bill.billDate,
          dueDate: bill.dueDate,
          client: { name: bill.entityName, addressLines: [] },
          lines: bill.lines,
          subtotal: bill.subtotal,
          taxTotal: bill.taxTotal,
          total: bill.total,
          amountPaid: bill.amountPaid,
          amountDue: bill.amountDue,
          generatedAt: bill.updatedOn,
        }),
      );
      const title = INVOICE_TITLE[practice.profile.countryCode as keyof typeof INVOICE_TITLE];
      expect(pdf.text).toContain(title.says);
      if (title.never) expect(pdf.text).not.toContain(title.never);
      expect(pdf.text).toContain(`Total ${practice.profile.taxLabel}`);
    }
  });
});
