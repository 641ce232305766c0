import type {
  Contact,
  Lead,
  LeadNote,
  Onboarding,
  OnboardingDocumentsEntity,
  ProposalDetail,
  ProposalService,
  User,
} from '../../../src-preload/contract/partner-api';
import type { EformRecord } from '../state/practice-state';
import { shiftDay } from '../../../src-preload/contract/iso-day';
import { addDays, addMs, DAY_MS, isoDate, isoDateTime, round2 } from './dates';
import { eformTemplates, onboardingStatuses } from './generate-catalogs';
import { recentBetween, type GeneratedClient, type PeopleContext } from './generate-people';
import { companyName, localEmailDomains } from './local-details';
import { proposalTimeline } from './proposal-timeline';
import type { Random } from './random';
import { uploadedFileKind } from '../uploads/uploaded-file-kinds';

function shuffled<T>(random: Random, items: readonly T[]): T[] {
  const list = [...items];
  for (let i = list.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [list[i], list[j]] = [list[j] as T, list[i] as T];
  }
  return list;
}

const documentKinds = [
  'Photo identification',
  'Proof of address',
  'Prior-year tax return',
  'Bank statement',
  'Trust deed',
  'Company constitution',
] as const;

export interface WorkIds {
  onboardingID: number;
  entityOnboardingId: number;
  documentId: number;
  leadID: number;
  noteID: number;
}

/** Onboardings (≈0.42 per client) with recipients from the client's contacts, their eForm and document requests. */
export function generateOnboardings(
  ctx: PeopleContext,
  clients: readonly GeneratedClient[],
  contactsByEntity: Map<string, Contact[]>,
  users: readonly User[],
  engagementOf: (entityKey: string) => string | undefined,
  ids: WorkIds,
) {
  const random = ctx.random.fork('onboardings');
  const onboardings: Onboarding[] = [];
  const documents = new Map<string, OnboardingDocumentsEntity[]>();
  const eforms: EformRecord[] = [];
  for (const { entity, profile } of clients) {
    if (!random.chance(entity.entityTerminated ? 0.1 : 0.44)) continue;
    const status = random.weighted([
      [1, 8],
      [2, 30],
      [3, 12],
      [4, 45],
      [5, 5],
    ] as const);
    const createdOn = recentBetween(random, new Date(profile.createdOn), addDays(ctx.anchor, -0.5));
    const sentOn = status >= 2 ? addMs(createdOn, random.int(600_000, 3 * DAY_MS)) : null;
    const submittedOn =
      status >= 3 && status !== 5 && sentOn ? addMs(sentOn, random.int(3_600_000, 12 * DAY_MS)) : null;
    const completedOn = status === 4 && submittedOn ? addMs(submittedOn, random.int(3_600_000, 6 * DAY_MS)) : null;
    const last = [completedOn, submittedOn, sentOn, createdOn].find((d): d is Date => d !== null) ?? createdOn;
    const updatedOn = last > ctx.anchor ? addMs(ctx.anchor, -60_000) : last;
    const creator = random.pick(users);
    const people = (contactsByEntity.get(entity.entityKey) ?? [])
      .filter((c) => !c.isDeleted)
      .slice(0, random.int(1, 2));
    const formKey = random.uuid();
    const templateId = profile.isIndividual ? 101 : entity.entityType === 'Trust' ? 107 : 102;
    const stamp = (d: Date | null) =>
      d && d > ctx.anchor ? isoDateTime(addMs(ctx.anchor, -60_000)) : d ? isoDateTime(d) : null;
    const onboarding: Onboarding = {
      onboardingKey: random.uuid(),
      onboardingID: ids.onboardingID++,
      entityKey: entity.entityKey,
      statusID: status,
      statusName: onboardingStatuses.find((s) => s.statusID === status)?.statusName ?? 'In progress',
      createdOn: isoDateTime(createdOn),
      sentOn: stamp(sentOn),
      submittedOn: stamp(submittedOn),
      completedOn: stamp(completedOn),
      updatedOn: isoDateTime(updatedOn),
      createdByKey: creator.userKey,
      approverKey: status >= 3 && status !== 5 ? random.pick(users).userKey : null,
      engagementKey: engagementOf(entity.entityKey) ?? random.uuid(),
      formKey,
      recipients: people.map((person, i) => ({
        recipientKey: random.uuid(),
        name: person.contactName,
        surname: person.contactSurname,
        email: person.email,
        mobile: person.mobile,
        sendOrder: i + 1,
        sentOn: stamp(sentOn),
        submittedOn: stamp(submittedOn),
      })),
    };
    onboardings.push(onboarding);
    eforms.push({
      formKey,
      stackKey: null,
      stackPosition: 1,
      name: eformTemplates.find((t) => t.templateId === templateId)?.name ?? 'Onboarding',
      templateId,
      entityKey: entity.entityKey,
      recipientName: people[0] ? `${people[0].contactName} ${people[0].contactSurname}` : entity.fullEntityName,
      recipientEmail: people[0]?.email ?? entity.entityEmail,
      recipientMobile: people[0]?.mobile ?? entity.entityMobile,
      status: submittedOn ? 'submitted' : sentOn ? 'sent' : 'draft',
      sendSms: false,
      mute: false,
      emailSubject: null,
      emailContent: null,
      createdOn: isoDateTime(createdOn),
      sentOn: stamp(sentOn),
      submittedOn: stamp(submittedOn),
    });
    const kinds = random.int(2, 4);
    documents.set(onboarding.onboardingKey, [
      {
        entityOnboardingId: ids.entityOnboardingId++,
        entityKey: entity.entityKey,
        entityName: entity.fullEntityName,
        documents: Array.from({ length: kinds }, (_, k) => {
          const name = documentKinds[(k + (profile.isIndividual ? 0 : 2)) % documentKinds.length] ?? 'Document';
          const uploaded = status >= 3 ? random.chance(0.85) : status === 2 ? random.chance(0.3) : false;
          const bypassed = !uploaded && status >= 3 && random.chance(0.3);
          return {
            documentId: ids.documentId++,
            name,
            description: null,
            isRequired: k < 2,
            isUploaded: uploaded,
            isBypassed: bypassed,
            fileName: uploaded ? uploadedFileKind(name).fileName : null,
            uploadedOn: uploaded ? stamp(submittedOn ?? sentOn) : null,
          };
        }),
      },
    ]);
  }
  return { onboardings, documents, eforms };
}

const leadSources = ['Website', 'Referral', 'Seminar', 'LinkedIn', 'Existing client'] as const;
const noteTexts = [
  'Called and left a voicemail.',
  'Interested in a fixed-fee compliance package.',
  'Sent our capability statement and fee guide.',
  'Meeting booked for next week.',
  'Wants a quote for bookkeeping and payroll.',
  'Switching from their current accountant after year end.',
];

export function generateLeads(
  ctx: PeopleContext,
  count: number,
  users: readonly User[],
  clients: readonly GeneratedClient[],
  ids: WorkIds,
) {
  const random = ctx.random.fork('leads');
  const leads: Lead[] = [];
  const notes = new Map<string, LeadNote[]>();
  for (let i = 0; i < count; i++) {
    const person = ctx.region.personName(random, ctx.countryCode);
    const isBusiness = random.chance(0.5);
    const createdOn = recentBetween(random, addDays(ctx.anchor, -400), addDays(ctx.anchor, -1));
    const statusName = random.weighted([
      ['New', 25],
      ['Contacted', 25],
      ['Qualified', 20],
      ['Converted', 15],
      ['Lost', 15],
    ] as const);
    const leadKey = random.uuid();
    const leadNotes: LeadNote[] = Array.from({ length: random.int(0, 3) }, (_, n) => ({
      noteID: ids.noteID++,
      leadKey,
      text: random.pick(noteTexts),
      createdByKey: random.pick(users).userKey,
      createdOn: isoDateTime(addMs(createdOn, (n + 1) * random.int(3_600_000, 5 * DAY_MS))),
    })).filter((note) => note.createdOn < isoDateTime(ctx.anchor));
    notes.set(leadKey, leadNotes);
    const converted = statusName === 'Converted' && clients.length > 0 ? random.pick(clients).entity.entityKey : null;
    const company = isBusiness ? companyName(random, ctx.region, ctx.countryCode) : null;
    // A prospect writes from their business's domain when they have one.
    const mailDomain = company
      ? ctx.region.emailDomainFor(company, ctx.countryCode)
      : random.pick(localEmailDomains(ctx.region, ctx.countryCode));
    leads.push({
      leadKey,
      leadID: ids.leadID++,
      name: person.firstName,
      surname: person.surname,
      companyName: company,
      email: random.chance(0.9) ? `${person.firstName.toLowerCase().replace(/[^a-z]/g, '')}@${mailDomain}` : null,
      mobile: random.chance(0.7) ? ctx.region.mobile(random, ctx.countryCode) : null,
      source: random.pick(leadSources),
      statusName,
      assignedUserKey: random.chance(0.8) ? random.pick(users).userKey : null,
      convertedEntityKey: converted,
      noteCount: leadNotes.length,
      createdOn: isoDateTime(createdOn),
      updatedOn: leadNotes.at(-1)?.createdOn ?? isoDateTime(createdOn),
    });
  }
  return { leads, notes };
}

/** ≈0.9 proposals per active client, each in a state its dates agree with: pricing from the catalog, invoices, recurring billings and jobs. */
export function generateProposals(
  ctx: PeopleContext,
  clients: readonly GeneratedClient[],
  contactsByEntity: Map<string, Contact[]>,
  services: readonly ProposalService[],
  users: readonly User[],
  currency: string,
) {
  const random = ctx.random.fork('proposals');
  const salesTaxJob = ctx.region.salesTaxWork(ctx.countryCode).job;
  const proposals: ProposalDetail[] = [];
  let billingID = 9001;
  let jobID = 7001;
  for (const { entity, profile } of clients) {
    if (entity.entityTerminated || !random.chance(0.9)) continue;
    const { statusName, createdOn, sentOn, acceptedOn, startsOn, endsOn, updatedOn } = proposalTimeline(
      random,
      new Date(profile.createdOn),
      ctx.anchor,
    );
    const picked = shuffled(random, services).slice(0, random.int(1, 4));
    const lines = picked.map((service) => {
      const quantity = service.serviceType === 'Hourly' ? random.int(2, 20) : 1;
      const lineTotal = round2((service.price + service.taxAmount) * quantity);
      return {
        serviceID: service.serviceID,
        serviceName: service.name,
        price: service.price,
        quantity,
        taxAmount: round2(service.taxAmount * quantity),
        lineTotal,
      };
    });
    const servicesTotal = round2(lines.reduce((sum, line) => sum + line.lineTotal, 0));
    const signatory = (contactsByEntity.get(entity.entityKey) ?? []).find((c) => c.isPrimary);
    const invoices = random.chance(0.6)
      ? [
          {
            billingID: billingID++,
            description: 'Initial fee',
            amount: round2(servicesTotal * 0.5),
            billOn: isoDate(startsOn),
            kind: 'invoice' as const,
            frequency: null,
          },
        ]
      : [];
    const recurring = random.chance(0.3)
      ? [
          {
            billingID: billingID++,
            description: 'Monthly instalments',
            amount: round2(servicesTotal / 12),
            billOn: isoDate(startsOn),
            kind: 'recurring' as const,
            frequency: 'Monthly',
          },
        ]
      : [];
    const engagementKey = random.uuid();
    const name = `${isoDate(startsOn).slice(0, 4)} ${picked[0]?.name ?? 'Services'} — ${entity.fullEntityName}`;
    proposals.push({
      proposalKey: random.uuid(),
      engagementKey,
      entityKey: entity.entityKey,
      name,
      statusName,
      servicesTotal,
      createdOn: isoDateTime(createdOn),
      sentOn: sentOn ? isoDateTime(sentOn) : null,
      acceptedOn: acceptedOn ? isoDateTime(acceptedOn) : null,
      startsOn: isoDate(startsOn),
      endsOn: isoDate(endsOn),
      renewedFromKey: null,
      updatedOn: isoDateTime(updatedOn),
      signatoryName: signatory ? `${signatory.contactName} ${signatory.contactSurname}` : null,
      signatoryEmail: signatory?.email ?? null,
      createdByKey: random.pick(users).userKey,
      pricing: {
        engagementKey,
        name,
        statusName,
        createBills: invoices.length > 0 || recurring.length > 0,
        servicesTotal,
        invoicesTotal: round2(invoices.reduce((sum, invoice) => sum + invoice.amount, 0)),
        services: lines,
        invoices,
        recurringBillings: recurring,
        jobs: Array.from({ length: random.int(0, 3) }, () => ({
          jobID: jobID++,
          name: random.pick(['Year-end accounts', 'Tax return', salesTaxJob, 'Advisory meeting']),
          system: random.pick(['pm', 'dms'] as const),
          templateID: random.pick([301, 302, 303, 305]),
          dueOn: shiftDay(isoDate(startsOn), random.int(30, 200)),
        })),
      },
      externalProjects:
        statusName === 'Accepted' && random.chance(0.3)
          ? [
              {
                id: random.int(10_000, 99_999),
                name: `${entity.entityCode} ${picked[0]?.name ?? 'Project'}`,
                budget: servicesTotal,
                budgetUnits: currency,
                normalBillingRate: 180,
                hoursPerDay: 7.5,
                billingPeriod: 'Monthly',
                currency,
                isIr35: false,
                includeUnbilledTimeInProfitability: true,
                startsOn: isoDateTime(startsOn),
                endsOn: isoDateTime(endsOn),
              },
            ]
          : [],
    });
  }
  return proposals;
}
