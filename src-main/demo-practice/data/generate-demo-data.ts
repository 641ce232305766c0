import type { Contact, Region } from '../../../src-preload/contract/partner-api';
import { SIZES } from '../options';
import type { PracticeProfile, PracticeState } from '../state/practice-state';
import { startOfUtcDay } from './dates';
import { generateBilling } from './generate-billing';
import {
  eformTemplates,
  generateCatalogs,
  generateLedger,
  generateProposalTemplates,
  generateServices,
  onboardingStatuses,
} from './generate-catalogs';
import { generateIdVerifications } from './generate-identity';
import { generateClients, generateContacts, generateUsers, type PeopleContext } from './generate-people';
import { generateLeads, generateOnboardings, generateProposals } from './generate-work';
import { createRandom, type Random } from './random';
import { regionProfile } from './regions/region-profile';

export interface GenerateOptions {
  seed: number;
  size: keyof typeof SIZES;
  /** "Today" of the generated history; every timestamp is before it. */
  anchor: Date;
}

interface PracticePlan {
  region: Region;
  countryCode: string;
  clientShare: number;
  priceFactor: number;
  brandColour: string;
  ledgerConnected: boolean;
  payLinksEnabled: boolean;
  wallet: PracticeState['wallet'];
}

/**
 * Three practices in different regions; the UK one is a third of the first's size, the South African one
 * a fifth (decisions doc). Each draws from its own fork of the random source, so adding a practice at the
 * end leaves the earlier ones exactly as they were for the same seed.
 */
const plans: readonly PracticePlan[] = [
  {
    region: 'ANZ',
    countryCode: 'AU',
    clientShare: 1,
    priceFactor: 1,
    brandColour: '#1f6feb',
    ledgerConnected: true,
    payLinksEnabled: true,
    wallet: { eformCredits: 500, smsCredits: 200, idCheckCredits: 150 },
  },
  {
    region: 'UK',
    countryCode: 'GB',
    clientShare: 1 / 3,
    priceFactor: 0.55,
    brandColour: '#8250df',
    ledgerConnected: false,
    payLinksEnabled: false,
    wallet: { eformCredits: 25, smsCredits: 0, idCheckCredits: 10 },
  },
  // Rand prices: roughly what a South African practice charges for the same work (about six rand to every Australian dollar of the first practice's fees).
  {
    region: 'ZA',
    countryCode: 'ZA',
    clientShare: 1 / 5,
    priceFactor: 6,
    brandColour: '#1a7f37',
    ledgerConnected: false,
    payLinksEnabled: true,
    wallet: { eformCredits: 60, smsCredits: 40, idCheckCredits: 20 },
  },
];

function credentials(random: Random) {
  return { clientId: random.uuid(), secret: `sk_${random.hex(40)}` };
}

/**
 * The whole demo data set as a pure function of (seed, size, anchor): the same inputs give the same
 * practices, credentials, keys, names and amounts on every machine.
 */
export function generateDemoData(options: GenerateOptions): PracticeState[] {
  const anchor = startOfUtcDay(options.anchor);
  const root = createRandom(options.seed);
  return plans.map((plan, index) =>
    generatePractice(
      root.fork(`practice-${index}`),
      plan,
      index,
      anchor,
      Math.round(SIZES[options.size].clients * plan.clientShare),
    ),
  );
}

function generatePractice(
  random: Random,
  plan: PracticePlan,
  index: number,
  anchor: Date,
  clientCount: number,
): PracticeState {
  const region = regionProfile(plan.region);
  const country = region.countries.find((c) => c.countryCode === plan.countryCode) ?? region.countries[0];
  if (!country) throw new Error(`No country ${plan.countryCode} in region ${plan.region}`);
  const name = region.practiceNames[0] ?? 'Demo Practice';
  const domain = region.emailDomainFor(name);
  const identity = random.fork('identity-keys');
  const address = region.address(identity, plan.countryCode);
  const taxRate = region.taxRateFor(plan.countryCode);
  const profile: PracticeProfile = {
    practiceKey: identity.uuid(),
    name,
    region: plan.region,
    countryCode: plan.countryCode,
    currency: country.currency,
    locale: country.locale,
    timeZone: country.timeZone,
    taxLabel: region.taxLabel,
    taxRate,
    taxNumber: region.salesTaxNumber(identity, plan.countryCode),
    addressLines: [address.line1, [address.city, address.state, address.postcode].filter(Boolean).join(' ')],
    email: `hello@${domain}`,
    phone: region.landline(identity, plan.countryCode, address),
    brandColour: plan.brandColour,
    payLinksEnabled: plan.payLinksEnabled,
    readWrite: credentials(identity),
    readOnly: credentials(identity),
  };

  const ctx: PeopleContext = { random, region, countryCode: plan.countryCode, anchor, offices: region.offices };
  const users = generateUsers(ctx, Math.max(6, Math.min(40, Math.round(clientCount / 500) + 8)), domain);
  const clients = generateClients(ctx, clientCount);
  const contacts = generateContacts(ctx, clients, {
    entityContactID: 1 + index * 1_000_000,
    contactID: 50_001 + index * 1_000_000,
  });
  const contactsByEntity = new Map<string, Contact[]>();
  for (const contact of contacts) {
    const list = contactsByEntity.get(contact.entityKey);
    if (list) list.push(contact);
    else contactsByEntity.set(contact.entityKey, [contact]);
  }
  const salesTax = region.salesTaxWork(plan.countryCode);
  const services = generateServices(plan.priceFactor, taxRate, salesTax);
  const proposals = generateProposals(ctx, clients, contactsByEntity, services, users, country.currency);
  const engagementByEntity = new Map<string, string>();
  for (const proposal of proposals)
    if (!engagementByEntity.has(proposal.entityKey)) engagementByEntity.set(proposal.entityKey, proposal.engagementKey);
  const ids = {
    onboardingID: 20_001 + index * 100_000,
    entityOnboardingId: 40_001 + index * 10_000_000,
    documentId: 60_001 + index * 10_000_000,
    leadID: 1 + index * 10_000_000,
    noteID: 1 + index * 10_000_000,
  };
  const work = generateOnboardings(ctx, clients, contactsByEntity, users, (key) => engagementByEntity.get(key), ids);
  const leads = generateLeads(ctx, Math.round(clientCount * 0.15), users, clients, ids);
  const idOffset = index * 10_000_000;
  const billing = generateBilling({ ctx, profile, clients, services, ledgerConnected: plan.ledgerConnected, idOffset });

  return {
    profile,
    wallet: { ...plan.wallet },
    entities: new Map(clients.map((c) => [c.entity.entityKey, c.entity])),
    entityProfiles: new Map(clients.map((c) => [c.entity.entityKey, c.profile])),
    contacts: new Map(contacts.map((c) => [c.entityContactID, c])),
    users: new Map(users.map((u) => [u.userKey, u])),
    onboardingStatuses,
    onboardings: new Map(work.onboardings.map((o) => [o.onboardingKey, o])),
    onboardingDocuments: work.documents,
    customFields: new Map(),
    recipientAccess: new Map(),
    customFieldLabels: new Map([
      [1, 'Preferred contact method'],
      [2, 'Financial year end'],
      [3, 'Referral source'],
      [4, 'Partner responsible'],
    ]),
    eformTemplates,
    eforms: new Map(work.eforms.map((f) => [f.formKey, f])),
    eformsSentByDay: new Map(),
    leads: new Map(leads.leads.map((l) => [l.leadKey, l])),
    leadNotes: leads.notes,
    services,
    proposals: new Map(proposals.map((p) => [p.proposalKey, p])),
    proposalTemplates: generateProposalTemplates(),
    catalogs: generateCatalogs(salesTax),
    bills: new Map(billing.bills.map((b) => [b.billingId, b])),
    collections: billing.collections,
    payments: new Map(billing.payments.map((p) => [p.paymentId, p])),
    recurringBillings: billing.recurringBillings,
    recurringRuns: billing.recurringRuns,
    statements: new Map(billing.statements.map((s) => [s.statementId, s])),
    idVerifications: generateIdVerifications(ctx, clients),
    amlChecks: [],
    ledger: generateLedger(
      random.fork('ledger'),
      plan.ledgerConnected,
      anchor,
      region.taxLabel,
      taxRate,
      name,
      salesTax,
    ),
    webhooks: new Map(),
    nextIds: {
      contact: 50_001 + index * 1_000_000 + contacts.length,
      entityContact: 1 + index * 1_000_000 + contacts.length,
      lead: ids.leadID,
      note: ids.noteID,
      bill: 100_001 + idOffset + billing.bills.length,
      billNumber: billing.nextBillNumber,
      billLine: 9_000_000 + idOffset,
      webhook: 1 + index * 1000,
      entityCode: clientCount + 1,
      onboardingDocument: ids.documentId,
    },
  };
}
