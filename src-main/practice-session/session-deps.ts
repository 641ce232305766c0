import type { ManagedSettings } from '../../src-preload/contract/managed-policy';
import type { Region } from '../../src-preload/contract/partner-api';
import type { Clock } from '../clock';
import type { EventHub } from '../ipc/event-hub';
import type { Logger } from '../logging/logger';
import type { PartnerApiClientOptions } from '../partner-api/partner-api-client';
import type { RequestBudget } from '../request-budget/request-budget';
import type { HubPins } from '../security/hub-pins';
import type { LiveUpdatesDeps } from './live-updates';
import type { CredentialVault } from '../vault/credential-vault';

/** The embedded demo practice, started on demand (src-main/demo-practice). */
export interface DemoHandle {
  practices: { name: string; region: Region; baseUrl: string; readWrite: { clientId: string; secret: string } }[];
  close(): Promise<void>;
}

/** What the practice session is given (in its own module so each part can name it without importing the whole). */
export interface PracticeSessionDeps {
  vault: CredentialVault;
  fetch: typeof globalThis.fetch;
  /** For the writes the API clients will not resend (see PartnerApiClientOptions.fetchForWrite); default `fetch`. */
  fetchForWrite?: typeof globalThis.fetch;
  clock: Clock;
  events: EventHub;
  regionHosts: Record<Region, string>;
  /** The hosts built into the app: a regional host that differs (a regions file) is confirmed before the secret goes there. */
  builtInRegionHosts: Record<Region, string>;
  startDemo: () => Promise<DemoHandle>;
  /** One request budget per Client ID (src-main/request-budget); absent in tests that are not about limits. */
  budgetFor?: (clientId: string) => RequestBudget;
  /** Deletes the budget kept for a Client ID (src-main/request-budget); called on sign-out of its last practice. */
  forgetBudget?: (clientId: string) => void;
  /** Deletes a practice's cached documents (src-main/documents); called on sign-out. */
  wipeDocuments: (practiceKey: string) => Promise<void>;
  /** How often a resource is re-read whole (reconciliation), when the budget allows. Default one day. */
  reconcileEveryMs?: number;
  newId: () => string;
  /** The API clients' timeout (default 20 s) and the sleep between their own retries (default real time). */
  apiClient?: Pick<PartnerApiClientOptions, 'timeoutMs' | 'sleep'>;
  /**
   * The certificate pins the host's fetch honours (a self-signed hub's fingerprint from its enrolment code);
   * absent: none are kept, so a self-signed hub is refused like any untrusted certificate.
   */
  hubPins?: HubPins;
  /** What the administrator's policy fixes here (src-main/policy): the hub's address, and whether direct connects are allowed. */
  managed?: Pick<ManagedSettings, 'hubUrl' | 'directConnections'>;
  /** Main's log: a sync run's failure is written there (the window already shows it per resource). */
  log?: Pick<Logger, 'error'>;
  /** The hub's change stream's waits (tests shorten them); default 1 s doubling to 60 s, 60 s of silence. */
  liveUpdates?: Pick<LiveUpdatesDeps, 'minRetryMs' | 'maxRetryMs' | 'idleMs'>;
}
