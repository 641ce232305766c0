import { z } from 'zod';
import { regionSchema } from '../../src-preload/contract/partner-api';
import type { Cipher } from '../cipher/cipher';

/** How a secret is kept: encrypted by the OS keychain, encrypted with weak storage the user accepted, or in memory only. */
export const secretStorageSchema = z.enum(['keychain', 'weak-opt-in', 'session-only']);
export type SecretStorage = z.infer<typeof secretStorageSchema>;

/**
 * The plain fields every stored secret has in the settings file (a practice's, and its own credentials'):
 * where it may be sent, how it is kept, and its ciphertext. Each record adds its own fields to these.
 */
export const storedSecretSchema = z.object({
  practiceKey: z.string().uuid(),
  region: regionSchema,
  baseUrl: z.string().url().max(2000),
  clientId: z.string().max(200),
  canWrite: z.boolean(),
  storage: secretStorageSchema,
  /** Base64 ciphertext of a sealed record; null when the secret lives only in this session's memory. */
  cipherText: z.string().max(10_000).nullable(),
  /** The cipher backend at the time of storing, to detect a changed keyring. */
  backend: z.string().max(100),
});

/** Why a stored secret is not available, as a code the vault words for the user; null when it is. */
export type SecretProblem =
  null | 'session-ended' | 'backend-changed' | 'unreadable' | 'tampered' | 'unsealed' | 'damaged';

/**
 * Where a secret is kept: in this session's memory unless the user asked to remember it; with the OS keychain
 * when the cipher is secure; with weak storage only when the user accepted it, otherwise in memory again.
 */
export async function keptAs(
  cipher: Pick<Cipher, 'isSecure'>,
  wanted: { remember: boolean; acceptWeakStorage: boolean },
): Promise<SecretStorage> {
  if (!wanted.remember) return 'session-only';
  if (await cipher.isSecure()) return 'keychain';
  return wanted.acceptWeakStorage ? 'weak-opt-in' : 'session-only';
}

/** The sealed record's ciphertext (base64) for the way it is kept; null when it lives only in memory. */
export async function sealFor(
  cipher: Pick<Cipher, 'encrypt'>,
  storage: SecretStorage,
  sealed: string,
): Promise<string | null> {
  return storage === 'session-only' ? null : Buffer.from(await cipher.encrypt(sealed)).toString('base64');
}

/**
 * A stored record's sealed part, decrypted and parsed (`unseal`), or why it cannot be: kept in memory only and
 * gone with the session, sealed by another keyring, undecryptable, or not a sealed record at all. Whether it
 * matches the plain fields beside it is the caller's check (`tampered`).
 */
export async function openSealed<S>(
  cipher: Pick<Cipher, 'backend' | 'decrypt'>,
  record: { cipherText: string | null; backend: string },
  unseal: (plain: string) => S | null,
): Promise<{ sealed: S } | { problem: 'session-ended' | 'backend-changed' | 'unreadable' | 'unsealed' }> {
  if (record.cipherText === null) return { problem: 'session-ended' };
  if (record.backend !== cipher.backend()) return { problem: 'backend-changed' };
  let plain: string;
  try {
    plain = await cipher.decrypt(Buffer.from(record.cipherText, 'base64'));
  } catch {
    return { problem: 'unreadable' };
  }
  const sealed = unseal(plain);
  return sealed ? { sealed } : { problem: 'unsealed' };
}
