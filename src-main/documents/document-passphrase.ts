import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { DocumentPassphraseState } from '../../src-preload/contract/documents';
import type { SettingsStore } from '../settings/settings-store';
import { KEY_BYTES, seal, unseal } from './document-crypto';

/**
 * Scrypt's cost: N = 2^15, r = 8, p = 1 (about 32 MB and a tenth of a second), stored with the salt so
 * a later version can raise it without losing what was sealed under the old one.
 */
export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}
export const DEFAULT_SCRYPT_PARAMS: ScryptParams = { N: 2 ** 15, r: 8, p: 1 };

const SETTINGS_KEY = 'documents.passphrase';
const CHECK_AAD = 'documents-passphrase-check';
const CHECK_TEXT = Buffer.from('practice-companion-documents', 'utf8');
export const MIN_PASSPHRASE_LENGTH = 10;

/** What is stored: never the passphrase or the key, only what derives and checks it. */
const storedSchema = z.strictObject({
  kdf: z.literal('scrypt'),
  salt: z.string().max(100),
  N: z
    .number()
    .int()
    .min(2 ** 10)
    .max(2 ** 20),
  r: z.number().int().min(1).max(32),
  p: z.number().int().min(1).max(16),
  /** A known text sealed with the derived key: a wrong passphrase fails its authentication tag. */
  check: z.string().max(1_000),
});

export function deriveKey(passphrase: string, salt: Uint8Array, params: ScryptParams): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(
      passphrase.normalize('NFC'),
      salt,
      KEY_BYTES,
      { ...params, maxmem: 256 * params.N * params.r + 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );
}

/**
 * The documents passphrase, for a laptop whose password store is not secure (Linux without a keyring):
 * the user sets it, the key derived from it (scrypt, salted) wraps each practice's document key, and it
 * is asked for once per session. Only the derived key is held, in main's memory; the passphrase itself
 * is never stored. A wrong passphrase is told apart from the right one by the sealed check text.
 */
export function createDocumentPassphrase(deps: { settings: SettingsStore; params?: ScryptParams }) {
  let derived: Buffer | null = null;

  function stored(): z.infer<typeof storedSchema> | null {
    const parsed = storedSchema.safeParse(deps.settings.get(SETTINGS_KEY));
    return parsed.success ? parsed.data : null;
  }

  const aadOf = (practiceKey: string): string => `document-key:${practiceKey.toLowerCase()}`;

  /** Derives a key for `passphrase` with a new salt, stores what checks it, and holds it for this session. */
  async function store(passphrase: string): Promise<{ ok: true } | { ok: false; message: string }> {
    if (passphrase.length < MIN_PASSPHRASE_LENGTH)
      return { ok: false, message: `Choose a passphrase of at least ${MIN_PASSPHRASE_LENGTH} characters.` };
    const params = deps.params ?? DEFAULT_SCRYPT_PARAMS;
    const salt = randomBytes(16);
    const key = await deriveKey(passphrase, salt, params);
    deps.settings.set(SETTINGS_KEY, {
      kdf: 'scrypt',
      salt: salt.toString('base64'),
      ...params,
      check: seal(key, CHECK_AAD, CHECK_TEXT).toString('base64'),
    });
    derived?.fill(0);
    derived = key;
    return { ok: true };
  }

  return {
    state(): DocumentPassphraseState {
      if (!stored()) return 'not-set';
      return derived ? 'unlocked' : 'locked';
    },

    /** Sets the passphrase (only when none is set) and unlocks this session with it. */
    async set(passphrase: string): Promise<{ ok: true } | { ok: false; message: string }> {
      if (stored()) return { ok: false, message: 'A documents passphrase is already set. Enter it to unlock.' };
      return store(passphrase);
    },

    /**
     * Replaces the passphrase of an unlocked session (document-keys.ts re-seals each practice's key under
     * the new one: it opens them with the old key before this call and seals them after).
     */
    async replace(passphrase: string): Promise<{ ok: true } | { ok: false; message: string }> {
      if (!stored() || !derived) return { ok: false, message: 'Enter the current documents passphrase first.' };
      return store(passphrase);
    },

    /** The passphrase is forgotten: nothing derives a key any more (what it sealed cannot be opened). */
    forget(): void {
      derived?.fill(0);
      derived = null;
      deps.settings.delete(SETTINGS_KEY);
    },

    /** Unlocks this session; false for a wrong passphrase (or none set). */
    async unlock(passphrase: string): Promise<boolean> {
      const record = stored();
      if (!record) return false;
      const key = await deriveKey(passphrase, Buffer.from(record.salt, 'base64'), record);
      const opened = unseal(key, CHECK_AAD, Buffer.from(record.check, 'base64'));
      if (!opened || opened.length !== CHECK_TEXT.length || !timingSafeEqual(opened, CHECK_TEXT)) {
        key.fill(0);
        return false;
      }
      derived = key;
      return true;
    },

    /** A practice's document key sealed under the derived key (bound to the practice), or null while locked. */
    wrap(practiceKey: string, documentKey: Uint8Array): string | null {
      return derived ? seal(derived, aadOf(practiceKey), documentKey).toString('base64') : null;
    },

    /** The practice's document key; null while locked or when the wrapped key does not open under it. */
    unwrap(practiceKey: string, wrapped: string): Buffer | null {
      return derived ? unseal(derived, aadOf(practiceKey), Buffer.from(wrapped, 'base64')) : null;
    },

    /** At quit: the derived key leaves memory. */
    lock(): void {
      derived?.fill(0);
      derived = null;
    },
  };
}
export type DocumentPassphrase = ReturnType<typeof createDocumentPassphrase>;
