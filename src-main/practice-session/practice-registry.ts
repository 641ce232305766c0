import { authValidationSchema, type Region } from '../../src-preload/contract/partner-api';
import type {
  AddOwnCredentialsInput,
  ConnectHubInput,
  ConnectInput,
  ConnectResult,
  OwnCredentialsInput,
  PracticeSummary,
  SignOutResult,
} from '../../src-preload/contract/practice';
import { describeApiError, PartnerApiError } from '../partner-api/api-errors';
import { vaultProblemText, type SecretStorage } from '../vault/credential-vault';
import {
  bindingRefusal,
  clip,
  regions,
  rejectedCredentialsText,
  signOutMessage,
  unidentifiedRecordText,
} from './connect-rules';
import {
  badEnrolmentCodeText,
  checkHubAddress,
  hubRejectedCodeText,
  pinnedHubNeedsHttpsText,
  readEnrolmentCode,
} from './hub-connect';
import {
  checkOwnCredentials,
  keptDirectCredentialsText,
  ownCredentialsForHub,
  ownCredentialsNeedHubText,
  resolvePartnerAddress,
  type CheckedOwnCredentials,
} from './own-credentials-connect';
import { connectionMove, fixedHubText, movedText, onlyThroughHubText, unstampedCursorsFrom } from './connection-moves';
import { practiceSummary } from './practice-summary';
import type { DemoHandle, PracticeSessionDeps } from './session-deps';
import { attempt, forgetBudgetUnlessShared } from './sign-out-parts';
import type { ClientFactory, KnownPractice } from './targets';

export interface PracticeRegistryDeps extends Pick<
  PracticeSessionDeps,
  | 'vault'
  | 'regionHosts'
  | 'builtInRegionHosts'
  | 'startDemo'
  | 'forgetBudget'
  | 'wipeDocuments'
  | 'hubPins'
  | 'managed'
> {
  client: ClientFactory;
  /** Called before the active practice is signed out (its sync run stops first). */
  leavingActive(): void;
  /** Called before the active practice's connection moves (a run reading the old way stops first). */
  movingActive(): void;
}

/**
 * The practices on this laptop: connecting (and the binding rules of connect-rules.ts), restoring them
 * from the vault, signing out, and which one is active. Every answer is a plain sentence on failure.
 */
export function createPracticeRegistry(deps: PracticeRegistryDeps) {
  let active: string | null = null;
  let demo: DemoHandle | null = null;
  const practices = new Map<string, KnownPractice>();
  const problems = new Map<string, string | null>();
  /** Hub practices' own credentials whose secret is unlocked: what their changes are sent with. */
  const owns = new Map<string, CheckedOwnCredentials>();

  const summary = (p: KnownPractice): PracticeSummary =>
    practiceSummary(p, problems.get(p.practiceKey) ?? null, owns.get(p.practiceKey));

  type Through = NonNullable<KnownPractice['through']>;

  /** The pins are exactly the known practices' hub certificates (a failed connect or a sign-out leaves none behind). */
  function repin(unpinned?: string): void {
    if (unpinned) deps.hubPins?.unpin(unpinned);
    for (const p of practices.values()) if (p.hubCertificate) deps.hubPins?.pin(p.baseUrl, p.hubCertificate);
  }

  async function validate(baseUrl: string, clientId: string, secret: string, through: Through) {
    return (
      await deps
        .client(baseUrl, clientId, secret, through)
        .request('GET', '/auth/validate', authValidationSchema, { priority: 'interactive' })
    ).data;
  }

  async function connectTo(
    baseUrl: string,
    input: ConnectInput,
    isDemo: boolean,
    through: Through = 'partner-api',
    hubCertificate?: string,
    ownInput?: OwnCredentialsInput,
  ): Promise<ConnectResult> {
    let validation;
    try {
      validation = await validate(baseUrl, input.clientId, input.secret, through);
    } catch (error) {
      if (through === 'hub' && error instanceof PartnerApiError && error.status === 401)
        return { ok: false, message: hubRejectedCodeText };
      // The secret goes only to the host the user chose: other regions are suggested, never tried with it.
      if (error instanceof PartnerApiError && error.status === 401 && input.region !== 'custom' && !isDemo) {
        return { ok: false, message: rejectedCredentialsText, otherRegions: regions.filter((r) => r !== input.region) };
      }
      return { ok: false, message: describeApiError(error) };
    }
    // One spelling of the key on this laptop (the document cache and the databases use lower case too):
    // a server answering with another case must meet the binding check, not slip past it.
    const practiceKey = validation.practiceKey.toLowerCase();
    const bound = deps.vault.bindingOf(practiceKey);
    // A saved record that names no readable practice may be this one's: a practice new here waits until it is gone.
    if (!bound && deps.vault.unreadableRecords() > 0) return { ok: false, message: unidentifiedRecordText };
    const previous = practices.get(practiceKey);
    const own =
      through === 'hub'
        ? await ownCredentialsForHub(deps, { practiceKey, name: validation.practiceName, previous }, ownInput)
        : null;
    if (own && !own.ok) return own;
    // A practice on this laptop may change how it connects (connection-moves.ts): to the hub (its direct
    // credentials, or the entered ones, send), back to the Partner API, or to a new enrolment. The server has
    // said it is the same practice, so its local copy, documents and Outbox stay.
    const move = isDemo ? 'none' : connectionMove(previous, through, own?.movesFromDirect === true);
    const refusal =
      move !== 'none'
        ? null
        : bindingRefusal(bound, { baseUrl, clientId: input.clientId, isDemo }, validation.practiceName);
    if (refusal) return { ok: false, message: refusal };
    const cursorsFrom = unstampedCursorsFrom(previous, move);
    // The server chooses the name: kept within what the record and the summary allow.
    const name = clip(validation.practiceName.trim() || 'Practice', 200);
    const record = {
      practiceKey,
      name,
      region: validation.region,
      baseUrl,
      clientId: input.clientId,
      canWrite: validation.canWrite,
      isDemo,
      through,
      ...(hubCertificate ? { hubCertificate } : {}),
      ...(cursorsFrom ? { unstampedCursorsFrom: cursorsFrom } : {}),
    };
    if (move !== 'none' && active === practiceKey) deps.movingActive();
    const storage = await deps.vault.save(record, input.secret, {
      remember: input.remember,
      acceptWeakStorage: input.acceptWeakStorage,
    });
    if (own?.kept) {
      // Kept as the direct record kept its secret; entered ones as the user chose for the hub's token.
      const keep =
        own.keptFromDirect && previous
          ? { remember: previous.storage !== 'session-only', acceptWeakStorage: previous.storage === 'weak-opt-in' }
          : { remember: input.remember, acceptWeakStorage: input.acceptWeakStorage };
      await deps.vault.own.save(own.kept.credentials, own.kept.secret, keep);
      owns.set(practiceKey, own.kept.credentials);
    }
    if (move === 'to-direct') {
      // Sent directly now, with the credentials just checked: the ones kept beside the hub are not needed.
      owns.delete(practiceKey);
      await attempt(() => deps.vault.own.remove(practiceKey));
    }
    practices.set(record.practiceKey, { ...record, storage, backend: '' });
    problems.set(record.practiceKey, null);
    active = record.practiceKey;
    // A hub left, or a new hub certificate: the pins are the known practices' certificates again.
    if (previous?.hubCertificate && previous.hubCertificate !== hubCertificate) repin(previous.baseUrl);
    const connected = { ok: true as const, practice: summary({ ...record, storage, backend: '' }) };
    const notice =
      own?.keptFromDirect && own.kept
        ? keptDirectCredentialsText(name, own.kept.credentials.clientId)
        : movedText(name, move);
    return notice ? { ...connected, notice } : connected;
  }

  /** Forgets a Client ID's budget unless a practice here (its own record or a hub practice's own credentials) uses it. */
  const forgetBudgetOf = (practiceKey: string, clientId: string | undefined): boolean =>
    forgetBudgetUnlessShared(deps, practiceKey, clientId, [
      ...[...practices.values()].map((p) => p.clientId),
      ...[...owns.entries()].filter(([key]) => key !== practiceKey).map(([, own]) => own.clientId),
    ]);

  return {
    /** Loads stored practices; the demo practice is restarted (same seed, same credentials) on a new port. */
    async restore(): Promise<void> {
      for (const entry of await deps.vault.load()) {
        practices.set(entry.practice.practiceKey, entry.practice);
        problems.set(entry.practice.practiceKey, entry.problem ? vaultProblemText[entry.problem] : null);
        if (!entry.problem && !active) active = entry.practice.practiceKey;
      }
      for (const { credentials, problem } of await deps.vault.own.load()) {
        const { storage: _, backend: __, ...own } = credentials;
        if (!problem && practices.get(own.practiceKey)?.through === 'hub') owns.set(own.practiceKey, own);
      }
      repin();
    },

    async list() {
      return {
        practices: [...practices.values()].map(summary),
        activePracticeKey: active,
        storage: await deps.vault.storageInfo(),
        complete: deps.vault.unreadableRecords() === 0,
      };
    },

    async connect(input: ConnectInput): Promise<ConnectResult> {
      if (deps.managed?.directConnections === false) return { ok: false, message: onlyThroughHubText };
      // Every address goes through the one rule, the regional ones too (they may come from an edited file).
      const address = resolvePartnerAddress(deps, input);
      if (!address.ok) return address;
      return connectTo(address.baseUrl, input, false);
    },

    /**
     * Through the practice hub: the enrolment code's device id and token are kept like a secret, bound to
     * the hub's address, and the practice the hub names must pass the same binding rule as a direct one.
     */
    async connectThroughHub(input: ConnectHubInput): Promise<ConnectResult> {
      const address = checkHubAddress(input.hubUrl);
      if (!address.ok) return { ok: false, message: address.message };
      const fixed = deps.managed?.hubUrl;
      if (fixed && address.address !== fixed) return { ok: false, message: fixedHubText(fixed) };
      const device = readEnrolmentCode(input.enrolmentCode);
      if (!device) return { ok: false, message: badEnrolmentCodeText };
      if (device.fingerprint) {
        if (!address.address.startsWith('https://')) return { ok: false, message: pinnedHubNeedsHttpsText };
        // Pinned before the first request, so even the validation (and the token it carries) goes only to that certificate.
        deps.hubPins?.pin(address.address, device.fingerprint);
      }
      const connected = await connectTo(
        address.address,
        {
          region: 'custom',
          clientId: device.id,
          secret: device.token,
          remember: input.remember,
          acceptWeakStorage: input.acceptWeakStorage,
        },
        false,
        'hub',
        device.fingerprint,
        input.own,
      );
      if (!connected.ok && device.fingerprint) repin(address.address);
      return connected;
    },

    /** Own credentials for a practice already read through the hub: checked, then kept for sending its changes. */
    async addOwnCredentials(input: AddOwnCredentialsInput): Promise<ConnectResult> {
      const practiceKey = input.practiceKey.toLowerCase();
      const practice = practices.get(practiceKey);
      if (!practice) return { ok: false, message: 'This practice is not on this laptop.' };
      if (practice.through !== 'hub') return { ok: false, message: ownCredentialsNeedHubText };
      const checked = await checkOwnCredentials(deps, practice, input.own);
      if (!checked.ok) return checked;
      await deps.vault.own.save(checked.credentials, checked.secret, input);
      owns.set(practiceKey, checked.credentials);
      return { ok: true, practice: summary(practice) };
    },

    /**
     * Stops sending a hub practice's changes with the laptop's own credentials: it reads only from then on.
     * Entries already in the Outbox wait (read-only) until credentials are added again or the practice moves.
     */
    async removeOwnCredentials(practiceKey: string): Promise<ConnectResult> {
      const key = practiceKey.toLowerCase();
      const practice = practices.get(key);
      if (!practice) return { ok: false, message: 'This practice is not on this laptop.' };
      if (practice.through !== 'hub') return { ok: false, message: ownCredentialsNeedHubText };
      owns.delete(key);
      const removed = await attempt(() => deps.vault.own.remove(key));
      // Their request count stays: credentials added again must not start with a full allowance.
      if (!removed) return { ok: false, message: 'Your own credentials could not be removed from the settings file.' };
      return { ok: true, practice: summary(practice) };
    },

    /** A hub practice's own credentials and their secret, when unlocked (what its changes are sent with). */
    ownOf(practiceKey: string): { credentials: CheckedOwnCredentials; secret: string } | undefined {
      const credentials = owns.get(practiceKey);
      const secret = deps.vault.own.secretOf(practiceKey);
      return credentials && secret ? { credentials, secret } : undefined;
    },

    /** The demo's practice in `region` (default: its first, Australia and New Zealand). */
    async connectDemo(region?: Region): Promise<ConnectResult> {
      demo ??= await deps.startDemo();
      const practice = region ? demo.practices.find((p) => p.region === region) : demo.practices[0];
      if (!practice)
        return {
          ok: false,
          message: region ? `The demo has no ${region} practice.` : 'The demo practice did not start.',
        };
      return connectTo(
        practice.baseUrl,
        {
          region: practice.region,
          clientId: practice.readWrite.clientId,
          secret: practice.readWrite.secret,
          remember: false,
          acceptWeakStorage: false,
        },
        true,
      );
    },

    /**
     * Forgets the practice's credentials, deletes its cached documents and, unless another practice here
     * uses the same Client ID, its request budget. Never throws: each part is reported, and the practice
     * leaves the list and stops being active whatever fails.
     */
    async signOut(practiceKey: string): Promise<SignOutResult> {
      if (active === practiceKey) {
        deps.leavingActive();
        active = null;
      }
      const known = practices.get(practiceKey);
      const bound = deps.vault.bindingOf(practiceKey);
      const removed = practices.delete(practiceKey) || bound !== null;
      if (known?.hubCertificate) repin(known.baseUrl);
      problems.delete(practiceKey);
      const own = owns.get(practiceKey) ?? deps.vault.own.recordOf(practiceKey);
      owns.delete(practiceKey);
      // Both records go whatever the other does: a failure of one must not leave the other's secret behind.
      const records = [
        await attempt(() => deps.vault.remove(practiceKey)),
        await attempt(() => deps.vault.own.remove(practiceKey)),
      ];
      const credentials = records.every(Boolean);
      const documents = await attempt(() => deps.wipeDocuments(practiceKey));
      const budget =
        forgetBudgetOf(practiceKey, known?.clientId ?? bound?.clientId) && forgetBudgetOf(practiceKey, own?.clientId);
      const wiped = { credentials, documents, budget };
      return { removed, wiped, message: signOutMessage(known?.name ?? 'this practice', wiped) };
    },

    /** A practice on this laptop (undefined for any other). */
    practiceOf: (practiceKey: string): KnownPractice | undefined => practices.get(practiceKey),

    /** The active practice's key (null when none is). */
    activeKey: (): string | null => active,

    /** Whether this practice is the active one (the only one whose data may be read or written). */
    isActive: (practiceKey: string): boolean => practiceKey === active,

    /** How this practice's secret is kept; null for a practice not on this laptop. */
    storageOf: (practiceKey: string): SecretStorage | null => practices.get(practiceKey)?.storage ?? null,

    /** The active practice's base URL, for the connectivity probe; null when none is connected. */
    activeBaseUrl: (): string | null => (active ? (practices.get(active)?.baseUrl ?? null) : null),

    /** Stops the demo practice, if it was started. */
    async closeDemo(): Promise<void> {
      await demo?.close();
    },
  };
}
