import type {
  AmlCheck,
  BillDetail,
  Contact,
  EformTemplate,
  Entity,
  ExternalProject,
  Lead,
  LeadNote,
  Onboarding,
  OnboardingDocumentsEntity,
  OnboardingStatus,
  PaymentDetail,
  ProposalDetail,
  ProposalService,
  RecurringBillingRun,
  Region,
  StatementDetail,
  User,
  WebhookSubscription,
} from '../../../src-preload/contract/partner-api';
import type { z } from 'zod';
import type {
  catalogItemSchema,
  ledgerAccountSchema,
  ledgerBrandingThemeSchema,
  ledgerStatusSchema,
  ledgerTaxRateSchema,
  proposalTemplateSchema,
  recurringBillingDetailSchema,
} from '../../../src-preload/contract/partner-api';

export interface Credentials {
  clientId: string;
  secret: string;
}

/** The practice itself: identity, region, branding and the billing settings that gate billable actions. */
export interface PracticeProfile {
  practiceKey: string;
  name: string;
  region: Region;
  countryCode: string;
  currency: string;
  locale: string;
  timeZone: string;
  taxLabel: string;
  taxRate: number;
  taxNumber: string;
  addressLines: string[];
  email: string;
  phone: string;
  brandColour: string;
  /** Bills carry a pay link in their PDF and detail when set. */
  payLinksEnabled: boolean;
  readWrite: Credentials;
  readOnly: Credentials;
}

/** Billable allowances: each eForm, SMS and identity check uses one credit; none left → 400. */
export interface Wallet {
  eformCredits: number;
  smsCredits: number;
  idCheckCredits: number;
}

export interface EformRecord {
  formKey: string;
  stackKey: string | null;
  stackPosition: number;
  name: string;
  templateId: number | null;
  /** A custom form's definition as the practice received it (absent for a template's copy). */
  schema?: unknown;
  entityKey: string | null;
  recipientName: string | null;
  recipientEmail: string | null;
  recipientMobile: string | null;
  status: 'draft' | 'sent' | 'submitted';
  sendSms: boolean;
  mute: boolean;
  emailSubject: string | null;
  emailContent: string | null;
  createdOn: string;
  sentOn: string | null;
  submittedOn: string | null;
}

export interface IdVerificationRecord {
  verificationId: string;
  entityKey: string;
  subjectName: string;
  method: string;
  documentType: string | null;
  result: 'verified' | 'failed' | 'pending';
  sentOn: string;
  completedOn: string | null;
  aml: { kind: 'standard' | 'extensive'; result: 'clear' | 'match' | 'pending'; checkedOn: string | null } | null;
}

export interface CollectionInfo {
  collectionStatus: 'None' | 'Reminder sent' | 'Final notice' | 'Payment plan' | 'Debt collection';
  onPaymentPlan: boolean;
  paymentPlanInstalmentsRemaining: number | null;
}

/** What the demo knows about a client beyond the entity record (names for the filters, address for PDFs). */
export interface EntityProfile {
  isIndividual: boolean;
  givenName: string | null;
  surname: string | null;
  /** Trading or other name. */
  otherName: string | null;
  addressLines: string[];
  createdOn: string;
}

export interface PracticeState {
  profile: PracticeProfile;
  wallet: Wallet;
  entities: Map<string, Entity>;
  entityProfiles: Map<string, EntityProfile>;
  contacts: Map<number, Contact>;
  users: Map<string, User>;
  onboardingStatuses: OnboardingStatus[];
  onboardings: Map<string, Onboarding>;
  onboardingDocuments: Map<string, OnboardingDocumentsEntity[]>;
  /** Custom field values by `${onboardingKey}/${entityOnboardingId}`. */
  customFields: Map<string, Map<number, string>>;
  /** Recipients' access to the onboarding's client entities: recipientKey → entityOnboardingId → canEdit (none set: the practice's default). */
  recipientAccess: Map<string, Map<number, boolean>>;
  customFieldLabels: Map<number, string>;
  eformTemplates: EformTemplate[];
  eforms: Map<string, EformRecord>;
  eformsSentByDay: Map<string, number>;
  leads: Map<string, Lead>;
  leadNotes: Map<string, LeadNote[]>;
  services: ProposalService[];
  proposals: Map<string, ProposalDetail & { externalProjectsInternal?: ExternalProject[] }>;
  proposalTemplates: z.infer<typeof proposalTemplateSchema>[];
  catalogs: Record<
    'pm-job-templates' | 'pm-job-categories' | 'pm-staff' | 'dms-job-templates' | 'dms-job-states',
    z.infer<typeof catalogItemSchema>[]
  >;
  bills: Map<number, BillDetail>;
  collections: Map<number, CollectionInfo>;
  payments: Map<number, PaymentDetail>;
  recurringBillings: Map<number, z.infer<typeof recurringBillingDetailSchema>>;
  recurringRuns: Map<number, RecurringBillingRun[]>;
  statements: Map<number, StatementDetail>;
  idVerifications: Map<string, IdVerificationRecord[]>;
  amlChecks: AmlCheck[];
  ledger: {
    status: z.infer<typeof ledgerStatusSchema>;
    accounts: z.infer<typeof ledgerAccountSchema>[];
    taxRates: z.infer<typeof ledgerTaxRateSchema>[];
    brandingThemes: z.infer<typeof ledgerBrandingThemeSchema>[];
  };
  webhooks: Map<number, WebhookSubscription & { secret: string }>;
  /** Monotonic id sources for records created through the API. */
  nextIds: Record<
    | 'contact'
    | 'entityContact'
    | 'lead'
    | 'note'
    | 'bill'
    | 'billNumber'
    | 'billLine'
    | 'webhook'
    | 'entityCode'
    | 'onboardingDocument',
    number
  >;
}
