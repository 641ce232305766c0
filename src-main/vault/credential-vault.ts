import { z } from 'zod';
import { syncSourceSchema } from '../../src-preload/contract/sync';
import type { Cipher } from '../cipher/cipher';
import type { SettingsStore } from '../settings/settings-store';
import { salvage, type DamagedRecord } from './damaged-records';
import { createOwnCredentialStore } from './own-credentials';
import {
  keptAs,
  openSealed,
  sealFor,
  storedSecretSchema,
  type SecretProblem,
  type SecretStorage,
} from './secret-storage';

export type { SecretStorage } from './secret-storage';

const storedPracticeSchema = storedSecretSchema.extend({
  name: z.string().max(200),
  isDemo: z.boolean(),
  /** Read through the practice hub (baseUrl is the hub, clientId the device id, the secret its token); absent: directly. */
  through: z.enum(['partner-api', 'hub']).optional(),
  /** A self-signed hub's certificate fingerprint (64 hex), pinned for every request to it; sealed with the secret too. */
  hubCertificate: z
    .string()
    .regex(/^[0-9A-F]{64}$/)
    .optional(),
  /**
   * The source the sync cursors stored before the practice's first move between direct and the hub are about
   * (they carry none): practice-session/connection-moves.ts. Absent: never moved.
   */
  unstampedCursorsFrom: syncSourceSchema.optional(),
});
export type StoredPractice = z.infer<typeof storedPracticeSchema>;

/**
 * What the ciphertext holds: the secret together with where it may be sent. The plain fields of the
 * settings file can be edited by anything that can write the file; these cannot be changed without the
 * cipher's key, so a secret is only ever released for the address and Client ID it was saved with.
 * This is only as strong as the cipher: with weak storage the user opted into (Linux basic_text, a
 * key known to any program) whoever can write the file can also forge a sealed record.
 */
const sealedSchema = z.strictObject({
  secret: z.string().min(1),
  baseUrl: z.string(),
  clientId: z.string(),
  practiceKey: z.string(),
  /** The pinned hub certificate: an edited plain record cannot swap it for another while the token is released. */
  hubCertificate: z.string().optional(),
});

/** Where a practice's secret may be sent: the server and Client ID it was connected with. */
export interface Binding {
  baseUrl: string;
  clientId: string;
  isDemo: boolean;
}

export interface VaultEntry {
  practice: Omit<StoredPractice, 'cipherText'>;
  /** Why the secret is not available, in words for the user; null when it is. */
  problem: SecretProblem;
}

const KEY = 'vault.practices';

/** Null for anything but a sealed record, such as a bare secret from an older build (which says nothing about where it may go). */
function unseal(plain: string): z.infer<typeof sealedSchema> | null {
  try {
    const parsed = sealedSchema.safeParse(JSON.parse(plain));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Practice credentials. The plain secret exists only in main's memory; at rest it is encrypted by the
 * injected cipher (safeStorage in the app), sealed together with its base URL, Client ID and practice
 * key. Where the cipher is not secure (Linux basic_text) the default is "this session only"; storing
 * anyway needs the user's explicit opt-in, and is recorded.
 */
const norm = (practiceKey: string): string => practiceKey.toLowerCase();

export function createCredentialVault(deps: { settings: SettingsStore; cipher: Cipher }) {
  const secrets = new Map<string, string>();
  /** Bindings proven this run: by a connect, or by a ciphertext that decrypted (even when the plain fields were edited). */
  const proven = new Map<string, Binding>();
  /** What the ciphertext of a damaged record says (key, address, Client ID), by the record's stored text; read by load(). */
  const sealedOfDamaged = new Map<string, { practiceKey: string; baseUrl: string; clientId: string }>();

  /**
   * Records are read one by one: a record that does not parse (an edited or damaged file) is kept as it
   * is and never takes the others with it. Keys are compared in lower case everywhere (the document cache
   * does too), so a server answering with another case is the same practice.
   */
  function readStored(): { records: StoredPractice[]; damaged: DamagedRecord[] } {
    const value = deps.settings.get(KEY);
    if (value === undefined) return { records: [], damaged: [] };
    if (!Array.isArray(value)) return { records: [], damaged: [salvage(value)] };
    const records: StoredPractice[] = [];
    const damaged: DamagedRecord[] = [];
    for (const item of value) {
      const parsed = storedPracticeSchema.safeParse(item);
      if (parsed.success) records.push({ ...parsed.data, practiceKey: norm(parsed.data.practiceKey) });
      else damaged.push(salvage(item));
    }
    return { records, damaged };
  }
  const readAll = (): StoredPractice[] => readStored().records;

  /**
   * The practice a damaged record names and where it is bound: the sealed record's word when its
   * ciphertext could be read, else the plain fields that still parse. An address or Client ID that
   * cannot be read binds to nothing any server can match, so the practice stays claimed (fail closed).
   * Null when not even the practice key can be read.
   */
  function identify(record: DamagedRecord): { practiceKey: string; binding: Binding } | null {
    const sealed = sealedOfDamaged.get(JSON.stringify(record.raw));
    const practiceKey = sealed ? norm(sealed.practiceKey) : record.practiceKey;
    if (!practiceKey) return null;
    const where = sealed ?? { baseUrl: record.baseUrl ?? '', clientId: record.clientId ?? '' };
    return { practiceKey, binding: { baseUrl: where.baseUrl, clientId: where.clientId, isDemo: false } };
  }

  /** Writes the readable records; damaged ones are kept as they are, except the one a save or removal of `replacing` settles. */
  const writeAll = (records: StoredPractice[], replacing?: string) => {
    const kept = readStored().damaged.filter(
      (d) => typeof d.raw === 'object' && d.raw !== null && (!replacing || identify(d)?.practiceKey !== replacing),
    );
    deps.settings.set(KEY, [...kept.map((d) => d.raw), ...records]);
  };

  function bindings(): { practiceKey: string; binding: Binding }[] {
    const { records, damaged } = readStored();
    const readable = records.map((p) => ({
      practiceKey: p.practiceKey,
      binding: proven.get(p.practiceKey) ?? { baseUrl: p.baseUrl, clientId: p.clientId, isDemo: p.isDemo },
    }));
    // A damaged record keeps its practice bound until it is repaired or removed; first, so it wins.
    const locked = damaged.flatMap((d) => identify(d) ?? []);
    return [...locked, ...readable];
  }

  /** Reads a damaged record's ciphertext for where it is bound; the secret stays locked all the same. */
  async function readSealedOfDamaged(record: DamagedRecord): Promise<void> {
    if (record.cipherText === null || record.backend !== deps.cipher.backend()) return;
    try {
      const sealed = unseal(await deps.cipher.decrypt(Buffer.from(record.cipherText, 'base64')));
      if (sealed) sealedOfDamaged.set(JSON.stringify(record.raw), sealed);
    } catch {
      // Unreadable: the plain fields are all there is.
    }
  }

  /** A damaged record as the list shows it: locked, with what can be read, and never writable. */
  function damagedEntry(record: DamagedRecord, practiceKey: string, binding: Binding): VaultEntry {
    return {
      practice: {
        practiceKey,
        name: record.name ?? 'Practice (saved record damaged)',
        region: record.region ?? 'ANZ',
        baseUrl: binding.baseUrl,
        clientId: binding.clientId,
        canWrite: false,
        storage: record.storage ?? 'session-only',
        backend: record.backend ?? '',
        isDemo: false,
      },
      problem: 'damaged',
    };
  }

  async function open(record: StoredPractice): Promise<VaultEntry['problem']> {
    const opened = await openSealed(deps.cipher, record, unseal);
    if ('problem' in opened) return opened.problem;
    const { sealed } = opened;
    if (norm(sealed.practiceKey) !== record.practiceKey) return 'tampered';
    proven.set(record.practiceKey, { baseUrl: sealed.baseUrl, clientId: sealed.clientId, isDemo: record.isDemo });
    if (sealed.baseUrl !== record.baseUrl || sealed.clientId !== record.clientId) return 'tampered';
    if (sealed.hubCertificate !== record.hubCertificate) return 'tampered';
    secrets.set(record.practiceKey, sealed.secret);
    return null;
  }

  return {
    /** A hub practice's own Partner API credentials for sending changes: a second sealed record (own-credentials.ts). */
    own: createOwnCredentialStore(deps),

    /** Whether "remember on this laptop" would really be protected, and by what. */
    async storageInfo(): Promise<{ secure: boolean; backend: string }> {
      return { secure: await deps.cipher.isSecure(), backend: deps.cipher.backend() };
    },

    async save(
      practice: Omit<StoredPractice, 'cipherText' | 'backend' | 'storage'>,
      secret: string,
      wanted: { remember: boolean; acceptWeakStorage: boolean },
    ): Promise<SecretStorage> {
      const storage = await keptAs(deps.cipher, wanted);
      practice = { ...practice, practiceKey: norm(practice.practiceKey) };
      const sealed = JSON.stringify({
        secret,
        baseUrl: practice.baseUrl,
        clientId: practice.clientId,
        practiceKey: practice.practiceKey,
        ...(practice.hubCertificate ? { hubCertificate: practice.hubCertificate } : {}),
      });
      const cipherText = await sealFor(deps.cipher, storage, sealed);
      // A save repairs a damaged record of this practice: it is replaced, not kept beside the new one.
      writeAll(
        [
          ...readAll().filter((p) => p.practiceKey !== practice.practiceKey),
          { ...practice, storage, cipherText, backend: deps.cipher.backend() },
        ],
        practice.practiceKey,
      );
      secrets.set(practice.practiceKey, secret);
      proven.set(practice.practiceKey, {
        baseUrl: practice.baseUrl,
        clientId: practice.clientId,
        isDemo: practice.isDemo,
      });
      return storage;
    },

    /**
     * Every stored practice, with its secret loaded into memory when its sealed record matches the plain one.
     * A damaged record is listed as its practice, locked ('damaged'): nothing is sent for it until the user
     * repairs it (connects again to the same address with the same Client ID) or removes it.
     */
    async load(): Promise<VaultEntry[]> {
      const entries: VaultEntry[] = [];
      const { records, damaged } = readStored();
      for (const record of damaged) {
        await readSealedOfDamaged(record);
        const identity = identify(record);
        if (!identity || entries.some((e) => e.practice.practiceKey === identity.practiceKey)) continue;
        secrets.delete(identity.practiceKey);
        entries.push(damagedEntry(record, identity.practiceKey, identity.binding));
      }
      for (const record of records) {
        if (entries.some((e) => e.practice.practiceKey === record.practiceKey)) continue;
        const { cipherText: _, ...practice } = record;
        entries.push({ practice, problem: secrets.has(record.practiceKey) ? null : await open(record) });
      }
      return entries;
    },

    /**
     * Where this practice is bound, if it is on this laptop: the proven binding when there is one, else
     * the plain fields (a session-only or unreadable record, which holds no secret to release).
     */
    bindingOf(practiceKey: string): Binding | null {
      return bindings().find((b) => b.practiceKey === norm(practiceKey))?.binding ?? null;
    },

    /**
     * How many stored records name no practice that can be read (kept in the file untouched); while any
     * exist, nothing counts as forgotten and no practice new to this laptop is connected (it may be theirs).
     */
    unreadableRecords: (): number => readStored().damaged.filter((d) => identify(d) === null).length,

    /** Every practice on this laptop with its binding (see bindingOf). */
    bindings,

    secretOf: (practiceKey: string): string | undefined => secrets.get(norm(practiceKey)),

    /** Forgets the secret and the record; throws if the settings file cannot be written. */
    remove(practiceKey: string): void {
      const key = norm(practiceKey);
      secrets.delete(key);
      proven.delete(key);
      writeAll(
        readAll().filter((p) => p.practiceKey !== key),
        key,
      );
    },
  };
}
export type CredentialVault = ReturnType<typeof createCredentialVault>;

export const vaultProblemText: Record<NonNullable<VaultEntry['problem']>, string> = {
  'session-ended': 'The secret was kept for the last session only. Enter it again to reconnect.',
  'backend-changed':
    "This laptop's password store changed since the secret was saved, so it cannot be read. Enter the secret again.",
  unreadable: 'The saved secret could not be decrypted. Enter it again to reconnect.',
  unsealed:
    'This secret was saved by an older version of the app that did not record where it may be sent, so it is locked. Enter it again to reconnect.',
  tampered:
    'The saved address or Client ID of this practice was changed outside the app, so its secret is locked. Enter the secret again to reconnect.',
  damaged:
    'The saved record of this practice is damaged, so it is locked and nothing is sent for it. To repair it, connect again with its secret at the same address and Client ID; or sign out of it.',
};
