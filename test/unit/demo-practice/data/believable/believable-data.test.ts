import { describe, expect, it } from 'vitest';
import { generateDemoData } from '../../../../../src-main/demo-practice/data/generate-demo-data';
import type { SIZES } from '../../../../../src-main/demo-practice/options';
import type { PracticeState } from '../../../../../src-main/demo-practice/state/practice-state';
import { countryOfPlace, FORMATS, isForeignEmail, isLocalityOf } from './country-of';

// What a practice would find wrong at a glance, checked over every record of every practice, at both sizes.

const ANCHOR = new Date('2026-11-20T00:00:00Z');
const DAY_MS = 86_400_000;
/** How long a sent proposal stays open for acceptance before it expires. */
const OPEN_DAYS = 30;
const day = (iso: string) => iso.slice(0, 10);
const daysBefore = (days: number) => new Date(ANCHOR.getTime() - days * DAY_MS).toISOString();
const daysAfter = (days: number) => new Date(ANCHOR.getTime() + days * DAY_MS).toISOString();

/** A legal form a company or firm is written with in ANZ, the UK or South Africa. */
const LEGAL_FORM = /\s(?:Pty Ltd|Pty Limited|Limited|Ltd|PLC|LLP|\(Pty\) Ltd|CC|Inc)$/;

/** The problems in one practice, as "what: which record" lines (an empty list when all is well). */
type Check = (practice: PracticeState) => string[];

const leadCompanies: Check = (practice) =>
  [...practice.leads.values()]
    .filter((lead) => lead.companyName !== null)
    .filter(
      (lead) =>
        !LEGAL_FORM.test(lead.companyName!) ||
        lead.companyName === `${lead.name} ${lead.surname ?? ''}`.trim() ||
        lead.companyName === lead.name,
    )
    .map((lead) => `lead ${lead.leadID} (${lead.name} ${lead.surname}) has company "${lead.companyName}"`);

const clientsInTheirCountry: Check = (practice) => {
  const problems: string[] = [];
  const contactsOf = new Map<string, string[]>();
  for (const contact of practice.contacts.values()) {
    if (contact.mobile === null) continue;
    contactsOf.set(contact.entityKey, [...(contactsOf.get(contact.entityKey) ?? []), contact.mobile]);
  }
  for (const entity of practice.entities.values()) {
    const country = countryOfPlace(entity.officeName ?? '');
    if (!country) {
      problems.push(`${entity.entityCode}: office ${entity.officeName} is in no known country`);
      continue;
    }
    const formats = FORMATS[country];
    const profile = practice.entityProfiles.get(entity.entityKey)!;
    const wrong = (what: string, value: string) =>
      problems.push(`${entity.entityCode} (${entity.officeName}, ${country}): ${what} ${value}`);
    const lastLine = profile.addressLines.at(-1) ?? '';
    if (!isLocalityOf(country, lastLine)) wrong('address', profile.addressLines.join(', '));
    if (entity.entityMobile !== null && !formats.mobile.test(entity.entityMobile)) wrong('mobile', entity.entityMobile);
    if (entity.entityTelephone !== null && !formats.landline.test(entity.entityTelephone))
      wrong('telephone', entity.entityTelephone);
    if (entity.entitySalesTaxNumber !== null && !formats.salesTaxNumber.test(entity.entitySalesTaxNumber))
      wrong('tax number', entity.entitySalesTaxNumber);
    if (entity.entityEmail !== null && isForeignEmail(country, entity.entityEmail)) wrong('email', entity.entityEmail);
    if (!profile.isIndividual && entity.entityEmail !== null && !formats.businessDomain.test(entity.entityEmail))
      wrong('business email', entity.entityEmail);
    for (const mobile of contactsOf.get(entity.entityKey) ?? [])
      if (!formats.mobile.test(mobile)) wrong("a contact's mobile", mobile);
  }
  return problems;
};

const proposalStates: Check = (practice) => {
  const problems: string[] = [];
  const anchor = ANCHOR.toISOString();
  for (const p of practice.proposals.values()) {
    const wrong = (why: string) =>
      problems.push(
        `${p.statusName} proposal ${p.name}: ${why} (created ${day(p.createdOn)}, sent ${p.sentOn?.slice(0, 10)}, ` +
          `accepted ${p.acceptedOn?.slice(0, 10)}, term ${p.startsOn} – ${p.endsOn})`,
      );
    if (p.sentOn !== null && p.sentOn < p.createdOn) wrong('sent before it was made');
    if (p.acceptedOn !== null && (p.sentOn === null || p.acceptedOn < p.sentOn)) wrong('accepted before it was sent');
    if ([p.createdOn, p.sentOn, p.acceptedOn, p.updatedOn].some((t) => t !== null && t > anchor))
      wrong('in the future');
    const { startsOn, endsOn } = p;
    if (startsOn === null || endsOn === null) {
      wrong('no term');
      continue;
    }
    if (endsOn <= startsOn) wrong('its term ends before it starts');
    const accepted = p.acceptedOn !== null;
    switch (p.statusName) {
      case 'Draft':
        if (p.sentOn !== null || accepted) wrong('a draft that was sent');
        if (endsOn < day(anchor)) wrong('a draft for a term that is over');
        break;
      case 'Sent':
        if (p.sentOn === null || accepted) wrong('not simply sent');
        else if (p.sentOn < daysBefore(OPEN_DAYS)) wrong(`still open more than ${OPEN_DAYS} days after it was sent`);
        if (endsOn < day(anchor)) wrong('awaiting acceptance for a term that is over');
        break;
      case 'Accepted':
        if (!accepted) wrong('accepted without a date');
        else if (day(p.acceptedOn!) > startsOn) wrong('accepted after its term began');
        if (endsOn < day(anchor)) wrong('its term is over but it was neither renewed nor ended');
        break;
      case 'Renewed':
        if (!accepted) wrong('renewed without being accepted');
        if (endsOn > day(daysAfter(OPEN_DAYS))) wrong('renewed long before its term ends');
        break;
      case 'Declined':
        if (p.sentOn === null || accepted) wrong('declined without being sent, or after being accepted');
        if (day(p.updatedOn) > startsOn) wrong('declined after its term began');
        break;
      case 'Expired':
        if (p.sentOn === null || accepted) wrong('expired without being sent, or after being accepted');
        else if (p.sentOn > daysBefore(OPEN_DAYS)) wrong('expired while still open');
        if (startsOn > day(anchor)) wrong('expired before its term began');
        break;
    }
  }
  return problems;
};

const billNumbers: Check = (practice) => {
  const problems: string[] = [];
  const numberOf = (billNumber: string) => Number(billNumber.replace(/\D/g, ''));
  const bills = [...practice.bills.values()].sort(
    (a, b) => a.billDate.localeCompare(b.billDate) || numberOf(a.billNumber) - numberOf(b.billNumber),
  );
  bills.forEach((bill, i) => {
    const previous = bills[i - 1];
    if (previous && numberOf(previous.billNumber) >= numberOf(bill.billNumber))
      problems.push(`${bill.billNumber} of ${bill.billDate} after ${previous.billNumber} of ${previous.billDate}`);
  });
  // The number is the bill's wherever it is quoted: its payments and its recurring run.
  for (const payment of practice.payments.values()) {
    const bill = payment.billingId === null ? undefined : practice.bills.get(payment.billingId);
    if (payment.billNumber !== bill?.billNumber)
      problems.push(`payment ${payment.paymentId} quotes ${payment.billNumber}`);
  }
  for (const run of [...practice.recurringRuns.values()].flat())
    if (run.billingId !== null && practice.bills.get(run.billingId)?.billNumber !== run.billNumber)
      problems.push(`recurring run ${run.runId} quotes ${run.billNumber}`);
  return problems;
};

const CHECKS: readonly (readonly [string, Check])[] = [
  ['every lead with a company has a company-like name, not its contact person', leadCompanies],
  ["every client's address, phones, tax number and e-mail are of its own office's country", clientsInTheirCountry],
  ['every proposal is in a state its dates allow', proposalStates],
  ['bill numbers increase with the bill date, and payments and runs quote them', billNumbers],
];

const SIZE_NAMES: readonly (keyof typeof SIZES)[] = ['small', 'large'];

describe.each(SIZE_NAMES)('the %s demo data', (size) => {
  const practices = generateDemoData({ seed: 42, size, anchor: ANCHOR });

  it('has each kind of record to check in every practice', () => {
    for (const practice of practices) {
      const leads = [...practice.leads.values()];
      expect(leads.some((l) => l.companyName !== null)).toBe(true);
      expect(new Set([...practice.proposals.values()].map((p) => p.statusName)).size).toBeGreaterThanOrEqual(5);
      expect(practice.bills.size).toBeGreaterThan(50);
    }
    // The ANZ practice has clients in both countries (its Auckland office's are New Zealanders).
    const countries = new Set([...practices[0]!.entities.values()].map((e) => countryOfPlace(e.officeName ?? '')));
    expect([...countries].sort()).toEqual(['AU', 'NZ']);
  });

  it.each(CHECKS)('%s', (_, check) => {
    for (const practice of practices) {
      const problems = check(practice);
      expect(problems.slice(0, 5), `${practice.profile.region}: ${problems.length} problems`).toEqual([]);
    }
  });
});
