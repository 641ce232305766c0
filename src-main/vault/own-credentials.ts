import { z } from 'zod';
import type { Cipher } from '../cipher/cipher';
import type { SettingsStore } from '../settings/settings-store';
import {
  keptAs,
  openSealed,
  sealFor,
  storedSecretSchema,
  type SecretProblem,
  type SecretStorage,
} from './secret-storage';

/**
 * A practice read through the hub may also send its changes with the laptop's own Partner API credentials.
 * They are a second record beside the practice's, under the same sealing rules: the secret is encrypted
 * together with the address, Client ID and practice key it may be used for, so an edited plain field
 * releases nothing. The sealed record names its role, so the practice's own ciphertext (the hub token)
 * copied here is not taken for own credentials, nor the reverse (the primary record's sealed schema is strict).
 */
const storedOwnSchema = storedSecretSchema;
export type StoredOwnCredentials = z.infer<typeof storedOwnSchema>;
export type OwnCredentials = Omit<StoredOwnCredentials, 'cipherText'>;

const sealedOwnSchema = z.strictObject({
  role: z.literal('own-credentials'),
  secret: z.string().min(1),
  baseUrl: z.string(),
  clientId: z.string(),
  practiceKey: z.string(),
});

const KEY = 'vault.ownCredentials';
const norm = (practiceKey: string): string => practiceKey.toLowerCase();

function unseal(plain: string): z.infer<typeof sealedOwnSchema> | null {
  try {
    const parsed = sealedOwnSchema.safeParse(JSON.parse(plain));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The own credentials of practices read through the hub; the secrets only in main's memory. */
export function createOwnCredentialStore(deps: { settings: SettingsStore; cipher: Cipher }) {
  const secrets = new Map<string, string>();

  /** Records that do not parse are kept in the file as they are and release nothing. */
  function readStored(): { records: StoredOwnCredentials[]; unreadable: unknown[] } {
    const value = deps.settings.get(KEY);
    if (!Array.isArray(value)) return { records: [], unreadable: value === undefined ? [] : [value] };
    const records: StoredOwnCredentials[] = [];
    const unreadable: unknown[] = [];
    for (const item of value) {
      const parsed = storedOwnSchema.safeParse(item);
      if (parsed.success) records.push({ ...parsed.data, practiceKey: norm(parsed.data.practiceKey) });
      else unreadable.push(item);
    }
    return { records, unreadable };
  }

  function writeWithout(practiceKey: string, added?: StoredOwnCredentials): void {
    const { records, unreadable } = readStored();
    const kept = records.filter((r) => r.practiceKey !== practiceKey);
    deps.settings.set(KEY, [...unreadable, ...kept, ...(added ? [added] : [])]);
  }

  async function open(record: StoredOwnCredentials): Promise<SecretProblem> {
    const opened = await openSealed(deps.cipher, record, unseal);
    if ('problem' in opened) return opened.problem;
    const { sealed } = opened;
    if (
      norm(sealed.practiceKey) !== record.practiceKey ||
      sealed.baseUrl !== record.baseUrl ||
      sealed.clientId !== record.clientId
    )
      return 'tampered';
    secrets.set(record.practiceKey, sealed.secret);
    return null;
  }

  return {
    async save(
      record: Omit<StoredOwnCredentials, 'cipherText' | 'backend' | 'storage'>,
      secret: string,
      wanted: { remember: boolean; acceptWeakStorage: boolean },
    ): Promise<SecretStorage> {
      const storage = await keptAs(deps.cipher, wanted);
      const practiceKey = norm(record.practiceKey);
      const sealed = JSON.stringify({
        role: 'own-credentials',
        secret,
        baseUrl: record.baseUrl,
        clientId: record.clientId,
        practiceKey,
      });
      const cipherText = await sealFor(deps.cipher, storage, sealed);
      writeWithout(practiceKey, { ...record, practiceKey, storage, cipherText, backend: deps.cipher.backend() });
      secrets.set(practiceKey, secret);
      return storage;
    },

    /** Every readable record, its secret loaded when the sealed record matches; `problem` says why not. */
    async load(): Promise<{ credentials: OwnCredentials; problem: SecretProblem }[]> {
      const loaded = [];
      for (const record of readStored().records) {
        const { cipherText: _, ...credentials } = record;
        const problem = secrets.has(record.practiceKey) ? null : await open(record);
        loaded.push({ credentials, problem });
      }
      return loaded;
    },

    /** The stored record (never the secret) of this practice's own credentials, if any. */
    recordOf: (practiceKey: string): OwnCredentials | undefined => {
      const found = readStored().records.find((r) => r.practiceKey === norm(practiceKey));
      if (!found) return undefined;
      const { cipherText: _, ...credentials } = found;
      return credentials;
    },

    secretOf: (practiceKey: string): string | undefined => secrets.get(norm(practiceKey)),

    /** Forgets the secret and the record; throws if the settings file cannot be written. */
    remove(practiceKey: string): void {
      const key = norm(practiceKey);
      secrets.delete(key);
      if (readStored().records.some((r) => r.practiceKey === key)) writeWithout(key);
    },
  };
}
