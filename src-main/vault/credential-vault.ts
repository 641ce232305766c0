import { z } from 'zod';
import { regionSchema } from '../../src-preload/contract/partner-api';
import type { Cipher } from '../cipher/cipher';
import type { SettingsStore } from '../settings/settings-store';

/** How the secret is kept: encrypted by the OS keychain, encrypted with weak storage the user accepted, or in memory only. */
export type SecretStorage = 'keychain' | 'weak-opt-in' | 'session-only';

const storedPracticeSchema = z.object({
  practiceKey: z.string().uuid(),
  name: z.string().max(200),
  region: regionSchema,
  baseUrl: z.string().url().max(2000),
  clientId: z.string().max(200),
  canWrite: z.boolean(),
  storage: z.enum(['keychain', 'weak-opt-in', 'session-only']),
  /** Base64 ciphertext; null when the secret lives only in this session's memory. */
  cipherText: z.string().max(10_000).nullable(),
  /** The cipher backend at the time of storing, to detect a changed keyring. */
  backend: z.string().max(100),
  isDemo: z.boolean(),
});
export type StoredPractice = z.infer<typeof storedPracticeSchema>;

export interface VaultEntry {
  practice: Omit<StoredPractice, 'cipherText'>;
  /** Why the secret is not available, in words for the user; null when it is. */
  problem: null | 'session-ended' | 'backend-changed' | 'unreadable';
}

const KEY = 'vault.practices';

/**
 * Practice credentials. The plain secret exists only in main's memory; at rest it is encrypted by the
 * injected cipher (safeStorage in the app). Where the cipher is not secure (Linux basic_text) the
 * default is "this session only"; storing anyway needs the user's explicit opt-in, and is recorded.
 */
export function createCredentialVault(deps: { settings: SettingsStore; cipher: Cipher }) {
  const secrets = new Map<string, string>();

  function readAll(): StoredPractice[] {
    const parsed = z.array(storedPracticeSchema).safeParse(deps.settings.get(KEY));
    return parsed.success ? parsed.data : [];
  }
  const writeAll = (records: StoredPractice[]) => deps.settings.set(KEY, records);

  return {
    /** Whether "remember on this laptop" would really be protected, and by what. */
    async storageInfo(): Promise<{ secure: boolean; backend: string }> {
      return { secure: await deps.cipher.isSecure(), backend: deps.cipher.backend() };
    },

    async save(practice: Omit<StoredPractice, 'cipherText' | 'backend' | 'storage'>, secret: string, wanted: { remember: boolean; acceptWeakStorage: boolean }): Promise<SecretStorage> {
      const secure = await deps.cipher.isSecure();
      const storage: SecretStorage = !wanted.remember ? 'session-only' : secure ? 'keychain' : wanted.acceptWeakStorage ? 'weak-opt-in' : 'session-only';
      const cipherText = storage === 'session-only' ? null : Buffer.from(await deps.cipher.encrypt(secret)).toString('base64');
      secrets.set(practice.practiceKey, secret);
      writeAll([...readAll().filter((p) => p.practiceKey !== practice.practiceKey), { ...practice, storage, cipherText, backend: deps.cipher.backend() }]);
      return storage;
    },

    /** Every stored practice, with its secret loaded into memory when possible. */
    async load(): Promise<VaultEntry[]> {
      const entries: VaultEntry[] = [];
      for (const record of readAll()) {
        const { cipherText, ...practice } = record;
        let problem: VaultEntry['problem'] = null;
        if (!secrets.has(record.practiceKey)) {
          if (cipherText === null) problem = 'session-ended';
          else if (record.backend !== deps.cipher.backend()) problem = 'backend-changed';
          else {
            try {
              secrets.set(record.practiceKey, await deps.cipher.decrypt(Buffer.from(cipherText, 'base64')));
            } catch {
              problem = 'unreadable';
            }
          }
        }
        entries.push({ practice, problem });
      }
      return entries;
    },

    secretOf: (practiceKey: string): string | undefined => secrets.get(practiceKey),

    remove(practiceKey: string): void {
      secrets.delete(practiceKey);
      writeAll(readAll().filter((p) => p.practiceKey !== practiceKey));
    },
  };
}
export type CredentialVault = ReturnType<typeof createCredentialVault>;

export const vaultProblemText: Record<NonNullable<VaultEntry['problem']>, string> = {
  'session-ended': 'The secret was kept for the last session only. Enter it again to reconnect.',
  'backend-changed': "This laptop's password store changed since the secret was saved, so it cannot be read. Enter the secret again.",
  unreadable: 'The saved secret could not be decrypted. Enter it again to reconnect.',
};
