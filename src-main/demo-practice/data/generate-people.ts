import type { Contact, Entity, User } from '../../../src-preload/contract/partner-api';
import type { EntityProfile } from '../state/practice-state';
import { addDays, addMs, isoDate, isoDateTime } from './dates';
import { localEmailDomains } from './local-details';
import type { Random } from './random';
import type { RegionProfile } from './regions/region-profile';

export interface PeopleContext {
  random: Random;
  region: RegionProfile;
  countryCode: string;
  anchor: Date;
  offices: readonly string[];
}

const roles = [
  'Partner',
  'Partner',
  'Manager',
  'Manager',
  'Senior Accountant',
  'Accountant',
  'Accountant',
  'Bookkeeper',
  'Administrator',
  'Graduate Accountant',
] as const;

/** A time between `from` and `to`, biased towards `to` (most records were touched recently). */
export function recentBetween(random: Random, from: Date, to: Date): Date {
  const span = to.getTime() - from.getTime();
  const skew = 1 - random.next() ** 2.2;
  return addMs(from, Math.max(0, Math.floor(span * (1 - skew * 0.999))));
}

function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.|\.$/g, '');
}

export function generateUsers(ctx: PeopleContext, count: number, practiceDomain: string): User[] {
  const random = ctx.random.fork('users');
  return Array.from({ length: count }, (_, i) => {
    const person = ctx.region.personName(random);
    return {
      userKey: random.uuid(),
      userID: 1001 + i,
      userFirstName: person.firstName,
      userLastName: person.surname,
      userEmail: `${slug(person.firstName)}.${slug(person.surname)}@${practiceDomain}`,
      roleName: i === 0 ? 'Managing Partner' : (roles[i % roles.length] ?? 'Accountant'),
      userMobileNumber: random.chance(0.8) ? ctx.region.mobile(random, ctx.countryCode) : null,
      meetingLink: random.chance(0.5) ? `https://meet.example.com/${slug(person.firstName)}-${random.hex(6)}` : null,
      hasSignature: random.chance(0.6),
      updatedOn: isoDateTime(recentBetween(random, addDays(ctx.anchor, -700), addDays(ctx.anchor, -1))),
    };
  });
}

function initialsOf(...parts: (string | null)[]): string {
  return parts
    .filter((p): p is string => Boolean(p))
    .map((p) => p.trim()[0]?.toUpperCase() ?? '')
    .join('');
}

function codeFor(name: string, seq: number): string {
  const letters = name
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toUpperCase()
    .padEnd(4, 'X')
    .slice(0, 4);
  return `${letters}${String(seq).padStart(5, '0')}`;
}

export interface GeneratedClient {
  entity: Entity;
  profile: EntityProfile;
  /** The country of the client's office: its names, address, phones, tax number and mail are of that country. */
  countryCode: string;
}

/**
 * Clients: individuals and businesses in the region's mix, a few terminated, updatedOn spread over three
 * years. Each is a client of one office and lives in that office's country (the ANZ practice's Auckland
 * clients are New Zealanders).
 */
export function generateClients(ctx: PeopleContext, count: number): GeneratedClient[] {
  const random = ctx.random.fork('clients');
  const start = addDays(ctx.anchor, -3 * 365);
  const clients: GeneratedClient[] = [];
  for (let i = 0; i < count; i++) {
    const isIndividual = random.chance(0.48);
    const officeName = random.pick(ctx.offices);
    const cc = ctx.region.officeCountryCode(officeName);
    const createdOn = recentBetween(random, start, addDays(ctx.anchor, -2));
    const updatedOn = recentBetween(random, createdOn, addDays(ctx.anchor, -0.01));
    const address = ctx.region.address(random, cc);
    const addressLines = [
      address.line1,
      ...(address.line2 ? [address.line2] : []),
      [address.city, address.state, address.postcode].filter(Boolean).join(' '),
    ];
    let entity: Entity;
    let profile: EntityProfile;
    if (isIndividual) {
      const person = ctx.region.personName(random, cc);
      const fullName = `${person.firstName} ${person.surname}`;
      const birth = addDays(ctx.anchor, -random.int(19 * 365, 85 * 365));
      entity = {
        entityKey: random.uuid(),
        externalSystemID: random.chance(0.7) ? `CUS-${random.int(10000, 99999)}` : null,
        entityCode: codeFor(person.surname, i + 1),
        fullEntityName: fullName,
        entitySalutation: random.chance(0.15)
          ? person.firstName.slice(0, Math.max(3, Math.ceil(person.firstName.length / 2)))
          : person.firstName,
        entityInitials: initialsOf(person.firstName, person.surname),
        entityBirthDate: isoDate(birth),
        entityEmail: random.chance(0.9)
          ? `${slug(person.firstName)}.${slug(person.surname)}${random.int(1, 99)}@${random.pick(localEmailDomains(ctx.region, cc))}`
          : null,
        entityTelephone: random.chance(0.35) ? ctx.region.landline(random, cc, address) : null,
        entityMobile: random.chance(0.88) ? ctx.region.mobile(random, cc) : null,
        entitySalesTaxNumber: random.chance(0.1) ? ctx.region.salesTaxNumber(random, cc) : null,
        entityRegNumber: null,
        entityTerminated: random.chance(0.06),
        entityType: 'Individual',
        officeName,
        isTaxEntity: random.chance(0.95),
        updatedOn: isoDateTime(updatedOn),
      };
      profile = {
        isIndividual,
        givenName: person.firstName,
        surname: person.surname,
        otherName: null,
        addressLines,
        createdOn: isoDateTime(createdOn),
      };
    } else {
      const business = ctx.region.businessName(random, cc);
      const tradingName = business.name.replace(/\s+(Pty Ltd|Pty Limited|\(Pty\) Ltd|Limited|Ltd|PLC|LLP|CC)$/i, '');
      const domain = ctx.region.emailDomainFor(business.name, cc);
      entity = {
        entityKey: random.uuid(),
        externalSystemID: random.chance(0.75) ? `CUS-${random.int(10000, 99999)}` : null,
        entityCode: codeFor(business.name.replace(/^The\s+/i, ''), i + 1),
        fullEntityName: business.name,
        entitySalutation: tradingName,
        entityInitials: initialsOf(
          ...business.name
            .replace(/^The\s+/i, '')
            .split(/\s+/)
            .slice(0, 3),
        ),
        entityBirthDate: null,
        entityEmail: random.chance(0.92) ? `${random.pick(['accounts', 'admin', 'info', 'office'])}@${domain}` : null,
        entityTelephone: random.chance(0.8) ? ctx.region.landline(random, cc, address) : null,
        entityMobile: random.chance(0.45) ? ctx.region.mobile(random, cc) : null,
        entitySalesTaxNumber: random.chance(0.85) ? ctx.region.salesTaxNumber(random, cc) : null,
        entityRegNumber: /Company|Close Corporation|Limited Liability/.test(business.entityType)
          ? ctx.region.companyRegistrationNumber(random, cc, business.entityType)
          : null,
        entityTerminated: random.chance(0.06),
        entityType: business.entityType,
        officeName,
        isTaxEntity: business.entityType !== 'Partnership' || random.chance(0.5),
        updatedOn: isoDateTime(updatedOn),
      };
      profile = {
        isIndividual,
        givenName: null,
        surname: business.name,
        otherName: tradingName !== business.name ? tradingName : null,
        addressLines,
        createdOn: isoDateTime(createdOn),
      };
    }
    clients.push({ entity, profile, countryCode: cc });
  }
  return clients;
}

const businessPositions = [
  'Director',
  'Director',
  'Owner',
  'Bookkeeper',
  'Financial Controller',
  'Office Manager',
  'Trustee',
  'Partner',
] as const;

/** 1–3 contacts per client (average ≈ 2.1); about 5% soft-deleted. */
export function generateContacts(
  ctx: PeopleContext,
  clients: readonly GeneratedClient[],
  firstIds: { entityContactID: number; contactID: number },
): Contact[] {
  const random = ctx.random.fork('contacts');
  const contacts: Contact[] = [];
  let entityContactID = firstIds.entityContactID;
  let contactID = firstIds.contactID;
  for (const { entity, profile, countryCode } of clients) {
    const count = random.weighted([
      [1, 25],
      [2, 40],
      [3, 35],
    ] as const);
    for (let n = 0; n < count; n++) {
      const self = profile.isIndividual && n === 0;
      const person = self
        ? { firstName: profile.givenName ?? '', surname: profile.surname ?? '' }
        : ctx.region.personName(random, countryCode);
      const created = new Date(profile.createdOn);
      contacts.push({
        entityContactID: entityContactID++,
        entityKey: entity.entityKey,
        contactID: contactID++,
        contactName: person.firstName,
        contactSurname: person.surname,
        email: random.chance(0.85)
          ? `${slug(person.firstName)}.${slug(person.surname)}@${random.pick(localEmailDomains(ctx.region, countryCode))}`
          : null,
        mobile: random.chance(0.8) ? ctx.region.mobile(random, countryCode) : null,
        position: self
          ? 'Self'
          : profile.isIndividual
            ? random.pick(['Spouse', 'Partner', 'Adult child', 'Financial adviser'])
            : random.pick(businessPositions),
        isPrimary: n === 0,
        isDeleted: n > 0 && random.chance(0.07),
        updatedOn: isoDateTime(recentBetween(random, created, addDays(ctx.anchor, -0.01))),
      });
    }
  }
  return contacts;
}
